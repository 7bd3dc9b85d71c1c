import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A background mail as the outbox keeps it: what kind, and the ids it is about. The mail itself is written when
 * it is sent, from what is stored then (a response deleted meanwhile is not mailed about).
 */
export type MailJob =
  | { kind: 'response'; payload: { surveyId: string; responseId: string } }
  | { kind: 'digest'; payload: { surveyId: string; since: string | null; until: string } }
  | { kind: 'survey-closed'; payload: { surveyId: string; reason: 'schedule' | 'limit' } }
  | { kind: 'webhook-disabled'; payload: { surveyId: string; webhookId: string; url: string } };

/** Writes a mail to the outbox in the caller's transaction, due at once; the mail worker sends it. */
export async function enqueueMail(trx: Executor, userId: string, job: MailJob, now: string): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      id: newId(),
      kind: job.kind,
      user_id: userId,
      payload: JSON.stringify(job.payload),
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}

/** Account deletion: mail still waiting for the user. */
export async function deleteMailOfUser(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom('mail_outbox').where('user_id', '=', userId).execute();
}
