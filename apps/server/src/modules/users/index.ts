// The users module's face: what other modules may use of it (docs/architecture.md).
export { startAccountSweep } from './account-sweep';
export { accountRoutes } from './account.routes';
export { passwordResetRoutes } from './password-reset.routes';
export { usersRoutes } from './users.routes';
