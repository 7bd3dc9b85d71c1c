import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
}

/** A key and the account it acts for, found by the hash of the key. */
export interface ApiKeyOwnerRow {
  id: string;
  scopes: string;
  user_id: string;
  user_name: string;
  user_email: string;
  token_version: number;
}

export async function insertApiKey(db: Executor, row: ApiKeyRow & { key_hash: string }): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export async function countApiKeysOfUser(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user's keys, newest first; never the hash. */
export async function listApiKeysOfUser(db: Executor, userId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'user_id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes one key of the user; the deleted row, or undefined when the user has no key of that id. */
export async function deleteApiKeyOfUser(db: Executor, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  return db
    .deleteFrom('api_keys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'user_id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at'])
    .executeTakeFirst();
}

/** The key with this hash and its owner, in one query on the unique hash. */
export async function findApiKeyByHash(db: Executor, keyHash: string): Promise<ApiKeyOwnerRow | undefined> {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id as id',
      'api_keys.scopes as scopes',
      'users.id as user_id',
      'users.name as user_name',
      'users.email as user_email',
      'users.token_version as token_version',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

/**
 * Moves the key's last use to `now` unless it moved within the last minute (`since`); whether it moved. Two
 * instances racing on the same key: only one of them moves it.
 */
export async function touchApiKey(db: Executor, id: string, now: string, since: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', since)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Account deletion: every key of the user. */
export async function deleteApiKeysOfUser(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom('api_keys').where('user_id', '=', userId).execute();
}

/** One key of the user by its id, with its scopes; undefined once it is revoked (deleted) or was never theirs. */
export async function findApiKeyOfUser(
  db: Executor,
  userId: string,
  id: string,
): Promise<Pick<ApiKeyRow, 'id' | 'scopes'> | undefined> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'scopes'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Revokes every key of the user (a password reset, signing out of all devices); the revoked rows, for the log. */
export async function revokeApiKeysOfUser(trx: Executor, userId: string): Promise<ApiKeyRow[]> {
  return trx
    .deleteFrom('api_keys')
    .where('user_id', '=', userId)
    .returning(['id', 'user_id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at'])
    .execute();
}
