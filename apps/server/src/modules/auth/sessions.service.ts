import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { ForbiddenError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { bumpTokenVersion } from './account.repository';
import { deleteExpiredRevocations, revokeToken } from './revoked-tokens.repository';
import { CLOCK_SKEW_SECONDS } from './tokens';

export type SessionsDeps = Pick<AppContext, 'db' | 'clock' | 'audit'>;

/**
 * Signing out, the same for users and administrators. One device: the calling token's id is revoked, kept
 * until the token would have expired (plus the clock difference instances may show), and the guard refuses it
 * on every instance from then on. All devices: the account's token version is bumped, which ends every token
 * it holds, this one included.
 */
export function createSessionsService(deps: SessionsDeps) {
  const { db, clock, audit } = deps;
  return {
    async signOut(principal: Principal, address: string): Promise<void> {
      if (!principal.session) throw new ForbiddenError('API_KEY_NOT_ALLOWED');
      const keepUntil = new Date(principal.session.expiresAt.getTime() + CLOCK_SKEW_SECONDS * 1000);
      await revokeToken(db.kysely, principal.session.id, keepUntil.toISOString());
      await audit.record({
        type: 'auth.logout',
        actor: auditActor(principal),
        address,
        target: { type: principal.type, id: principal.id },
        details: { scope: 'this-device' },
      });
    },

    async signOutEverywhere(principal: Principal, address: string): Promise<void> {
      await bumpTokenVersion(db.kysely, principal.type, principal.id, clock.now().toISOString());
      await audit.record({
        type: 'auth.logout',
        actor: auditActor(principal),
        address,
        target: { type: principal.type, id: principal.id },
        details: { scope: 'all-devices' },
      });
    },
  };
}

/** Forgets the revoked ids whose tokens have expired by now; answers how many (the hourly sweep). */
export function sweepRevokedTokens(deps: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  return deleteExpiredRevocations(deps.db.kysely, deps.clock.now().toISOString());
}
