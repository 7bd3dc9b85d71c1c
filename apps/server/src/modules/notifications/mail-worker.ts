import { answerFor } from '@quorum/contract';
import type { AppContext } from '../../context';
import { claimDue } from '../../outbox/outbox.repository';
import { retryDelayMs, startOutboxWorker, type OutboxWorker } from '../../outbox/outbox';
import {
  digestEmail,
  responseEmail,
  surveyClosedEmail,
  webhookDisabledEmail,
  type MailedResponse,
} from '../../mail/notification-emails';
import type { MailMessage } from '../../mail/mailer';
import { answerCell, toResultQuestion, type ResultQuestion, listResultQuestions } from '../results';
import { parseAnswers } from '../responses';
import { mailJobSchema, type MailJob } from './mail-outbox.repository';
import {
  deleteMail,
  findMail,
  findNotifiedSurvey,
  findRecipient,
  findResponse,
  markMailAttemptFailed,
  markMailSent,
  responsesBetween,
  type MailOutboxRow,
  type NotifiedSurvey,
} from './notifications.repository';
import { createUnsubscribeTokens, oneClickUnsubscribeLink, unsubscribePageLink } from './unsubscribe-token';

/** Attempts at one mail before it is marked failed. */
export const MAIL_MAX_ATTEMPTS = 6;
/** Each later retry waits this many times longer than the one before. */
const MAIL_RETRY_FACTOR = 4;
/** How long a claimed mail is this instance's: another instance takes it up once this has run out. */
const MAIL_LEASE_MS = 2 * 60_000;
/** Mails sent at once by one instance. */
const MAIL_CONCURRENCY = 4;
/** Responses a digest shows, and how long an answer in a mail may be. */
export const DIGEST_LATEST = 5;
const ANSWER_MAX_CHARS = { each: 1000, digest: 200 } as const;

type MailWorkerDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'mailer'>;

/** What became of one mail: a message to send, or nothing to send (and why). */
type Composed = { message: MailMessage } | { skip: string };

/** The stored job of a row, or undefined for a kind this version does not know or a payload without its fields. */
function jobOf(row: MailOutboxRow): MailJob | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    return undefined;
  }
  const parsed = mailJobSchema.safeParse({ kind: row.kind, payload });
  return parsed.success ? parsed.data : undefined;
}

/**
 * Sends the background mail of the outbox: each mail is written when it is sent, from what is stored then, and
 * sent with the mailer. A failed send is due again after retryDelayMs(attempt, MAIL_RETRY_BASE_MS, 4), up to
 * MAIL_MAX_ATTEMPTS attempts, then marked failed with its last error. A mail to an account that is gone is
 * dropped; a mail about a response or survey deleted meanwhile is marked sent without being sent.
 */
