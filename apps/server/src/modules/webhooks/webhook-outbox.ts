import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  webhookEventSchema,
  type webhookResponseDataSchema,
  type WebhookEvent,
  type WebhookPayload,
} from '@quorum/contract';
import type { Database } from '../../db/schema';
import type { SurveyEvent } from '../../events/survey-events';
import { newId } from '../../lib/ids';
import { enabledWebhooksOf, insertDeliveries, type DeliveryRow } from './webhooks.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/** The `data` of an event's payload. */
function eventData(event: SurveyEvent): Record<string, unknown> {
  switch (event.type) {
    case 'response.created': {
      const questions = new Map(event.questions.map((q) => [q.id, q]));
      const answers = Object.fromEntries(
        Object.entries(event.response.answers).map(([questionId, answer]) => {
          const question = questions.get(questionId);
          return [questionId, { question: question?.text ?? '', type: question?.type ?? 'unknown', answer }];
        }),
      );
      const data: z.infer<typeof webhookResponseDataSchema> = {
        response: {
          id: event.response.id,
          submittedAt: event.response.submittedAt,
          answers,
          hiddenFields: Object.fromEntries(Object.entries(event.response.hiddenFields ?? {})),
          language: event.response.language,
        },
      };
      return data;
    }
    case 'response.deleted':
      return { responseId: event.responseId };
    case 'survey.closed':
      return { reason: event.reason };
  }
}

/** A pending delivery of `payload` (its `id` is the delivery id), due at `now`. */
export function deliveryRow(
  webhookId: string,
  surveyId: string,
  payload: Omit<WebhookPayload, 'id'>,
  now: string,
): DeliveryRow {
  const id = newId();
  return {
    id,
    webhook_id: webhookId,
    survey_id: surveyId,
    event: payload.event,
    payload: JSON.stringify({ id, ...payload }),
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now,
    locked_until: null,
    created_at: now,
    completed_at: null,
  };
}

/** The events a webhook subscribes to, as stored (a JSON list). */
export function parseEvents(stored: string): WebhookEvent[] {
  const list: unknown = JSON.parse(stored);
  return Array.isArray(list)
    ? list.flatMap((e) => {
        const event = webhookEventSchema.safeParse(e);
        return event.success ? [event.data] : [];
      })
    : [];
}

/**
 * Writes one pending delivery per enabled webhook of the event's survey that subscribes to its type, with the
 * body it will send, in the caller's transaction. Returns how many it wrote. A survey whose caller read no
 * enabled webhooks (`webhookCount` 0) costs no query.
 */
export async function enqueueWebhookDeliveries(trx: Executor, events: readonly SurveyEvent[]): Promise<number> {
  const relevant = events.filter((event) => (event.survey.webhookCount ?? 1) > 0);
  if (relevant.length === 0) return 0;
  const webhooks = await enabledWebhooksOf(trx, [...new Set(relevant.map((event) => event.survey.id))]);
  if (webhooks.length === 0) return 0;
  const subscribed = webhooks.map((webhook) => ({ ...webhook, events: new Set(parseEvents(webhook.events)) }));
  const rows: DeliveryRow[] = [];
  for (const event of relevant) {
    const receivers = subscribed.filter((w) => w.survey_id === event.survey.id && w.events.has(event.type));
    if (receivers.length === 0) continue;
    const payload = {
      event: event.type,
      createdAt: event.at,
      survey: { id: event.survey.id, title: event.survey.title },
      data: eventData(event),
    };
    for (const webhook of receivers) rows.push(deliveryRow(webhook.id, event.survey.id, payload, event.at));
  }
  await insertDeliveries(trx, rows);
  return rows.length;
}
