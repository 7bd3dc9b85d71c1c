import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { SurveyEvent } from '../../events/survey-events';
import { enqueueMail, type MailJob } from './mail-outbox.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The owner's mail an event causes: a new response on a survey set to "each", and a survey closing by itself
 * (its closing time or its response limit). A survey closed by hand is not mailed about: its owner did it.
 */
export function notificationMailFor(event: SurveyEvent): MailJob | undefined {
  switch (event.type) {
    case 'response.created':
      return event.survey.notifyOnResponse === 'each'
        ? { kind: 'response', payload: { surveyId: event.survey.id, responseId: event.response.id } }
        : undefined;
    case 'survey.closed':
      return event.reason === 'manual'
        ? undefined
        : { kind: 'survey-closed', payload: { surveyId: event.survey.id, reason: event.reason } };
    default:
      return undefined;
  }
}

/**
 * Writes the owner's notification mail for the events into the mail outbox, in the caller's transaction: one per
 * response on surveys set to "each", and one when a survey closes by itself. Returns how many it wrote. Nothing is
 * read and nothing is sent here: the mail is written from what is stored when the worker sends it.
 */
export async function enqueueNotificationMail(trx: Executor, events: readonly SurveyEvent[]): Promise<number> {
  let written = 0;
  for (const event of events) {
    const job = notificationMailFor(event);
    if (!job) continue;
    await enqueueMail(trx, event.survey.ownerId, job, event.at);
    written += 1;
  }
  return written;
}
