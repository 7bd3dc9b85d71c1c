import type { CreateVisitResponse, VisitProgressBody } from '@quorum/contract';
import { api } from '@/lib/api-client';

// The public page's funnel: a view when the page opens, then each question as it is shown. Fire and forget: a
// failed or slow call never holds the respondent up nor shows them anything; the survey works the same without.

interface Visit {
  /** The visit's id once POST …/visits answered; null before, or for good when it failed. */
  id: string | null;
  /** Question ids already reported, each sent once per page. */
  reported: Set<string>;
  /** The calls in order: progress waits for the visit, and each progress for the one before. */
  queue: Promise<unknown>;
}

/** This page load's visits, by survey (a reload is a new view). */
const visits = new Map<string, Visit>();

const visitsUrl = (surveyId: string) => `/api/surveys/${encodeURIComponent(surveyId)}/visits`;

/** POST /api/surveys/:surveyId/visits, once per page load: the page was opened. */
export function openVisit(surveyId: string): void {
  if (visits.has(surveyId)) return;
  const visit: Visit = { id: null, reported: new Set(), queue: Promise.resolve() };
  visit.queue = api<CreateVisitResponse>(visitsUrl(surveyId), { method: 'POST' }).then(
    (answer) => {
      visit.id = answer.visitId;
    },
    () => undefined,
  );
  visits.set(surveyId, visit);
}

/** POST …/visits/:visitId/progress once per question shown, after the visit and in the order shown. */
export function reportQuestion(surveyId: string, questionId: string): void {
  const visit = visits.get(surveyId);
  if (!visit || visit.reported.has(questionId)) return;
  visit.reported.add(questionId);
  visit.queue = visit.queue.then(() =>
    visit.id === null
      ? undefined
      : api(`${visitsUrl(surveyId)}/${encodeURIComponent(visit.id)}/progress`, {
          method: 'POST',
          body: { questionId } satisfies VisitProgressBody,
        }).catch(() => undefined),
  );
}

/** The visit id to send with the response, when the visit was recorded by now. */
export function visitIdFor(surveyId: string): string | undefined {
  return visits.get(surveyId)?.id ?? undefined;
}
