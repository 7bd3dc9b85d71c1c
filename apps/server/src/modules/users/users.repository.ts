import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, EmailVerificationsTable, UsersTable } from '../../db/schema';

export type UserRow = Pick<
  UsersTable,
  'id' | 'name' | 'email' | 'password_hash' | 'email_verified_at' | 'token_version'
>;

const userColumns = ['id', 'name', 'email', 'password_hash', 'email_verified_at', 'token_version'] as const;

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

/**
 * What a registration did: `created` a new account, added itself to the `pending` (unverified) account holding
 * the email, found the email `taken` by a verified account, or found the account it was about to join removed
 * by the sweep in between (`vanished`: try again).
 */
export type RegistrationOutcome = 'created' | 'pending' | 'taken' | 'vanished';

/**
 * Registers `user.email` with one verification link, in one transaction. A free email gets a new account. An
 * unverified account keeps its row (its name and password change only when a link is opened) and gains this
 * registration's link, and its last change is now, which keeps it from the sweep. The unique index decides
 * between concurrent registrations of a new email, so there is only ever one account; on PostgreSQL the
 * account's row is locked, so a verification or a sweep runs wholly before or after.
 */
export async function registerAccount(
  db: Db,
  user: UsersTable,
  link: Omit<EmailVerificationsTable, 'user_id'>,
): Promise<RegistrationOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      await trx
        .insertInto('email_verifications')
        .values({ ...link, user_id: user.id })
        .execute();
      return 'created';
    }
    const query = trx.selectFrom('users').select(['id', 'email_verified_at']).where('email', '=', user.email);
    const existing = await (db.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!existing) return 'vanished';
    if (existing.email_verified_at) return 'taken';
    await trx.updateTable('users').set({ updated_at: user.updated_at }).where('id', '=', existing.id).execute();
    await trx
      .insertInto('email_verifications')
      .values({ ...link, user_id: existing.id })
      .execute();
    return 'pending';
  });
}

/**
 * Deletes the unverified accounts nothing happened to since `cutoff` (no registration, no new link); their
 * links go with them. Deleting twice removes nothing more, so several instances may sweep at once.
 */
export async function deleteUnverifiedAccounts(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('email_verified_at', 'is', null)
    .where('updated_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Account deletion: the user's row itself (name, email, password hash). Answers whether there was one. */
export async function deleteUserRow(trx: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The user's profile columns for the account export (never the password hash). */
export async function findUserForExport(
  db: Kysely<Database>,
  userId: string,
): Promise<Pick<UsersTable, 'id' | 'name' | 'email' | 'email_verified_at' | 'created_at' | 'updated_at'> | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified_at', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
