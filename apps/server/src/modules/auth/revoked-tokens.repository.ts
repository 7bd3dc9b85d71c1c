import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Revokes one session token by its id, until `expiresAt` (when the token stops working anyway); idempotent. */
export async function revokeToken(db: Kysely<Database>, jti: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Forgets revoked ids whose tokens have expired by `now`; answers how many. */
export async function deleteExpiredRevocations(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
