// The auth module's face: what other modules may use of it (docs/architecture.md).
export { findAccountById } from './account.repository';
export { createAccountService, toAuthUser } from './account.service';
export { bearerToken, createAuthGuard, principalFromToken } from './auth.guard';
export { findPrincipal } from './auth.repository';
export { createLockout, lockoutPolicy, type LockState } from './lockout.service';
export { deleteLoginAttemptsOfEmail } from './login-attempts.repository';
export { createLoginAudit, type LoginMethod } from './login-audit';
export { createMfaTokenService } from './mfa-tokens';
export { sessionsRoutes } from './sessions.routes';
export { sweepRevokedTokens } from './sessions.service';
export { createTokenService } from './tokens';
