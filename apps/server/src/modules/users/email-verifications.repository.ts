import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, EmailVerificationsTable } from '../../db/schema';

export interface VerificationRow extends EmailVerificationsTable {
  /** The user's verification time; null while unverified. */
  email_verified_at: string | null;
}

/** The link with this token hash and whether its user is verified already. */
export async function findVerification(db: Kysely<Database>, tokenHash: string): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('email_verifications')
    .innerJoin('users', 'users.id', 'email_verifications.user_id')
    .select([
      'email_verifications.token_hash',
      'email_verifications.user_id',
      'email_verifications.expires_at',
      'email_verifications.used_at',
      'email_verifications.created_at',
      'email_verifications.pending_name',
      'email_verifications.pending_password_hash',
      'users.email_verified_at',
    ])
    .where('email_verifications.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * A new link for the newest registration of an unverified user (resend): it replaces that registration's
 * link and carries its name and password; other registrations' links stay as they are, so asking for a new
 * link, which anyone can, never takes a link away from the person who registered. Counts as a change of the
 * account (the sweep waits). Answers the name the link will apply, or null when it applies none, or
 * undefined when the user is verified (or gone) by now and nothing was made.
 */
export async function renewVerification(
  db: Db,
  userId: string,
  fresh: Pick<EmailVerificationsTable, 'token_hash' | 'expires_at' | 'created_at'>,
): Promise<{ pendingName: string | null } | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const query = trx.selectFrom('users').select('id').where('id', '=', userId).where('email_verified_at', 'is', null);
    if (!(await (db.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst())) return undefined;
    const newest = await trx
      .selectFrom('email_verifications')
      .select(['token_hash', 'pending_name', 'pending_password_hash'])
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest) await trx.deleteFrom('email_verifications').where('token_hash', '=', newest.token_hash).execute();
    await trx
      .insertInto('email_verifications')
      .values({
        ...fresh,
        user_id: userId,
        used_at: null,
        pending_name: newest?.pending_name ?? null,
        pending_password_hash: newest?.pending_password_hash ?? null,
      })
      .execute();
    await trx.updateTable('users').set({ updated_at: fresh.created_at }).where('id', '=', userId).execute();
    return { pendingName: newest?.pending_name ?? null };
  });
}

/**
 * What opening an unused, unexpired link did: `verified` the account with the link's registration, found the
 * same link used a moment ago (`alreadyVerified`), or found the account verified through another link, or
 * removed, in the meantime (`superseded`).
 */
export type ConsumeOutcome = 'verified' | 'alreadyVerified' | 'superseded';

/**
 * Verifies the user through this link, in one transaction: the account takes the name and password hash of
 * the link's registration (when it carries them) and is verified; the link is marked used (its password hash
 * dropped); every other unused link of the account is deleted, so no other registration can change the
 * account afterwards. The first link opened wins: the account row is updated only while unverified, which on
 * PostgreSQL also makes concurrent openings wait for each other.
 */
export async function consumeVerification(db: Db, row: VerificationRow, now: string): Promise<ConsumeOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({
        email_verified_at: now,
        updated_at: now,
        ...(row.pending_name !== null ? { name: row.pending_name } : {}),
        ...(row.pending_password_hash !== null ? { password_hash: row.pending_password_hash } : {}),
      })
      .where('id', '=', row.user_id)
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      const link = await trx
        .selectFrom('email_verifications')
        .select('used_at')
        .where('token_hash', '=', row.token_hash)
        .executeTakeFirst();
      return link?.used_at ? 'alreadyVerified' : 'superseded';
    }
    await trx
      .updateTable('email_verifications')
      .set({ used_at: now, pending_password_hash: null })
      .where('token_hash', '=', row.token_hash)
      .execute();
    await trx
      .deleteFrom('email_verifications')
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    return 'verified';
  });
}

/** Account deletion: every verification link of the user, used or not. */
export async function deleteEmailVerificationsOfUser(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
}
