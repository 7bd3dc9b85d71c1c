import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookBody,
  type CreatedWebhook,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryList,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookList,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { addressPolicy } from '../../images/image-check';
import { createSurveyAccess } from '../surveys';
import { createSecretBox } from '../two-factor';
import { deliveryRow, parseEvents } from './webhook-outbox';
import { requireResponseScopeFor, requireResponsesScope } from './webhook-scopes';
import { urlAllowed } from './webhook-sender';
import {
  attemptsOf,
  countWebhooks,
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertDeliveries,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  moveWebhookCount,
  requeueDelivery,
  updateWebhook,
  type AttemptRow,
  type DeliveryRow,
  type WebhookRow,
} from './webhooks.repository';

/** What a webhook's signing secret is sealed to: its webhook. */
export const webhookSecretContext = (webhookId: string) => `webhook:${webhookId}`;

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: parseEvents(row.events),
  enabled: row.enabled === 1,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function toDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): Delivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    createdAt: row.created_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    attempts: attempts.map((a): DeliveryAttempt => ({
      attemptedAt: a.attempted_at,
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      error: a.error,
      responseSnippet: a.response_snippet,
    })),
  };
}

/** The host of a URL, for the audit log (never its path or query, which may hold a token). */
const hostOf = (url: string) => new URL(url).host;

export type WebhooksDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'audit' | 'outbox'>;

