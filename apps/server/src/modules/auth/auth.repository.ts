import type { Kysely } from 'kysely';
import type { UserType } from '@quorum/contract';
import type { Database } from '../../db/schema';

export interface PrincipalRow {
  id: string;
  name: string;
  email: string;
  token_version: number;
}

/** Looks up the account a token speaks for, in the table of its role. */
export async function findPrincipal(
  db: Kysely<Database>,
  role: UserType,
  id: string,
): Promise<PrincipalRow | undefined> {
  const table = role === 'admin' ? 'admins' : 'users';
  return db.selectFrom(table).select(['id', 'name', 'email', 'token_version']).where('id', '=', id).executeTakeFirst();
}
