import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Account deletion: every key of the user. */
export async function deleteApiKeysOfUser(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom('api_keys').where('user_id', '=', userId).execute();
}
