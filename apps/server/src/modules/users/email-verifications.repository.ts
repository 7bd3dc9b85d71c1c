import type { Kysely } from 'kysely';
import type { Database, EmailVerificationsTable } from '../../db/schema';

export interface VerificationRow extends EmailVerificationsTable {
  /** The user's verification time; null while unverified. */
  email_verified_at: string | null;
}

/** Stores a new link for a user and retires the user's older unused ones (only the newest link works). */
export async function replaceVerification(db: Kysely<Database>, row: EmailVerificationsTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('email_verifications')
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx.insertInto('email_verifications').values(row).execute();
  });
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
      'users.email_verified_at',
    ])
    .where('email_verifications.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the link used and the user verified (keeping an earlier verification time), in one transaction. */
export async function consumeVerification(
  db: Kysely<Database>,
  tokenHash: string,
  userId: string,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_verifications')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .where('email_verified_at', 'is', null)
      .execute();
  });
}
