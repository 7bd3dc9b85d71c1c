import {
  VISIT_ID_PATTERN,
  VISIT_PROGRESS_HOURS,
  type CreateVisitResponse,
  type VisitProgressBody,
} from '@quorum/contract';
import { api, ApiError } from '@/lib/api-client';

// The public page's funnel: a view when the page opens, then each question as it is shown. Fire and forget: a
// failed or slow call never holds the respondent up nor shows them anything; the survey works the same without.
// A reload is not a new view: the saved progress keeps the visit, and the page opened again continues it.

/** A visit as the saved progress keeps it, so that a reload continues it. */
export interface KeptVisit {
  id: string;
  /** When this browser got it (ISO): a visit takes progress for VISIT_PROGRESS_HOURS after it was opened. */
  openedAt: string;
}

interface Visit {
  /** The visit's id once POST …/visits answered (or the kept one); null before, or for good when it failed. */
  id: string | null;
  /** Question ids already reported, each sent once per page. */
  reported: Set<string>;
  /** The calls in order: progress waits for the visit, and each progress for the one before. */
  queue: Promise<unknown>;
  /** Told of each visit this page opens, for the saved progress to keep. */
  onOpened: (visit: KeptVisit) => void;
}

/** This page load's visits, by survey. */
const visits = new Map<string, Visit>();

const visitsUrl = (surveyId: string) => `/api/surveys/${encodeURIComponent(surveyId)}/visits`;

/** The server's answers to progress that say the visit takes none any more: it is over, or it is not known. */
const VISIT_OVER: ReadonlySet<string | undefined> = new Set(['VISIT_EXPIRED', 'VISIT_NOT_FOUND']);

/** A kept visit that can still take progress now, as far as this browser can tell (the server decides). */
function canContinue(kept: KeptVisit, now: number = Date.now()): boolean {
  const openedAt = Date.parse(kept.openedAt);
  return VISIT_ID_PATTERN.test(kept.id) && now - openedAt < VISIT_PROGRESS_HOURS * 3_600_000;
}

/** POST /api/surveys/:surveyId/visits: a view. The visit's id is used from then on, and kept. */
function createVisit(surveyId: string, visit: Visit): Promise<void> {
  return api<CreateVisitResponse>(visitsUrl(surveyId), { method: 'POST' }).then(
    (answer) => {
      visit.id = answer.visitId;
      visit.onOpened({ id: answer.visitId, openedAt: new Date().toISOString() });
    },
    () => undefined,
  );
}

/**
 * Once per page load: continues `kept` (the visit saved with the progress, when it can still take progress) without
 * a call, so a reload counts no new view; otherwise opens a new visit (a view) and tells `onOpened`.
 */
export function openVisit(surveyId: string, kept: KeptVisit | undefined, onOpened: (visit: KeptVisit) => void): void {
  if (visits.has(surveyId)) return;
  const visit: Visit = { id: null, reported: new Set(), queue: Promise.resolve(), onOpened };
  if (kept && canContinue(kept)) visit.id = kept.id;
  else visit.queue = createVisit(surveyId, visit);
  visits.set(surveyId, visit);
}

const postProgress = (surveyId: string, visitId: string, questionId: string) =>
  api(`${visitsUrl(surveyId)}/${encodeURIComponent(visitId)}/progress`, {
    method: 'POST',
    body: { questionId } satisfies VisitProgressBody,
  });

/**
 * Reports one question on the visit. When the server says the visit is over (opened a day ago or more) or unknown
 * (the survey's visits were removed), a new visit is opened (a view) and the question is reported on it; the server
 * takes it only where a new visit can be (the first question, or on from one it reached), so a page resumed
 * mid-survey on a new visit counts a view, and a completion when it submits, but no progress before that.
 */
async function sendProgress(surveyId: string, visit: Visit, questionId: string): Promise<void> {
  if (visit.id === null) return;
  try {
    await postProgress(surveyId, visit.id, questionId);
  } catch (error) {
    if (!(error instanceof ApiError) || !VISIT_OVER.has(error.code)) return;
    visit.id = null;
    await createVisit(surveyId, visit);
    if (visit.id !== null) await postProgress(surveyId, visit.id, questionId).catch(() => undefined);
  }
}

/** POST …/visits/:visitId/progress once per question shown, after the visit and in the order shown. */
export function reportQuestion(surveyId: string, questionId: string): void {
  const visit = visits.get(surveyId);
  if (!visit || visit.reported.has(questionId)) return;
  visit.reported.add(questionId);
  visit.queue = visit.queue.then(() => sendProgress(surveyId, visit, questionId));
}

/** The visit id to send with the response, when the visit was recorded by now. */
export function visitIdFor(surveyId: string): string | undefined {
  return visits.get(surveyId)?.id ?? undefined;
}
