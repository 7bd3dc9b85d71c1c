import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { SurveyEvent } from '../../events/survey-events';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Writes one pending delivery per enabled webhook of the event's survey that subscribes to its type, with the
 * body it will send, in the caller's transaction. Returns how many it wrote.
 */
export async function enqueueWebhookDeliveries(_trx: Executor, _events: readonly SurveyEvent[]): Promise<number> {
  // MERGE(webhooks): the webhooks part fills this in.
  return 0;
}
