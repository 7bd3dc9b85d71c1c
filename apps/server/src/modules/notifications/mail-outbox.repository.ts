import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A background mail as the outbox keeps it: what kind, and the ids it is about. The mail itself is written when
 * it is sent, from what is stored then (a response deleted meanwhile is not mailed about). The schema reads a
 * stored job back: a survey-closed reason other than "limit" reads as "schedule", a webhook's address as text.
 */
export const mailJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('response'), payload: z.object({ surveyId: z.string(), responseId: z.string() }) }),
  z.object({
    kind: z.literal('digest'),
    payload: z.object({
      surveyId: z.string(),
      since: z
        .string()
        .nullish()
        .transform((since) => since ?? null),
      until: z.string(),
    }),
  }),
  z.object({
    kind: z.literal('survey-closed'),
    payload: z.object({ surveyId: z.string(), reason: z.enum(['schedule', 'limit']).catch('schedule') }),
  }),
  z.object({
    kind: z.literal('webhook-disabled'),
    payload: z.object({
      surveyId: z.string(),
      webhookId: z.string().catch(''),
      url: z.unknown().transform((url) => String(url)),
    }),
  }),
]);

export type MailJob = z.output<typeof mailJobSchema>;

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
