import type { Kysely, Transaction } from 'kysely';
import type { NotifyOnResponse } from '@quorum/contract';
import type { Database } from '../../db/schema';
import type { ResponseDbRow } from '../results';

type Executor = Kysely<Database> | Transaction<Database>;

/** One mail of the outbox as the mail worker reads it. */
export interface MailOutboxRow {
  id: string;
  kind: string;
  user_id: string;
  payload: string;
  status: string;
  attempt_count: number;
}

export async function findMail(db: Executor, id: string): Promise<MailOutboxRow | undefined> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'user_id', 'payload', 'status', 'attempt_count'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, attempt_count: Number(row.attempt_count) };
}

/** Sent, or nothing to send any more (the reason in last_error): the row stays as a record, out of the queue. */
export async function markMailSent(db: Executor, id: string, now: string, note: string | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'delivered', sent_at: now, locked_until: null, next_attempt_at: null, last_error: note })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: due again at `nextAttemptAt`, or failed for good when that is null. */
export async function markMailAttemptFailed(
  db: Executor,
  id: string,
  attemptCount: number,
  error: string,
  nextAttemptAt: string | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      attempt_count: attemptCount,
      next_attempt_at: nextAttemptAt,
      locked_until: null,
      last_error: error,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteMail(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
}

/** The address and name a mail goes to; undefined when the account is gone. */
export async function findRecipient(
  db: Executor,
  userId: string,
): Promise<{ email: string; name: string } | undefined> {
  return db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}

/** What a notification mail says about its survey; undefined for a deleted or unknown survey. */
export interface NotifiedSurvey {
  id: string;
  title: string;
  userId: string;
  responseCount: number;
  responseLimit: number | null;
  notifyOnResponse: string;
}

export async function findNotifiedSurvey(db: Executor, surveyId: string): Promise<NotifiedSurvey | undefined> {
  const row = await db
    .selectFrom('surveys')
    .select(['id', 'title', 'user_id', 'response_count', 'response_limit', 'notify_on_response'])
    .where('id', '=', surveyId)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      title: row.title,
      userId: row.user_id,
      responseCount: Number(row.response_count),
      responseLimit: row.response_limit === null ? null : Number(row.response_limit),
      notifyOnResponse: row.notify_on_response,
    }
  );
}

type MailedResponse = Pick<ResponseDbRow, 'id' | 'submitted_at' | 'answers'>;

export async function findResponse(
  db: Executor,
  surveyId: string,
  responseId: string,
): Promise<MailedResponse | undefined> {
  return db
    .selectFrom('responses')
    .select(['id', 'submitted_at', 'answers'])
    .where('survey_id', '=', surveyId)
    .where('id', '=', responseId)
    .executeTakeFirst();
}

/** Responses submitted in (since, until], newest first: how many, and the latest `limit` of them. */
export async function responsesBetween(
  db: Executor,
  surveyId: string,
  since: string,
  until: string,
  limit: number,
): Promise<{ count: number; latest: MailedResponse[] }> {
  const base = db
    .selectFrom('responses')
    .where('survey_id', '=', surveyId)
    .where('submitted_at', '>', since)
    .where('submitted_at', '<=', until);
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst();
  const latest = await base
    .select(['id', 'submitted_at', 'answers'])
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return { count: Number(counted?.count ?? 0), latest };
}

/** Whether any response arrived in (since, until]. */
export async function hasResponsesBetween(
  db: Executor,
  surveyId: string,
  since: string,
  until: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('responses')
    .select('id')
    .where('survey_id', '=', surveyId)
    .where('submitted_at', '>', since)
    .where('submitted_at', '<=', until)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Non-deleted surveys on a daily digest whose last digest went out before `dueBefore` (or never). */
export async function listDigestsDue(
  db: Executor,
  dueBefore: string,
): Promise<{ id: string; userId: string; digestSentAt: string | null }[]> {
  const rows = await db
    .selectFrom('surveys')
    .select(['id', 'user_id', 'digest_sent_at'])
    .where('notify_on_response', '=', 'daily')
    .where('state', '!=', 'deleted')
    .where((eb) => eb.or([eb('digest_sent_at', 'is', null), eb('digest_sent_at', '<', dueBefore)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, digestSentAt: row.digest_sent_at }));
}

/**
 * Moves a survey's digest time from the value read to `now`; false when another instance moved it first (or the
 * survey stopped asking for a digest), so only one instance sends each digest.
 */
export async function claimDigest(
  trx: Executor,
  surveyId: string,
  readSentAt: string | null,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('surveys')
    .set({ digest_sent_at: now })
    .where('id', '=', surveyId)
    .where('notify_on_response', '=', 'daily')
    .where((eb) => (readSentAt === null ? eb('digest_sent_at', 'is', null) : eb('digest_sent_at', '=', readSentAt)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets a non-deleted survey's notifications setting; its title, or undefined when there is no such survey. */
export async function setNotifyOnResponse(
  db: Executor,
  surveyId: string,
  value: NotifyOnResponse,
): Promise<{ title: string; userId: string } | undefined> {
  const row = await db
    .updateTable('surveys')
    .set({ notify_on_response: value })
    .where('id', '=', surveyId)
    .where('state', '!=', 'deleted')
    .returning(['title', 'user_id'])
    .executeTakeFirst();
  return row && { title: row.title, userId: row.user_id };
}
