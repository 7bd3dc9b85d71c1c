// The two-factor module's face: what other modules may use of it (docs/architecture.md).
export { createSecretBox } from './secret-box';
export { deleteTwoFactorRows } from './two-factor.repository';
export { twoFactorRoutes } from './two-factor.routes';
export { createTwoFactorService } from './two-factor.service';
