import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Pick<
  UsersTable,
  'id' | 'name' | 'email' | 'password_hash' | 'email_verified_at' | 'token_version'
>;

const userColumns = ['id', 'name', 'email', 'password_hash', 'email_verified_at', 'token_version'] as const;

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

/**
 * Inserts a user unless the email is taken. Race-free: the unique index decides, so of two
 * concurrent registrations of one email exactly one gets true.
 */
export async function insertUserIfEmailFree(db: Kysely<Database>, user: UsersTable): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
