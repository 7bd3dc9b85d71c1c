import type { AppContext } from '../../context';
import { addMinutes } from '../../lib/clock';
import { startPeriodicCleanup } from '../../lib/periodic';
import { deleteAuditEntriesBefore } from './audit.repository';

/** How often each instance prunes the audit log. */
export const AUDIT_SWEEP_INTERVAL_MS = 60 * 60_000;

type SweepDeps = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** Removes the entries older than AUDIT_RETENTION_DAYS. Answers how many went. */
export async function pruneAuditLog(deps: SweepDeps): Promise<number> {
  const cutoff = addMinutes(deps.clock.now(), -deps.config.auditRetentionDays * 24 * 60).toISOString();
  return deleteAuditEntriesBefore(deps.db.kysely, cutoff);
}

/** Prunes right after start, then every hour, until the returned stop function is called. */
export function startAuditSweep(ctx: SweepDeps & Pick<AppContext, 'log'>): () => Promise<void> {
  return startPeriodicCleanup(ctx.log, 'audit log pruned', AUDIT_SWEEP_INTERVAL_MS, async () => ({
    auditEntries: await pruneAuditLog(ctx),
  }));
}
