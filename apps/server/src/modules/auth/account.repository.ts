import type { Kysely } from 'kysely';
import type { UserType } from '@quorum/contract';
import type { Database } from '../../db/schema';

/** Users and administrators live in separate tables with the same account columns. */
const tableFor = (role: UserType) => (role === 'admin' ? 'admins' : 'users');

export interface AccountRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  token_version: number;
}

export async function findAccountById(
  db: Kysely<Database>,
  role: UserType,
  id: string,
): Promise<AccountRow | undefined> {
  return db
    .selectFrom(tableFor(role))
    .select(['id', 'name', 'email', 'password_hash', 'token_version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateAccountName(
  db: Kysely<Database>,
  role: UserType,
  id: string,
  name: string,
  now: string,
): Promise<void> {
  await db.updateTable(tableFor(role)).set({ name, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Stores a new password hash and bumps the token version, so every older token stops working.
 * Only succeeds while the version is still `expectedVersion`: of two concurrent changes, one wins.
 * Returns the new version, or undefined when another change came first.
 */
export async function updateAccountPassword(
  db: Kysely<Database>,
  role: UserType,
  id: string,
  passwordHash: string,
  expectedVersion: number,
  now: string,
): Promise<number | undefined> {
  const result = await db
    .updateTable(tableFor(role))
    .set({ password_hash: passwordHash, token_version: expectedVersion + 1, updated_at: now })
    .where('id', '=', id)
    .where('token_version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? expectedVersion + 1 : undefined;
}

/** Bumps the token version, so every token of the account stops working (signing out of all devices). */
export async function bumpTokenVersion(db: Kysely<Database>, role: UserType, id: string, now: string): Promise<void> {
  await db
    .updateTable(tableFor(role))
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
}
