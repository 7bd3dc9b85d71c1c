import type { AppContext } from '../../context';
import { startPeriodicCleanup } from '../../lib/periodic';
import { closeDueSurveys } from './surveys.repository';

/** How often each instance closes the surveys whose closing time has passed. */
export const SURVEY_CLOSE_INTERVAL_MS = 30_000;

type CloserDeps = Pick<AppContext, 'db' | 'clock'>;

/**
 * Sets every active survey whose closesAt has passed to closed, so its owner's active count frees up and lists show
 * it closed without anyone opening it. Submissions do not wait for this: they check closesAt themselves.
 */
export async function closeSurveysDue(deps: CloserDeps): Promise<{ closedSurveys: number }> {
  return { closedSurveys: await closeDueSurveys(deps.db.kysely, deps.clock.now().toISOString()) };
}

/** Closes due surveys right after start, then every SURVEY_CLOSE_INTERVAL_MS, until the stop function is called. */
export function startSurveyCloser(ctx: CloserDeps & Pick<AppContext, 'log'>): () => Promise<void> {
  return startPeriodicCleanup(ctx.log, 'survey close', SURVEY_CLOSE_INTERVAL_MS, () => closeSurveysDue(ctx));
}
