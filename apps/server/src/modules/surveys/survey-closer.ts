import type { AppContext } from '../../context';
import { recordSurveyEvents } from '../../events/survey-events';
import { startPeriodicCleanup } from '../../lib/periodic';
import { closeDueSurveys } from './surveys.repository';

/** How often each instance closes the surveys whose closing time has passed. */
export const SURVEY_CLOSE_INTERVAL_MS = 30_000;

type CloserDeps = Pick<AppContext, 'db' | 'clock' | 'outbox'>;

/**
 * Sets every active survey whose closesAt has passed to closed, so its owner's active count frees up and lists show
 * it closed without anyone opening it. Submissions do not wait for this: they check closesAt themselves. Each
 * survey it closes is a `survey.closed` event (its webhooks, and the owner's mail), written in the same transaction:
 * of several instances closing at once, only the one whose update changed the row records it.
 */
export async function closeSurveysDue(deps: CloserDeps): Promise<{ closedSurveys: number }> {
  const now = deps.clock.now().toISOString();
  const { closed, outboxWritten } = await deps.db.kysely.transaction().execute(async (trx) => {
    const closed = await closeDueSurveys(trx, now);
    const events = closed.map((survey) => ({
      type: 'survey.closed' as const,
      survey: { id: survey.id, title: survey.title, ownerId: survey.user_id, webhookCount: survey.webhook_count },
      at: now,
      reason: 'schedule' as const,
    }));
    return { closed, outboxWritten: await recordSurveyEvents(trx, events) };
  });
  if (outboxWritten) deps.outbox.nudge();
  return { closedSurveys: closed.length };
}

/** Closes due surveys right after start, then every SURVEY_CLOSE_INTERVAL_MS, until the stop function is called. */
export function startSurveyCloser(ctx: CloserDeps & Pick<AppContext, 'log'>): () => Promise<void> {
  return startPeriodicCleanup(ctx.log, 'survey close', SURVEY_CLOSE_INTERVAL_MS, () => closeSurveysDue(ctx));
}
