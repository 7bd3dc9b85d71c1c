import { WEBHOOK_LIMITS } from '@quorum/contract';

/** The Integrations tab's own texts; the server's messages are shown as they come. */
export const INTEGRATIONS_MESSAGES = {
  loadFailed: 'Could not load the webhooks.',
  createFailed: 'Could not add the webhook. Please try again.',
  updateFailed: 'Could not save the webhook. Please try again.',
  toggleFailed: 'Could not change the webhook. Please try again.',
  deleteFailed: 'Could not delete the webhook. Please try again.',
  testFailed: 'Could not send the test event. Please try again.',
  deliveriesFailed: 'Could not load the deliveries.',
  resendFailed: 'Could not send the delivery again. Please try again.',
  limitReached: `A survey can have at most ${WEBHOOK_LIMITS.perSurvey} webhooks`,
  pending: 'This delivery is still being sent',
  saved: 'Webhook saved.',
  enabled: 'Webhook turned on: new events are sent to it again.',
  disabled: 'Webhook turned off: no events are sent to it.',
  deleted: 'Webhook deleted.',
  resent: 'The delivery will be sent again.',
} as const;
