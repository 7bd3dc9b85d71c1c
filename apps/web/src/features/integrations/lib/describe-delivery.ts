import {
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type DeliveryAttempt,
  type DeliveryStatus,
  type WebhookEvent,
} from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import type { TestEventResult } from '../api/send-test-event';

/** A delivery's status in words, in the current language. */
export const deliveryStatusLabel = (status: DeliveryStatus) => i18n.t(`integrations:status.${status}`);

export const DELIVERY_STATUS_TONES: Readonly<Record<DeliveryStatus, 'warning' | 'success' | 'danger'>> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

const isWebhookEvent = (event: string): event is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(event);

/** What a delivery's event means ("A response is submitted", "Test event"); null for an event this app does not know. */
export function eventLabel(event: string): string | null {
  if (event === WEBHOOK_TEST_EVENT) return i18n.t('integrations:events.test');
  return isWebhookEvent(event) ? webhookEventLabel(event) : null;
}

/** What a webhook event means ("A response is submitted"), in the current language. */
export function webhookEventLabel(event: WebhookEvent): string {
  return i18n.t(`integrations:events.${event.replace('.', '_')}`);
}

/** A receiver's answer counts as received when its status is 2xx. */
export const isSuccess = (attempt: DeliveryAttempt) =>
  attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;

/** How one attempt ended: "HTTP 200", or why no status came ("timed out after 10 s"). */
export function attemptOutcome(attempt: DeliveryAttempt): string {
  if (attempt.statusCode !== null) return `HTTP ${attempt.statusCode}`;
  return attempt.error ?? i18n.t('integrations:delivery.noAnswer');
}

export const formatDurationMs = (ms: number) =>
  ms < 1000
    ? i18n.t('integrations:delivery.milliseconds', { ms })
    : i18n.t('integrations:delivery.seconds', { seconds: ms / 1000 });

/** The toast after "Send test event": how the endpoint answered the first attempt, or that it is still waited for. */
export function describeTestResult({ delivery, answered }: TestEventResult): string {
  const last = delivery.attempts.at(-1);
  if (!answered || !last) {
    if (delivery.status === 'delivered') return i18n.t('integrations:test.delivered');
    return i18n.t('integrations:test.sent');
  }
  const took = formatDurationMs(last.durationMs);
  const outcome = attemptOutcome(last);
  if (isSuccess(last)) return i18n.t('integrations:test.answered', { outcome, took });
  return delivery.status === 'pending'
    ? i18n.t('integrations:test.failedWillRetry', { outcome, took })
    : i18n.t('integrations:test.failed', { outcome, took });
}
