import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Account deletion: the webhooks of every survey the user owns, their deliveries and their attempts. */
export async function deleteWebhooksOfOwner(trx: Executor, userId: string): Promise<void> {
  const surveysOfOwner = trx.selectFrom('surveys').select('id').where('user_id', '=', userId);
  await trx
    .deleteFrom('webhook_attempts')
    .where('delivery_id', 'in', (eb) =>
      eb.selectFrom('webhook_deliveries').select('id').where('survey_id', 'in', surveysOfOwner),
    )
    .execute();
  await trx.deleteFrom('webhook_deliveries').where('survey_id', 'in', surveysOfOwner).execute();
  await trx.deleteFrom('webhooks').where('survey_id', 'in', surveysOfOwner).execute();
}
