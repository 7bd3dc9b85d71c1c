import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { deleteFinishedOutboxRows } from './outbox.repository';
import { addMinutes, type Clock } from '../lib/clock';
import { startPeriodicCleanup } from '../lib/periodic';

/** How often each instance prunes the outboxes. */
export const OUTBOX_SWEEP_INTERVAL_MS = 60 * 60_000;

interface SweepDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'outboxRetentionDays'>;
}

/**
 * Removes webhook deliveries and mail finished more than OUTBOX_RETENTION_DAYS ago (a delivery's attempts go with
 * it), so the outboxes do not grow without end; pending rows stay until they are sent or given up on.
 */
export async function pruneOutboxes(deps: SweepDeps): Promise<{ webhookDeliveries: number; mail: number }> {
  const cutoff = addMinutes(deps.clock.now(), -deps.config.outboxRetentionDays * 24 * 60).toISOString();
  return deleteFinishedOutboxRows(deps.db.kysely, cutoff);
}

/** Prunes right after start, then every hour, until the returned stop function is called. */
export function startOutboxSweep(ctx: SweepDeps & { log: FastifyBaseLogger }): () => Promise<void> {
  return startPeriodicCleanup(ctx.log, 'outboxes pruned', OUTBOX_SWEEP_INTERVAL_MS, () => pruneOutboxes(ctx));
}
