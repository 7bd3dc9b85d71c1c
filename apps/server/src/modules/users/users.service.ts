import { MESSAGES, type AuthUser, type LoginResponse, type VerifyEmailResponse } from '@quorum/contract';
import type { AppContext } from '../../context';
import { addMinutes } from '../../lib/clock';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  AccountLockedError,
  UnauthorizedError,
} from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { VERIFICATION_VALID_HOURS, verificationEmail, verificationLink } from '../../mail/verification-email';
import { createAccountService, createLockout, lockoutPolicy, type LockState, createLoginAudit } from '../auth';
import type { Principal } from '../../lib/principal';
import { createTwoFactorService } from '../two-factor';
import { consumeVerification, findVerification, renewVerification } from './email-verifications.repository';
import { findUserByEmail, registerAccount, type UserRow } from './users.repository';

const toAuthUser = (row: Pick<UserRow, 'id' | 'name' | 'email'>): AuthUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  type: 'user',
});

export type UsersDeps = Pick<AppContext, 'db' | 'clock' | 'tokens' | 'mailer' | 'config' | 'audit' | 'liveEvents'>;

/** The rules of user accounts: registration, verification, login, profile and password. */
export function createUsersService(deps: UsersDeps) {
  const { db, clock, tokens, mailer, config } = deps;
  const lockout = createLockout(db, clock, lockoutPolicy('user', config.lockoutAccountCeiling));
  const account = createAccountService(deps);
  const twoFactor = createTwoFactorService(deps);
  const loginAudit = createLoginAudit(deps.audit, 'user');

  const lockedError = (state: LockState) => new AccountLockedError('ACCOUNT_LOCKED', state.minutesLeft);

  const invalidLink = () => new BadRequestError('VERIFICATION_LINK_INVALID');

  /** A new link's token and the times it is made and expires. */
  function newLink() {
    const now = clock.now();
    const { token, hash } = newLinkToken();
    return {
      token,
      row: {
        token_hash: hash,
        expires_at: addMinutes(now, VERIFICATION_VALID_HOURS * 60).toISOString(),
        created_at: now.toISOString(),
      },
    };
  }

  /** Mails a link in the background (a failed send is logged, the answer does not wait for it). */
  function mailLink(to: string, name: string, token: string, context: string): void {
    const link = verificationLink(config.publicUrl, token);
    mailer.deliver(verificationEmail({ to, name, link }), context);
  }

  return {
    /**
     * Registers an email and mails a verification link to it. A free email gets a new, unverified account. An
     * email held by an unverified account answers exactly the same: the registration is added to that account
     * with its own link, and the account takes the name and password of whichever registration's link is
     * opened first (so nobody can hold an address they cannot read mail at). A verified account's email is
     * refused with 409.
     */
    async register(input: { name: string; email: string; password: string }): Promise<{ message: string }> {
      const passwordHash = await hashPassword(input.password);
      // A second try only when the sweep removed the unverified account between our two statements.
      for (let attempt = 1; attempt <= 3; attempt++) {
        const { token, row } = newLink();
        const outcome = await registerAccount(
          db,
          {
            id: newId(),
            name: input.name,
            email: input.email,
            password_hash: passwordHash,
            email_verified_at: null,
            token_version: 0,
            created_at: row.created_at,
            updated_at: row.created_at,
          },
          { ...row, used_at: null, pending_name: input.name, pending_password_hash: passwordHash },
        );
        if (outcome === 'taken') throw new ConflictError('EMAIL_TAKEN');
        if (outcome !== 'vanished') {
          mailLink(input.email, input.name, token, 'registration');
          return { message: MESSAGES.registered };
        }
      }
      throw new Error('registration: the unverified account kept vanishing');
    },

    /**
     * Sends a fresh link for the newest registration when the email belongs to an unverified account; says
     * nothing either way.
     */
    async resendVerification(email: string): Promise<{ message: string }> {
      const user = await findUserByEmail(db.kysely, email);
      if (user && !user.email_verified_at) {
        const { token, row } = newLink();
        const renewed = await renewVerification(db, user.id, row);
        if (renewed) mailLink(user.email, renewed.pendingName ?? user.name, token, 'verification resend');
      }
      return { message: MESSAGES.resendGeneric };
    },

    /**
     * Opens a verification link: verifies the account with the link's registration, once. The same link
     * again answers alreadyVerified; a link that lost to another registration's link, like an unknown or
     * expired one, is invalid.
     */
    async verifyEmail(token: string): Promise<VerifyEmailResponse> {
      const row = await findVerification(db.kysely, hashLinkToken(token));
      if (!row) throw invalidLink();
      if (row.used_at) return { message: MESSAGES.alreadyVerified, alreadyVerified: true };
      const now = clock.now();
      if (new Date(row.expires_at) <= now || row.email_verified_at) throw invalidLink();
      const outcome = await consumeVerification(db, row, now.toISOString());
      if (outcome === 'superseded') throw invalidLink();
      if (outcome === 'alreadyVerified') return { message: MESSAGES.alreadyVerified, alreadyVerified: true };
      return { message: MESSAGES.verified };
    },

    /**
     * Checks the lock first (a locked email is refused even with the right password), then the
     * password (unknown emails spend the same time), then verification. Failures count per email and
     * client address, known email or not, so the lock reveals nothing either; a lock of one address
     * leaves the others free, until the failures from all addresses reach the account ceiling. With
     * two-factor sign-in on, a right password answers the ticket to the second step instead of a session,
     * and the failure count stays until a code completes the sign-in. Every outcome is audited.
     */
    async login(email: string, password: string, address: string): Promise<LoginResponse> {
      const state = await lockout.status(email, address);
      if (state.locked) {
        await loginAudit.failed(await findUserByEmail(db.kysely, email), email, address, 'locked');
        throw lockedError(state);
      }
      const user = await findUserByEmail(db.kysely, email);
      let passwordOk = false;
      if (user) passwordOk = await verifyPassword(user.password_hash, password);
      else await verifyAgainstDummy(password);
      if (!user || !passwordOk) {
        const after = await lockout.recordFailure(email, address);
        await loginAudit.failed(user, email, address, 'password');
        if (after.locked) {
          await loginAudit.locked(user, email, address, after.minutesLeft);
          throw lockedError(after);
        }
        throw new UnauthorizedError('INVALID_CREDENTIALS');
      }
      if (!user.email_verified_at) {
        await loginAudit.failed(user, email, address, 'unverified');
        throw new ForbiddenError('EMAIL_NOT_VERIFIED');
      }
      const mfaToken = await twoFactor.challenge('user', user);
      if (mfaToken) return { mfaRequired: true, mfaToken };
      await lockout.reset(email, address);
      await loginAudit.succeeded(user, address, 'password');
      const token = await tokens.sign({ sub: user.id, role: 'user', ver: user.token_version });
      return { token, user: toAuthUser(user) };
    },

    /** Changes the name only; the email never changes here (shared with administrators). */
    updateProfile: (principal: Principal, name: string) => account.updateProfile(principal, name),

    /** Checks the current password, stores the new one, bumps the token version; answers a fresh token. */
    changePassword: (principal: Principal, body: { currentPassword: string; newPassword: string }, address: string) =>
      account.changePassword(principal, body, address),
  };
}
