import type { Kysely, Transaction } from 'kysely';
import type { AnswerValue, NotifyOnResponse, Question } from '@quorum/contract';
import type { Database } from '../db/schema';
import { enqueueNotificationMail } from '../modules/notifications/notification-outbox';
import { enqueueWebhookDeliveries } from '../modules/webhooks/webhook-outbox';

type Executor = Kysely<Database> | Transaction<Database>;

/** The survey an event happened to, with what the outboxes need to decide without reading it again. */
export interface EventSurvey {
  id: string;
  title: string;
  ownerId: string;
  /** Its enabled webhooks (surveys.webhook_count) when the caller read it; 0 lets the webhook outbox skip looking. */
  webhookCount?: number;
  /** Its notifications setting when the caller read it (response events). */
  notifyOnResponse?: NotifyOnResponse;
}

/** Why a survey closed: its closing time passed, its response limit was reached, or its owner closed it. */
export type CloseReason = 'schedule' | 'limit' | 'manual';

/**
 * Something that happened to a survey that webhooks and email notifications may tell about. Recorded with
 * recordSurveyEvents inside the transaction that made it happen: the outbox rows commit or roll back with it.
 */
export type SurveyEvent =
  | {
      type: 'response.created';
      survey: EventSurvey;
      at: string;
      response: {
        id: string;
        submittedAt: string;
        answers: Readonly<Record<string, AnswerValue>>;
        hiddenFields: Readonly<Record<string, string>> | null;
        /** The survey language it was answered in. */
        language: string;
      };
      /** The survey's current questions, for their texts. */
      questions: readonly Question[];
    }
  | { type: 'response.deleted'; survey: EventSurvey; at: string; responseId: string }
  | { type: 'survey.closed'; survey: EventSurvey; at: string; reason: CloseReason };

/**
 * Writes what the events cause into the outboxes, in the caller's transaction: a webhook delivery per subscribed
 * enabled webhook, and the owner's notification mail. Returns whether anything was written, so the caller can
 * nudge this instance's workers once the transaction has committed (other instances find the rows by polling).
 */
export async function recordSurveyEvents(trx: Executor, events: readonly SurveyEvent[]): Promise<boolean> {
  if (events.length === 0) return false;
  const deliveries = await enqueueWebhookDeliveries(trx, events);
  const mails = await enqueueNotificationMail(trx, events);
  return deliveries + mails > 0;
}

/**
 * Tells this instance's outbox workers that rows may be due now, so a delivery made by this instance leaves at
 * once instead of at the next poll. Harmless when nothing is due.
 */
export interface OutboxNudge {
  nudge(): void;
}

/** The nudge in the application context: wakes every outbox worker this instance has started. */
export function createOutboxNudge(): OutboxNudge & { add(worker: OutboxNudge): void } {
  const workers: OutboxNudge[] = [];
  return {
    add: (worker) => void workers.push(worker),
    nudge: () => workers.forEach((worker) => worker.nudge()),
  };
}
