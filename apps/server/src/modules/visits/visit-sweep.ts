import type { AppContext } from '../../context';
import { addMinutes } from '../../lib/clock';
import { startPeriodicCleanup } from '../../lib/periodic';
import { deleteAbandonedVisits } from './visits.repository';

/** A visit that never ended in a response is kept this many days (its counts stay in the funnel). */
export const VISIT_RETENTION_DAYS = 30;

/** How often each instance sweeps. */
const VISIT_SWEEP_INTERVAL_MS = 60 * 60_000;

type SweepDeps = Pick<AppContext, 'db' | 'clock'>;

/** Removes the visits older than VISIT_RETENTION_DAYS that never ended in a response. */
export async function sweepVisits(deps: SweepDeps): Promise<{ abandonedVisits: number }> {
  const cutoff = addMinutes(deps.clock.now(), -VISIT_RETENTION_DAYS * 24 * 60).toISOString();
  return { abandonedVisits: await deleteAbandonedVisits(deps.db.kysely, cutoff) };
}

/** Sweeps right after start, then every hour, until the returned stop function is called. */
export function startVisitSweep(ctx: SweepDeps & Pick<AppContext, 'log'>): () => Promise<void> {
  return startPeriodicCleanup(ctx.log, 'visit sweep', VISIT_SWEEP_INTERVAL_MS, () => sweepVisits(ctx));
}
