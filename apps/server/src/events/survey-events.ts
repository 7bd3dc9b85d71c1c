import type { Kysely, Transaction } from 'kysely';
import type { AnswerValue, NotifyOnResponse, Question } from '@quorum/contract';
import type { Database } from '../db/schema';

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
 * Writes what events cause into its own outbox, in the caller's transaction (the webhook deliveries, the owner's
 * notification mail); answers how many rows it wrote.
 */
export type SurveyEventSubscriber = (trx: Executor, events: readonly SurveyEvent[]) => Promise<number>;

/**
 * Where survey events are recorded. It knows no subscriber: the outboxes subscribe when the app is composed
 * (app.ts), so this module imports none of them.
 */
export interface SurveyEvents {
  subscribe(subscriber: SurveyEventSubscriber): void;
  /**
   * Hands the events to every subscriber in the order they subscribed, in the caller's transaction. Returns whether
   * anything was written, so the caller can nudge this instance's workers once the transaction has committed (other
   * instances find the rows by polling).
   */
  record(trx: Executor, events: readonly SurveyEvent[]): Promise<boolean>;
}

export function createSurveyEvents(): SurveyEvents {
  const subscribers: SurveyEventSubscriber[] = [];
  return {
    subscribe: (subscriber) => void subscribers.push(subscriber),
    async record(trx, events) {
      if (events.length === 0) return false;
      let written = 0;
      for (const subscriber of subscribers) written += await subscriber(trx, events);
      return written > 0;
    },
  };
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
