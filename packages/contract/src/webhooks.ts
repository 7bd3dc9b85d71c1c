import { z } from 'zod';
import { isHttpUrl } from './urls';

// ---------------------------------------------------------------------------
// A survey's webhooks: /api/surveys/:surveyId/webhooks[/:webhookId[/test|/deliveries[/:deliveryId/resend]]]
// ---------------------------------------------------------------------------

export const WEBHOOK_EVENTS = ['response.created', 'response.deleted', 'survey.closed'] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, {
  error: `An event is one of ${WEBHOOK_EVENTS.join(', ')}`,
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The event "Send test event" sends: only ever to that one webhook, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  event: 'X-Quorum-Event',
  delivery: 'X-Quorum-Delivery',
  timestamp: 'X-Quorum-Timestamp',
  signature: 'X-Quorum-Signature',
} as const;

export const WEBHOOK_LIMITS = {
  url: 2048,
  /** Webhooks one survey may have. */
  perSurvey: 10,
  /** Attempts per delivery, the first included, before it is marked failed. */
  attempts: 8,
  /** Deliveries in a row that fail for good before the webhook is disabled and its owner told. */
  failuresBeforeDisable: 3,
  /** Characters of a receiver's answer kept with an attempt. */
  responseSnippet: 500,
  /** Deliveries GET …/deliveries returns, newest first. */
  deliveriesListed: 50,
} as const;

const webhookUrlSchema = z
  .string({ error: 'The webhook URL must be an http(s) URL' })
  .trim()
  .max(WEBHOOK_LIMITS.url, { error: `The webhook URL must be at most ${WEBHOOK_LIMITS.url} characters` })
  .refine(isHttpUrl, { error: 'The webhook URL must be an http(s) URL' });

const eventsSchema = z
  .array(webhookEventSchema, { error: 'events must be a list of events' })
  .min(1, { error: 'Choose at least one event' })
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, { error: 'Each event may be listed once' });

/** POST …/webhooks. */
export const createWebhookBodySchema = z.object({ url: webhookUrlSchema, events: eventsSchema }).strict();
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** PATCH …/webhooks/:webhookId: any of the three; `enabled: true` turns a disabled webhook back on. */
export const updateWebhookBodySchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .strict();
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  /** Why it is off when the server turned it off (deliveries kept failing); null otherwise. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** 201 of POST …/webhooks: the signing secret, shown this once ("whsec_…"). */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookParamsSchema = z.object({
  surveyId: z.string().min(1).max(64),
  webhookId: z.string().min(1).max(64),
});
export const deliveryParamsSchema = webhookParamsSchema.extend({ deliveryId: z.string().min(1).max(64) });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One try at sending a delivery. */
export const deliveryAttemptSchema = z.object({
  attemptedAt: z.string(),
  /** The receiver's HTTP status; null when none came (timeout, refused address, connection error). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why it failed without a status ("timed out after 10 s", "address not allowed"); null otherwise. */
  error: z.string().nullable(),
  /** The start of the receiver's answer. */
  responseSnippet: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const deliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  createdAt: z.string(),
  /** When the next try is due while pending; null otherwise. */
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(deliveryAttemptSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** GET …/deliveries: newest first, at most WEBHOOK_LIMITS.deliveriesListed. */
export const deliveryListSchema = z.object({ deliveries: z.array(deliverySchema) });
export type DeliveryList = z.infer<typeof deliveryListSchema>;

/** A response as `response.created` carries it: each answer with its question's text, keyed by question id. */
export const webhookResponseDataSchema = z.object({
  response: z.object({
    id: z.string(),
    submittedAt: z.string(),
    answers: z.record(z.string(), z.object({ question: z.string(), type: z.string(), answer: z.unknown() })),
    hiddenFields: z.record(z.string(), z.string()),
    /** The survey language it was answered in; its answers name the default language's options whatever it was. */
    language: z.string(),
  }),
});

/** The JSON body of every delivery. `data` depends on the event. */
export const webhookPayloadSchema = z.object({
  /** The delivery id, also in X-Quorum-Delivery: the same on every retry, so a receiver can drop repeats. */
  id: z.string(),
  event: z.string(),
  createdAt: z.string(),
  survey: z.object({ id: z.string(), title: z.string() }),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
