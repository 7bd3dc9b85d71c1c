import type { Kysely } from 'kysely';
import type { Database, PasswordResetsTable } from '../../db/schema';
import { revokeApiKeysOfUser, type ApiKeyRow } from '../api-keys';

/** How many reset links the account was sent since `since` (every link counts, used or not). */
export async function countResetsSince(db: Kysely<Database>, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertPasswordReset(db: Kysely<Database>, row: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

export async function findPasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<PasswordResetsTable | undefined> {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Uses a reset link, in one transaction: marks it used (only while unused, so of two concurrent uses one
 * wins), stores the new password hash, bumps the token version (every session of the account ends), revokes
 * the account's API keys and voids its other unused links. Answers the revoked keys, or false when the link was
 * used in the meantime.
 */
export async function consumePasswordReset(
  db: Kysely<Database>,
  reset: Pick<PasswordResetsTable, 'token_hash' | 'user_id'>,
  passwordHash: string,
  now: string,
): Promise<ApiKeyRow[] | false> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', reset.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', reset.user_id)
      .execute();
    // Voided, not deleted: the rows still count towards the mails per hour.
    await trx
      .updateTable('password_resets')
      .set({ expires_at: now })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    return revokeApiKeysOfUser(trx, reset.user_id);
  });
}

/** Removes links made before `cutoff`, used or not (the hourly sweep). */
export async function deleteResetsBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('password_resets').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every reset link of a user (the account is being deleted). */
export async function deletePasswordResetsOfUser(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
