import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { SurveyEvent } from '../../events/survey-events';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Writes the owner's notification mail for the events into the mail outbox, in the caller's transaction: one per
 * response on surveys set to "each", and one when a survey closes by itself. Returns how many it wrote.
 */
export async function enqueueNotificationMail(_trx: Executor, _events: readonly SurveyEvent[]): Promise<number> {
  // MERGE(notifications): the notifications part fills this in.
  return 0;
}
