import type { Kysely, Transaction } from 'kysely';
import type { UserType } from '@quorum/contract';
import type { Dialect } from '../../db/database';
import type { Database, LoginAttemptsTable } from '../../db/schema';

export type LoginAttemptRow = LoginAttemptsTable;

type Executor = Kysely<Database> | Transaction<Database>;

/** Which count: one email's failures from one client address, or from every address ('*'). */
export interface AttemptKey {
  scope: UserType;
  email: string;
  address: string;
}

/** The rows of these keys, as they are now (no locking). */
export async function findAttemptRows(db: Executor, keys: AttemptKey[]): Promise<LoginAttemptRow[]> {
  const [first] = keys;
  if (!first) return [];
  return db
    .selectFrom('login_attempts')
    .selectAll()
    .where('scope', '=', first.scope)
    .where('email', '=', first.email)
    .where(
      'address',
      'in',
      keys.map((k) => k.address),
    )
    .execute();
}

/**
 * Reads one row, locking it for the rest of the transaction on PostgreSQL (SQLite transactions are serial).
 * Callers lock the all-addresses row before an address's row, so two transactions never wait on each other
 * in opposite orders.
 */
export async function findAttemptsForUpdate(
  trx: Transaction<Database>,
  dialect: Dialect,
  key: AttemptKey,
): Promise<LoginAttemptRow | undefined> {
  const query = trx
    .selectFrom('login_attempts')
    .selectAll()
    .where('scope', '=', key.scope)
    .where('email', '=', key.email)
    .where('address', '=', key.address);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Makes sure a row exists (failures 0), so concurrent first failures lock the same row. */
export async function ensureAttempts(trx: Transaction<Database>, key: AttemptKey, now: string): Promise<void> {
  await trx
    .insertInto('login_attempts')
    .values({ ...key, failures: 0, window_started_at: now, locked_until: null })
    .onConflict((oc) => oc.columns(['scope', 'email', 'address']).doNothing())
    .execute();
}

/** Writes a row's count and lock (inserting it again should a sweep have removed it meanwhile). */
export async function saveAttempts(trx: Transaction<Database>, row: LoginAttemptRow): Promise<void> {
  await trx
    .insertInto('login_attempts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['scope', 'email', 'address']).doUpdateSet({
        failures: row.failures,
        window_started_at: row.window_started_at,
        locked_until: row.locked_until,
      }),
    )
    .execute();
}

export async function deleteAttempts(db: Executor, key: AttemptKey): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('scope', '=', key.scope)
    .where('email', '=', key.email)
    .where('address', '=', key.address)
    .execute();
}

/**
 * Deletes the rows of a scope that no longer count: their window started before `windowStartedBefore` and they
 * hold no lock that is still running. Such a row answers exactly as a missing one would.
 */
export async function deleteFinishedAttempts(
  db: Executor,
  scope: UserType,
  windowStartedBefore: string,
  now: string,
): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('scope', '=', scope)
    .where('window_started_at', '<', windowStartedBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Account deletion: the failed-login counts kept under the account's email (they hold the address itself). */
export async function deleteLoginAttemptsOfEmail(db: Executor, scope: UserType, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('scope', '=', scope).where('email', '=', email).execute();
}
