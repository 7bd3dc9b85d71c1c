// The notifications module's face: what other modules may use of it (docs/architecture.md).
export { startDigests } from './digest';
export { deleteMailOfUser, enqueueMail } from './mail-outbox.repository';
export { startMailWorker } from './mail-worker';
export { enqueueNotificationMail } from './notification-outbox';
export { notificationsRoutes } from './notifications.routes';
