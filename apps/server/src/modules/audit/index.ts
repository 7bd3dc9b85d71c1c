// The audit module's face: what other modules may use of it (docs/architecture.md).
export { createAuditLog } from './audit-log';
export { startAuditSweep } from './audit-sweep';
export { auditRoutes } from './audit.routes';
