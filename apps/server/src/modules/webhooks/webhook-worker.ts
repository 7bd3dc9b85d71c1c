import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from '@quorum/contract';
import type { AppContext } from '../../context';
import { claimDue } from '../../outbox/outbox.repository';
import { newId } from '../../lib/ids';
import { retryDelayMs, startOutboxWorker, type OutboxWorker } from '../../outbox/outbox';
import { addressPolicy } from '../../images/image-check';
import { enqueueMail } from '../notifications';
import { createSecretBox } from '../two-factor';
import { sendDelivery, type SendOutcome } from './webhook-sender';
import { webhookSecretContext } from './webhooks.service';
import {
  deliveryToSend,
  disableWebhook,
  insertAttempt,
  moveWebhookCount,
  setFailureStreak,
  settleDelivery,
} from './webhooks.repository';

/** Each later retry waits this many times longer than the one before. */
const RETRY_FACTOR = 3;
/** Deliveries one instance sends at once. */
const CONCURRENCY = 8;
/** A claimed delivery stays this instance's for the send's time limit and this much more. */
const LEASE_MARGIN_MS = 30_000;

export const DISABLED_REASON = `Turned off after ${WEBHOOK_LIMITS.failuresBeforeDisable} deliveries in a row failed`;

export type WebhookWorkerDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'audit'>;

/**
 * Sends due webhook deliveries: claims them with a lease, POSTs each stored body signed with its webhook's
 * secret, and records every attempt. A 2xx delivers; anything else (a status, a 3xx, a timeout, a refused
 * address) is retried after retryDelayMs(attempt, WEBHOOK_RETRY_BASE_MS, 3) until WEBHOOK_LIMITS.attempts,
 * then the delivery has failed. WEBHOOK_LIMITS.failuresBeforeDisable failed deliveries in a row turn the webhook
 * off, and its owner gets a mail, in the same transaction. Deliveries of a webhook that is off or deleted are
 * not sent (test events excepted while it exists). The outcome is written only while this instance's lease
 * holds, so a send whose lease ran out changes nothing another instance recorded.
 */
export function startWebhookWorker(deps: WebhookWorkerDeps): OutboxWorker {
  const { clock, config, log } = deps;
  const db = deps.db.kysely;
  const box = createSecretBox(config.jwtSecret);
  const allowAddress = addressPolicy(config.outboundAllowPrivate);
  const leases = new Map<string, string>();
  const stopping = new AbortController();

  async function record(
    deliveryId: string,
    lease: string,
    attemptCount: number,
    outcome: SendOutcome,
    webhook: { id: string; survey_id: string; owner_id: string; url: string } | undefined,
    countsTowardsStreak: boolean,
  ): Promise<void> {
    const now = clock.now();
    const at = now.toISOString();
    const delivered = outcome.error === null;
    const attempts = attemptCount + 1;
    const final = delivered || attempts >= WEBHOOK_LIMITS.attempts;
    let disabled = false;
    await db.transaction().execute(async (trx) => {
      const settled = await settleDelivery(trx, deliveryId, lease, {
        status: delivered ? 'delivered' : final ? 'failed' : 'pending',
        attempt_count: attempts,
        next_attempt_at: final
          ? null
          : new Date(now.getTime() + retryDelayMs(attempts, config.webhooks.retryBaseMs, RETRY_FACTOR)).toISOString(),
        completed_at: final ? at : null,
      });
      if (!settled) return;
      await insertAttempt(trx, {
        id: newId(),
        delivery_id: deliveryId,
        attempted_at: at,
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        error: outcome.error,
        response_snippet: outcome.snippet,
      });
      if (!webhook || !final || !countsTowardsStreak) return;
      const streak = await setFailureStreak(trx, webhook.id, !delivered);
      if (delivered || streak < WEBHOOK_LIMITS.failuresBeforeDisable) return;
      disabled = await disableWebhook(trx, webhook.id, DISABLED_REASON, at);
      if (!disabled) return;
      await moveWebhookCount(trx, webhook.survey_id, -1);
      await enqueueMail(
        trx,
        webhook.owner_id,
        { kind: 'webhook-disabled', payload: { surveyId: webhook.survey_id, webhookId: webhook.id, url: webhook.url } },
        at,
      );
    });
    if (disabled && webhook) {
      await deps.audit.record({
        type: 'webhook.disabled',
        actor: null,
        address: null,
        target: { type: 'survey', id: webhook.survey_id },
        details: { webhookId: webhook.id, host: new URL(webhook.url).host, reason: DISABLED_REASON },
      });
    }
  }

  async function handle(deliveryId: string): Promise<void> {
    const lease = leases.get(deliveryId);
    leases.delete(deliveryId);
    if (!lease) return;
    const found = await deliveryToSend(db, deliveryId);
    if (!found || found.delivery.status !== 'pending' || found.delivery.locked_until !== lease) return;
    const { delivery, webhook } = found;
    const isTest = delivery.event === WEBHOOK_TEST_EVENT;
    const refusal = !webhook
      ? 'The webhook was deleted'
      : webhook.enabled !== 1 && !isTest
        ? 'The webhook is turned off'
        : undefined;
    const secret =
      webhook && refusal === undefined ? box.open(webhook.secret_box, webhookSecretContext(webhook.id)) : undefined;
    if (!webhook || refusal !== undefined || secret === undefined) {
      // Not sent: the delivery ends at once, and the webhook's failure count does not move.
      const error = refusal ?? 'The signing secret cannot be read (the server secret changed)';
      const outcome: SendOutcome = { statusCode: null, error, snippet: null, durationMs: 0 };
      await record(delivery.id, lease, WEBHOOK_LIMITS.attempts - 1, outcome, webhook, false);
      return;
    }
    const outcome = await sendDelivery({
      url: webhook.url,
      body: delivery.payload,
      event: delivery.event,
      deliveryId: delivery.id,
      secret,
      timestamp: Math.floor(clock.now().getTime() / 1000),
      allowAddress,
      timeoutMs: config.webhooks.timeoutMs,
      signal: stopping.signal,
    });
    // Test events never move the failure count: they are the owner's checks, not the survey's events.
    await record(delivery.id, lease, delivery.attempt_count, outcome, webhook, !isTest);
  }

  const worker = startOutboxWorker({
    name: 'webhook deliveries',
    log,
    pollMs: config.outboxPollMs,
    concurrency: CONCURRENCY,
    async claim(limit) {
      const now = clock.now();
      const lease = new Date(now.getTime() + config.webhooks.timeoutMs + LEASE_MARGIN_MS).toISOString();
      const ids = await claimDue(deps.db, 'webhook_deliveries', now.toISOString(), lease, limit);
      for (const id of ids) leases.set(id, lease);
      return ids;
    },
    handle,
  });
  return {
    nudge: () => worker.nudge(),
    async stop() {
      // Sends in flight are cut short; their deliveries are due again when their leases run out.
      const stopped = worker.stop();
      stopping.abort();
      await stopped;
    },
  };
}
