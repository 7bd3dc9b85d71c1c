import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { findSurveyForTaking, type SurveyForTaking } from '../responses/responses.repository';
import { openToRespondents, scheduleAt } from '../surveys/survey-policy';
import { reachQuestion } from './visit-progress';
import { insertVisit, recordVisitStep } from './visits.repository';

export type VisitsDeps = Pick<AppContext, 'db' | 'clock'>;

/**
 * The public page's funnel: a visit for each opening of the page, and its progress question by question. Only a
 * survey that takes responses now (active, opened, not yet closed) takes visits; any other answers 404 as its
 * public page would. No answer is ever stored here: only which questions a visit reached.
 */
export function createVisitsService(deps: VisitsDeps) {
  const { db, clock } = deps;

  async function openSurvey(surveyId: string): Promise<SurveyForTaking> {
    const survey = await findSurveyForTaking(db.kysely, surveyId);
    const open =
      survey && openToRespondents(survey.state) && scheduleAt(survey.settings, clock.now().toISOString()) === 'open';
    if (!open) throw new NotFoundError('SURVEY_NOT_FOUND');
    return survey;
  }

  return {
    /** POST /api/surveys/:surveyId/visits: a view of the public page. */
    async createVisit(surveyId: string): Promise<{ visitId: string }> {
      const survey = await openSurvey(surveyId);
      const visitId = newId();
      await insertVisit(db, { id: visitId, surveyId: survey.id, createdAt: clock.now().toISOString() });
      return { visitId };
    },

    /**
     * POST /api/surveys/:surveyId/visits/:visitId/progress: the visit reached `questionId` (see reachQuestion).
     * 400 UNKNOWN_QUESTION for a question the survey does not have now, 404 VISIT_NOT_FOUND for a visit this
     * survey did not give; a visit that already ended in a response is left as it is.
     */
    async recordProgress(surveyId: string, visitId: string, questionId: string): Promise<void> {
      const survey = await openSurvey(surveyId);
      if (!survey.questions.some((q) => q.id === questionId)) {
        throw new BadRequestError('UNKNOWN_QUESTION', { questionId });
      }
      const found = await recordVisitStep(db, visitId, (visit) => {
        if (!visit || visit.surveyId !== survey.id) return { result: false };
        if (visit.completedAt !== null) return { result: true };
        return { result: true, record: reachQuestion(visit.path, questionId) };
      });
      if (!found) throw new NotFoundError('VISIT_NOT_FOUND');
    },
  };
}