/**
 * A survey's webhooks, managed by the editors and owners of its workspace (viewers and administrators 403,
 * anyone else 404). `surveys.webhook_count` follows the number of enabled webhooks in the same transaction as every
 * change, under the survey's row lock. An API key also needs `responses:read` for whatever sends or shows
 * responses (see webhook-scopes): creating a webhook for such events, adding one to a webhook or changing the URL
 * of a webhook that has one, resending such a delivery, and reading the deliveries.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { clock, audit } = deps;
  const db = deps.db.kysely;
  const access = createSurveyAccess(deps);
  const box = createSecretBox(deps.config.jwtSecret);
  const allowAddress = addressPolicy(deps.config.outboundAllowPrivate);

  /** 400 WEBHOOK_URL_NOT_ALLOWED unless the URL's host is, and resolves only to, addresses deliveries may reach. */
  async function assertUrlAllowed(url: string): Promise<void> {
    if (!(await urlAllowed(url, allowAddress))) throw new BadRequestError('WEBHOOK_URL_NOT_ALLOWED');
  }

  async function loadWebhook(principal: Principal, surveyId: string, webhookId: string) {
    const survey = await access.loadSurveyFor(principal, surveyId, 'manage-webhooks');
    const webhook = await findWebhook(db, survey.id, webhookId);
    if (!webhook) throw new NotFoundError('WEBHOOK_NOT_FOUND');
    return { survey, webhook };
  }

  async function deliveryWithAttempts(row: DeliveryRow): Promise<Delivery> {
    return toDelivery(row, await attemptsOf(db, [row.id]));
  }

  const auditDetails = (webhookId: string, url: string, more: Record<string, string | number | boolean> = {}) => ({
    webhookId,
    host: hostOf(url),
    ...more,
  });

  return {
    /** POST …/webhooks: at most WEBHOOK_LIMITS.perSurvey per survey; the secret is answered this once. */
    async create(principal: Principal, surveyId: string, body: CreateWebhookBody, address: string) {
      await access.loadSurveyFor(principal, surveyId, 'manage-webhooks');
      requireResponseScopeFor(principal, body.events);
      await assertUrlAllowed(body.url);
      const now = clock.now().toISOString();
      const id = newId();
      const secret = newSecret();
      const row: WebhookRow = {
        id,
        survey_id: surveyId,
        url: body.url,
        events: JSON.stringify(body.events),
        secret_box: box.seal(secret, webhookSecretContext(id)),
        enabled: 1,
        disabled_reason: null,
        failure_streak: 0,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await access.loadSurveyFor(principal, surveyId, 'manage-webhooks', { lockIn: trx });
        if ((await countWebhooks(trx, surveyId)) >= WEBHOOK_LIMITS.perSurvey) {
          throw new ConflictError('WEBHOOK_LIMIT_REACHED', { limit: WEBHOOK_LIMITS.perSurvey });
        }
        await insertWebhook(trx, row);
        await moveWebhookCount(trx, surveyId, 1);
      });
      await audit.record({
        type: 'webhook.created',
        actor: auditActor(principal),
        address,
        target: { type: 'survey', id: surveyId },
        details: auditDetails(id, body.url, { events: body.events.join(',') }),
      });
      return { ...toWebhook(row), secret } satisfies CreatedWebhook;
    },

    /** GET …/webhooks: oldest first. */
    async list(principal: Principal, surveyId: string): Promise<WebhookList> {
      const survey = await access.loadSurveyFor(principal, surveyId, 'manage-webhooks');
      return { webhooks: (await listWebhooks(db, survey.id)).map(toWebhook) };
    },

    /**
     * PATCH …/webhooks/:webhookId: a new URL (checked like a new webhook's), events, or on/off. Turning a
     * webhook on starts its failure count afresh. Events that carry responses, added or kept under a new URL,
     * need an API key's `responses:read`.
     */
    async update(
      principal: Principal,
      surveyId: string,
      webhookId: string,
      body: UpdateWebhookBody,
      address: string,
    ): Promise<Webhook> {
      const { webhook } = await loadWebhook(principal, surveyId, webhookId);
      const before = parseEvents(webhook.events);
      const after = body.events ?? before;
      requireResponseScopeFor(principal, [
        ...after.filter((event) => !before.includes(event)),
        ...(body.url !== undefined ? after : []),
      ]);
      if (body.url !== undefined) await assertUrlAllowed(body.url);
      const now = clock.now().toISOString();
      const updated = await db.transaction().execute(async (trx) => {
        await access.loadSurveyFor(principal, surveyId, 'manage-webhooks', { lockIn: trx });
        const current = await findWebhook(trx, surveyId, webhookId);
        if (!current) throw new NotFoundError('WEBHOOK_NOT_FOUND');
        const enabled = body.enabled === undefined ? current.enabled : body.enabled ? 1 : 0;
        const patch: Partial<WebhookRow> = {
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
          enabled,
          ...(enabled === 1 && current.enabled === 0 ? { failure_streak: 0, disabled_reason: null } : {}),
          ...(enabled === 0 && current.enabled === 1 ? { disabled_reason: null } : {}),
          updated_at: now,
        };
        await updateWebhook(trx, webhookId, patch);
        await moveWebhookCount(trx, surveyId, enabled - current.enabled);
        return { ...current, ...patch };
      });
      await audit.record({
        type: 'webhook.updated',
        actor: auditActor(principal),
        address,
        target: { type: 'survey', id: surveyId },
        details: auditDetails(webhookId, updated.url, {
          events: (body.events ?? parseEvents(updated.events)).join(','),
          enabled: updated.enabled === 1,
        }),
      });
      return toWebhook(updated);
    },

    /** DELETE …/webhooks/:webhookId: with its deliveries and their attempts; pending deliveries are not sent. */
    async remove(principal: Principal, surveyId: string, webhookId: string, address: string): Promise<void> {
      await loadWebhook(principal, surveyId, webhookId);
      const removed = await db.transaction().execute(async (trx) => {
        await access.loadSurveyFor(principal, surveyId, 'manage-webhooks', { lockIn: trx });
        const current = await findWebhook(trx, surveyId, webhookId);
        if (!current) throw new NotFoundError('WEBHOOK_NOT_FOUND');
        await deleteWebhook(trx, webhookId);
        await moveWebhookCount(trx, surveyId, -current.enabled);
        return current;
      });
      await audit.record({
        type: 'webhook.deleted',
        actor: auditActor(principal),
        address,
        target: { type: 'survey', id: surveyId },
        details: auditDetails(webhookId, removed.url),
      });
    },

    /**
     * POST …/webhooks/:webhookId/test: a `webhook.test` delivery to this webhook only, through the outbox like
     * any other (sent even while the webhook is off, so its owner can check a receiver before turning it on). It
     * carries a fixed message and no response, so `surveys:write` is enough for an API key.
     */
    async sendTest(principal: Principal, surveyId: string, webhookId: string): Promise<Delivery> {
      const { survey, webhook } = await loadWebhook(principal, surveyId, webhookId);
      const now = clock.now().toISOString();
      const row = deliveryRow(
        webhook.id,
        survey.id,
        {
          event: WEBHOOK_TEST_EVENT,
          createdAt: now,
          survey: { id: survey.id, title: survey.title },
          data: { message: 'This is a test event from Quorum.' },
        },
        now,
      );
      await insertDeliveries(db, [row]);
      deps.outbox.nudge();
      return toDelivery(row, []);
    },

    /**
     * GET …/webhooks/:webhookId/deliveries: the newest WEBHOOK_LIMITS.deliveriesListed, each with its attempts. The
     * receivers' answers may echo what was sent, so an API key needs `responses:read`.
     */
    async deliveries(principal: Principal, surveyId: string, webhookId: string): Promise<DeliveryList> {
      const { webhook } = await loadWebhook(principal, surveyId, webhookId);
      requireResponsesScope(principal);
      const rows = await listDeliveries(db, webhook.id, WEBHOOK_LIMITS.deliveriesListed);
      const attempts = await attemptsOf(
        db,
        rows.map((row) => row.id),
      );
      const byDelivery = new Map<string, AttemptRow[]>();
      for (const attempt of attempts) {
        const list = byDelivery.get(attempt.delivery_id) ?? [];
        list.push(attempt);
        byDelivery.set(attempt.delivery_id, list);
      }
      return { deliveries: rows.map((row) => toDelivery(row, byDelivery.get(row.id) ?? [])) };
    },

    /**
     * POST …/deliveries/:deliveryId/resend: the same delivery (same id and body, so a receiver still drops it as
     * a repeat if it had it) goes back to pending with a fresh attempt budget; its earlier attempts stay listed.
     * 409 DELIVERY_PENDING while it is pending. A delivery that carries a response needs an API key's
     * `responses:read`.
     */
    async resend(principal: Principal, surveyId: string, webhookId: string, deliveryId: string): Promise<Delivery> {
      const { webhook } = await loadWebhook(principal, surveyId, webhookId);
      const delivery = await findDelivery(db, webhook.id, deliveryId);
      if (!delivery) throw new NotFoundError('DELIVERY_NOT_FOUND');
      requireResponseScopeFor(principal, [delivery.event]);
      const now = clock.now().toISOString();
      if (!(await requeueDelivery(db, delivery.id, now))) throw new ConflictError('DELIVERY_PENDING');
      deps.outbox.nudge();
      return deliveryWithAttempts({
        ...delivery,
        status: 'pending',
        attempt_count: 0,
        next_attempt_at: now,
        locked_until: null,
        completed_at: null,
      });
    },
  };
}
