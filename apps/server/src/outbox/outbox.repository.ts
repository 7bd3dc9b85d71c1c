import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { OutboxTable } from './outbox';

/**
 * Claims up to `limit` due rows of an outbox for this instance until `leaseUntil`, oldest due first, and returns
 * their ids. On PostgreSQL the candidate rows are locked with FOR UPDATE SKIP LOCKED, so instances claiming at
 * the same moment take different rows and never wait for each other; on SQLite the one UPDATE runs alone. A row
 * whose lease ran out (its instance died mid-send) is due again: delivery is at least once, and a receiver tells
 * repeats by the delivery id.
 */
export async function claimDue(
  db: Db,
  table: OutboxTable,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<string[]> {
  // Both tables have the columns used here; Kysely is told one of them so the builder keeps its types.
  const k = db.kysely as unknown as Kysely<{
    t: { id: string; status: string; next_attempt_at: string | null; locked_until: string | null };
  }>;
  const candidates = k
    .selectFrom(table as 't')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .limit(limit);
  const rows = await k
    .updateTable(table as 't')
    .set({ locked_until: leaseUntil })
    .where('id', 'in', db.dialect === 'postgres' ? candidates.forUpdate().skipLocked() : candidates)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Removes what the outboxes finished before `before`: webhook deliveries delivered or failed for good (with their
 * attempts), and mail sent or given up on. Pending rows are never removed, however old.
 */
export async function deleteFinishedOutboxRows(
  db: Kysely<Database>,
  before: string,
): Promise<{ webhookDeliveries: number; mail: number }> {
  return db.transaction().execute(async (trx) => {
    const finished = trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '!=', 'pending')
      .where('completed_at', '<', before);
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', finished).execute();
    const deliveries = await trx
      .deleteFrom('webhook_deliveries')
      .where('status', '!=', 'pending')
      .where('completed_at', '<', before)
      .executeTakeFirst();
    const mail = await trx
      .deleteFrom('mail_outbox')
      .where('status', '!=', 'pending')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return { webhookDeliveries: Number(deliveries.numDeletedRows), mail: Number(mail.numDeletedRows) };
  });
}