export function startMailWorker(deps: MailWorkerDeps): OutboxWorker {
  const { db, clock, config, log, mailer } = deps;
  const tokens = createUnsubscribeTokens(config.jwtSecret);
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const resultsUrl = (surveyId: string) => `${publicUrl}/surveys/${encodeURIComponent(surveyId)}/results`;
  const unsubscribe = (surveyId: string) => {
    const token = tokens.make(surveyId);
    return { page: unsubscribePageLink(publicUrl, token), oneClick: oneClickUnsubscribeLink(publicUrl, token) };
  };

  const questionsOf = async (surveyId: string) =>
    (await listResultQuestions(db.kysely, surveyId)).map(toResultQuestion);

  const mailed = (
    questions: readonly ResultQuestion[],
    row: { submitted_at: string; answers: string },
    maxChars: number,
  ): MailedResponse => {
    const answers = parseAnswers(row.answers);
    return {
      submittedAt: row.submitted_at,
      answers: questions.flatMap((question) => {
        const text = String(answerCell(question, answerFor(answers, question.id)));
        if (text === '') return [];
        const folded = text.replace(/\s+/g, ' ').trim();
        return [
          { question: question.text, answer: folded.length > maxChars ? `${folded.slice(0, maxChars - 1)}…` : folded },
        ];
      }),
    };
  };

  async function compose(job: MailJob, to: string, survey: NotifiedSurvey): Promise<Composed> {
    switch (job.kind) {
      case 'response': {
        if (survey.notifyOnResponse !== 'each') return { skip: 'notifications turned off' };
        const response = await findResponse(db.kysely, survey.id, job.payload.responseId);
        if (!response) return { skip: 'response deleted' };
        const questions = await questionsOf(survey.id);
        return {
          message: responseEmail({
            to,
            surveyTitle: survey.title,
            resultsUrl: resultsUrl(survey.id),
            response: mailed(questions, response, ANSWER_MAX_CHARS.each),
            unsubscribe: unsubscribe(survey.id),
          }),
        };
      }
      case 'digest': {
        if (survey.notifyOnResponse !== 'daily') return { skip: 'notifications turned off' };
        const until = job.payload.until;
        const since = job.payload.since ?? new Date(Date.parse(until) - 24 * 3_600_000).toISOString();
        const { count, latest } = await responsesBetween(db.kysely, survey.id, since, until, DIGEST_LATEST);
        if (count === 0) return { skip: 'no new responses' };
        const questions = await questionsOf(survey.id);
        return {
          message: digestEmail({
            to,
            surveyTitle: survey.title,
            resultsUrl: resultsUrl(survey.id),
            newCount: count,
            total: survey.responseCount,
            latest: latest.map((row) => mailed(questions, row, ANSWER_MAX_CHARS.digest)),
            unsubscribe: unsubscribe(survey.id),
          }),
        };
      }
      case 'survey-closed':
        return {
          message: surveyClosedEmail({
            to,
            surveyTitle: survey.title,
            resultsUrl: resultsUrl(survey.id),
            reason: job.payload.reason,
            responseLimit: survey.responseLimit,
            total: survey.responseCount,
          }),
        };
      case 'webhook-disabled':
        return {
          message: webhookDisabledEmail({
            to,
            surveyTitle: survey.title,
            webhookUrl: job.payload.url,
            integrationsUrl: `${resultsUrl(survey.id)}?view=integrations`,
          }),
        };
    }
  }

  async function handle(id: string): Promise<void> {
    const row = await findMail(db.kysely, id);
    if (!row || row.status !== 'pending') return;
    const now = () => clock.now().toISOString();
    const recipient = await findRecipient(db.kysely, row.user_id);
    if (!recipient) {
      await deleteMail(db.kysely, id);
      return;
    }
    const job = jobOf(row);
    const survey = job && (await findNotifiedSurvey(db.kysely, job.payload.surveyId));
    // A survey that is gone, or given to someone else, is no longer this reader's business.
    const composed: Composed = !job
      ? { skip: 'unknown kind or payload' }
      : !survey || survey.userId !== row.user_id
        ? { skip: 'survey deleted' }
        : await compose(job, recipient.email, survey);
    if ('skip' in composed) {
      await markMailSent(db.kysely, id, now(), `not sent: ${composed.skip}`);
      return;
    }
    try {
      await mailer.send(composed.message);
    } catch (error) {
      const attempts = row.attempt_count + 1;
      const message = error instanceof Error ? error.message : String(error);
      const next =
        attempts >= MAIL_MAX_ATTEMPTS
          ? null
          : new Date(
              clock.now().getTime() + retryDelayMs(attempts, config.mailRetryBaseMs, MAIL_RETRY_FACTOR),
            ).toISOString();
      await markMailAttemptFailed(db.kysely, id, attempts, message.slice(0, 500), next);
      log.warn(
        { mailId: id, kind: row.kind, attempts, err: error },
        next ? 'mail not sent; will retry' : 'mail failed',
      );
      return;
    }
    await markMailSent(db.kysely, id, now(), null);
  }

  return startOutboxWorker({
    name: 'mail outbox',
    log,
    pollMs: config.outboxPollMs,
    concurrency: MAIL_CONCURRENCY,
    claim: (limit) => {
      const now = clock.now();
      return claimDue(
        db,
        'mail_outbox',
        now.toISOString(),
        new Date(now.getTime() + MAIL_LEASE_MS).toISOString(),
        limit,
      );
    },
    handle,
  });
}
