import {
  MESSAGES,
  type AuthUser,
  type ChangePasswordResponse,
  type UpdateProfileResponse,
  type UserType,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { announceAccessEnded } from '../../events/live-events';
import { auditActor } from '../../lib/audit';
import { BadRequestError, UnauthorizedError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { findAccountById, updateAccountName, updateAccountPassword } from './account.repository';
import type { Principal } from '../../lib/principal';

export type AccountDeps = Pick<AppContext, 'db' | 'clock' | 'tokens' | 'audit' | 'liveEvents'>;

const sessionEnded = () => new UnauthorizedError('INVALID_TOKEN');

export function toAuthUser(row: { id: string; name: string; email: string }, type: UserType): AuthUser {
  return { id: row.id, name: row.name, email: row.email, type };
}

/**
 * Profile and password changes, the same for users and administrators: the role picks the
 * table, the token role and nothing else. Used by the users and the administrators services.
 */
export function createAccountService(deps: AccountDeps) {
  const { db, clock, tokens, audit } = deps;
  return {
    /** Changes the display name; the email can never change here. */
    async updateProfile(principal: Principal, name: string): Promise<UpdateProfileResponse> {
      const row = await findAccountById(db.kysely, principal.type, principal.id);
      if (!row) throw sessionEnded();
      await updateAccountName(db.kysely, principal.type, principal.id, name, clock.now().toISOString());
      return { message: MESSAGES.profileUpdated, user: toAuthUser({ ...row, name }, principal.type) };
    },

    /**
     * Checks the current password, stores the new one and bumps the token version so every older
     * token stops working (the live results streams they opened close, on every instance); the answer carries a
     * fresh token for the browser that made the change. API keys stay: the change needs the current password, and
     * the keys are listed next to it to revoke. The new password's rules are checked by the contract's body
     * schema. Recorded as `auth.password.changed`.
     */
    async changePassword(
      principal: Principal,
      body: { currentPassword: string; newPassword: string },
      address: string,
    ): Promise<ChangePasswordResponse> {
      const row = await findAccountById(db.kysely, principal.type, principal.id);
      if (!row || row.token_version !== principal.tokenVersion) throw sessionEnded();
      if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
        throw new BadRequestError('CURRENT_PASSWORD_INCORRECT');
      }
      const version = await updateAccountPassword(
        db.kysely,
        principal.type,
        principal.id,
        await hashPassword(body.newPassword),
        row.token_version,
        clock.now().toISOString(),
      );
      if (version === undefined) throw sessionEnded();
      await audit.record({
        type: 'auth.password.changed',
        actor: auditActor(principal),
        address,
        target: { type: principal.type, id: principal.id },
      });
      announceAccessEnded(deps.liveEvents, principal);
      const token = await tokens.sign({ sub: principal.id, role: principal.type, ver: version });
      return { message: MESSAGES.passwordUpdated, token };
    },
  };
}
