import type { ResponseLinks, ResponseProjection } from '../../lib/response-projection';
import { completeVisit } from './visit-progress';
import {
  addStep,
  addToDropOff,
  addToFunnel,
  deleteEndedVisit,
  deleteVisitsInWorkspaces,
  endVisits,
  lockVisits,
} from './visits.repository';

/**
 * The funnel: visits of the public page, the questions they reached and passed, and how many started and completed.
 * A new response ends the visit it names: each visit of this survey that has not ended yet ends in the first
 * response that names it (see completeVisit); any other visit id is left out, and its response is kept without funnel
 * data. Its `prepare` answers, for the responses that ended a visit, the visit's id and the time from opening the page
 * to the response, stored on the response's row (and counted by the tallies' completion times).
 */
export const funnelProjection: ResponseProjection = {
  async prepare(trx, dialect, surveyId, responses) {
    const ended = new Map<string, { visitId: string; durationMs: number }>();
    const asked = responses.flatMap((response) => (response.visitId ? [response.visitId] : []));
    if (asked.length === 0) return ended;
    const visits = await lockVisits(trx, dialect, asked);
    const dropOff = new Map<string, { reached: number; answered: number }>();
    let starts = 0;
    const endings: Parameters<typeof endVisits>[1][number][] = [];
    for (const response of responses) {
      const visit = response.visitId ? visits.get(response.visitId) : undefined;
      if (!visit || visit.surveyId !== surveyId || visit.completedAt !== null) continue;
      // Taken: a second response naming the same visit in this batch is kept without funnel data.
      visit.completedAt = response.submittedAt;
      const step = completeVisit(visit.path);
      addStep(dropOff, step);
      if (step.started) starts += 1;
      const durationMs = Math.max(0, Date.parse(response.submittedAt) - Date.parse(visit.createdAt));
      ended.set(response.id, { visitId: visit.id, durationMs });
      endings.push({ visitId: visit.id, passed: step.path.passed, at: response.submittedAt, responseId: response.id });
    }
    await endVisits(trx, endings);
    await addToDropOff(trx, surveyId, dropOff);
    await addToFunnel(trx, surveyId, { starts, completions: ended.size });
    return ended satisfies ResponseLinks;
  },

  stored: () => ({ rows: 0, withClauses: (statement) => statement, write: async () => {} }),

  /** A deleted response that ended a visit takes that visit with it, and one completion off the funnel. */
  async deleted(trx, survey, response) {
    if (response.visitId === null || response.durationMs === null) return;
    await deleteEndedVisit(trx, survey.id, response.visitId);
    await addToFunnel(trx, survey.id, { completions: -1 });
  },

  questionsDropped: async () => {},
  surveysPurged: deleteVisitsInWorkspaces,
};
