import type { Kysely } from 'kysely';
import type { UserType } from '@quorum/contract';
import type { Database } from '../../db/schema';

export interface PrincipalRow {
  id: string;
  name: string;
  email: string;
  token_version: number;
  /** Whether the token's id is among the revoked ones. */
  revoked: boolean;
}

/**
 * Looks up the account a token speaks for, in the table of its role, and in the same query whether the token's
 * id was revoked (one primary-key lookup in each table, one round trip). Without a token id (a signed download
 * link names only the account), `revoked` is false.
 */
export async function findPrincipal(
  db: Kysely<Database>,
  role: UserType,
  id: string,
  jti?: string,
): Promise<PrincipalRow | undefined> {
  const table = role === 'admin' ? 'admins' : 'users';
  const query = db.selectFrom(table).select(['id', 'name', 'email', 'token_version']).where('id', '=', id);
  if (jti === undefined) {
    const row = await query.executeTakeFirst();
    return row ? { ...row, revoked: false } : undefined;
  }
  const row = await query
    .select((eb) =>
      eb
        .exists(eb.selectFrom('revoked_tokens').select('revoked_tokens.jti').where('revoked_tokens.jti', '=', jti))
        .as('revoked'),
    )
    .executeTakeFirst();
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return row ? { ...row, revoked: Boolean(row.revoked) } : undefined;
}
