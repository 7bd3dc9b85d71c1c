import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type DeliveryAttempt,
  type DeliveryStatus,
  type WebhookEvent,
} from '@quorum/contract';
import type { TestEventResult } from '../api/send-test-event';

export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const DELIVERY_STATUS_TONES: Readonly<Record<DeliveryStatus, 'warning' | 'success' | 'danger'>> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

const isWebhookEvent = (event: string): event is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(event);

/** What a delivery's event means ("A response is submitted", "Test event"); null for an event this app does not know. */
export function eventLabel(event: string): string | null {
  if (event === WEBHOOK_TEST_EVENT) return 'Test event';
  return isWebhookEvent(event) ? WEBHOOK_EVENT_LABELS[event] : null;
}

/** A receiver's answer counts as received when its status is 2xx. */
export const isSuccess = (attempt: DeliveryAttempt) =>
  attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;

/** How one attempt ended: "HTTP 200", or why no status came ("timed out after 10 s"). */
export function attemptOutcome(attempt: DeliveryAttempt): string {
  if (attempt.statusCode !== null) return `HTTP ${attempt.statusCode}`;
  return attempt.error ?? 'No answer';
}

export const formatDurationMs = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The toast after "Send test event": how the endpoint answered the first attempt, or that it is still waited for. */
export function describeTestResult({ delivery, answered }: TestEventResult): string {
  const last = delivery.attempts.at(-1);
  if (!answered || !last) {
    if (delivery.status === 'delivered') return 'Test event delivered.';
    return 'Test event sent. Its result will show under Deliveries.';
  }
  const took = formatDurationMs(last.durationMs);
  if (isSuccess(last)) return `Test event delivered: your endpoint answered ${attemptOutcome(last)} in ${took}.`;
  const retry = delivery.status === 'pending' ? ' It will be tried again; see Deliveries.' : '';
  return `Test event failed: ${attemptOutcome(last)} after ${took}.${retry}`;
}
