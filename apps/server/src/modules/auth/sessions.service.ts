import type { AppContext } from '../../context';
import { announceAccessEnded } from '../../events/live-events';
import { auditActor } from '../../lib/audit';
import { ForbiddenError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { bumpTokenVersion } from './account.repository';
import { deleteExpiredRevocations, revokeToken } from './revoked-tokens.repository';
import { CLOCK_SKEW_SECONDS } from './tokens';

export type SessionsDeps = Pick<AppContext, 'db' | 'clock' | 'audit' | 'liveEvents' | 'signOutApiKeys'>;

/**
 * Signing out, the same for users and administrators. One device: the calling token's id is revoked, kept
 * until the token would have expired (plus the clock difference instances may show), and the guard refuses it
 * on every instance from then on. All devices: the account's token version is bumped, which ends every token
 * it holds, this one included, and a user's API keys are revoked with it (in the same transaction). Either way
 * the live results streams the ended sessions (and keys) opened close, on every instance.
 */
export function createSessionsService(deps: SessionsDeps) {
  const { db, clock, audit, liveEvents, signOutApiKeys } = deps;
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
      announceAccessEnded(liveEvents, principal);
    },

    async signOutEverywhere(principal: Principal, address: string): Promise<void> {
      const revokedKeys = await db.kysely.transaction().execute(async (trx) => {
        await bumpTokenVersion(trx, principal.type, principal.id, clock.now().toISOString());
        return principal.type === 'user' ? signOutApiKeys(trx, principal.id) : undefined;
      });
      await audit.record({
        type: 'auth.logout',
        actor: auditActor(principal),
        address,
        target: { type: principal.type, id: principal.id },
        details: { scope: 'all-devices' },
      });
      await revokedKeys?.record(auditActor(principal), address);
      announceAccessEnded(liveEvents, principal);
    },
  };
}

/** Forgets the revoked ids whose tokens have expired by now; answers how many (the hourly sweep). */
export function sweepRevokedTokens(deps: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  return deleteExpiredRevocations(deps.db.kysely, deps.clock.now().toISOString());
}
