import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database, LoginAttemptsTable } from '../../db/schema';

export type LoginAttemptRow = LoginAttemptsTable;

/** Reads one row, locking it for the rest of the transaction on PostgreSQL (SQLite transactions are serial). */
export async function findAttempts(
  trx: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  scope: string,
  email: string,
): Promise<LoginAttemptRow | undefined> {
  const query = trx.selectFrom('login_attempts').selectAll().where('scope', '=', scope).where('email', '=', email);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Makes sure a row exists (failures 0), so concurrent first failures lock the same row. */
export async function ensureAttempts(
  trx: Kysely<Database> | Transaction<Database>,
  scope: string,
  email: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('login_attempts')
    .values({ scope, email, failures: 0, window_started_at: now, locked_until: null })
    .onConflict((oc) => oc.columns(['scope', 'email']).doNothing())
    .execute();
}

export async function saveAttempts(trx: Kysely<Database> | Transaction<Database>, row: LoginAttemptRow): Promise<void> {
  await trx
    .insertInto('login_attempts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['scope', 'email']).doUpdateSet({
        failures: row.failures,
        window_started_at: row.window_started_at,
        locked_until: row.locked_until,
      }),
    )
    .execute();
}

export async function deleteAttempts(db: Kysely<Database>, scope: string, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('scope', '=', scope).where('email', '=', email).execute();
}
