// The webhooks module's face: what other modules may use of it (docs/architecture.md).
export { enqueueWebhookDeliveries } from './webhook-outbox';
export { startWebhookWorker } from './webhook-worker';
export { deleteWebhooksInWorkspaces } from './webhooks.repository';
export { webhooksRoutes } from './webhooks.routes';
