import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { SurveyEvents } from '../../events/survey-events';
import { startPeriodicCleanup } from '../../lib/periodic';
import { closeDueSurveys } from './surveys.repository';

/** How often each instance closes the surveys whose closing time has passed. */
export const SURVEY_CLOSE_INTERVAL_MS = 30_000;

type CloserDeps = Pick<AppContext, 'db' | 'clock' | 'outbox' | 'events'>;

/**
 * Stores every active survey whose closesAt has passed as closed. Nothing waits for this: from closesAt on every
 * read (lists, the survey, the active count, the launch check, the public page, submissions) treats the survey as
 * closed already (the contract's `effectiveState`); the close only makes the table say so. Each
 * survey it closes is a `survey.closed` event (its webhooks, and the owner's mail), written in the same transaction:
 * of several instances closing at once, only the one whose update changed the row records it.
 */
export async function closeSurveysDue(deps: CloserDeps): Promise<{ closedSurveys: number }> {
  const now = deps.clock.now().toISOString();
  const { closed, outboxWritten } = await deps.db.kysely
    .transaction()
    .execute(async (trx) => storeScheduledCloses(trx, deps.events, now));
  if (outboxWritten) deps.outbox.nudge();
  return { closedSurveys: closed };
}

/**
 * Stores as closed the active surveys whose closing time has passed at `now` (only `surveyId` when given), each a
 * `survey.closed` event with reason `schedule`, in the caller's transaction. The periodic close runs it for every
 * survey; a change of state of a survey that reads closed but is stored active runs it for that survey first, so
 * its owner's mail is never lost and never sent twice. Answers whether the outbox was written (nudge it once the
 * transaction is committed).
 */
export async function storeScheduledCloses(
  trx: Transaction<Database>,
  events: SurveyEvents,
  now: string,
  surveyId?: string,
): Promise<{ closed: number; outboxWritten: boolean }> {
  const closed = await closeDueSurveys(trx, now, surveyId);
  const closedEvents = closed.map((survey) => ({
    type: 'survey.closed' as const,
    survey: { id: survey.id, title: survey.title, ownerId: survey.user_id, webhookCount: survey.webhook_count },
    at: now,
    reason: 'schedule' as const,
  }));
  return { closed: closed.length, outboxWritten: await events.record(trx, closedEvents) };
}

/** Closes due surveys right after start, then every SURVEY_CLOSE_INTERVAL_MS, until the stop function is called. */
export function startSurveyCloser(ctx: CloserDeps & Pick<AppContext, 'log'>): () => Promise<void> {
  return startPeriodicCleanup(ctx.log, 'survey close', SURVEY_CLOSE_INTERVAL_MS, () => closeSurveysDue(ctx));
}
