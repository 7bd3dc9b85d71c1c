import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, formatMessage, type AuthUser, type LoginResponse, type VerifyEmailResponse } from '@quorum/contract';
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
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { VERIFICATION_VALID_HOURS, verificationEmail, verificationLink } from '../../mail/verification-email';
import { changePassword, updateProfile } from '../auth/account.service';
import type { Principal } from '../auth/auth.guard';
import { createLockout, lockoutPolicy, type LockState } from '../auth/lockout.service';
import { consumeVerification, findVerification, replaceVerification } from './email-verifications.repository';
import { findUserByEmail, insertUserIfEmailFree, type UserRow } from './users.repository';

/** Verification tokens: 32 random bytes in the link; only their SHA-256 is stored. */
export function newVerificationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashVerificationToken(token) };
}

export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const toAuthUser = (row: Pick<UserRow, 'id' | 'name' | 'email'>): AuthUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  type: 'user',
});

/** The rules of user accounts: registration, verification, login, profile and password. */
export function createUsersService(ctx: AppContext) {
  const { db, clock, tokens, mailer, config } = ctx;
  const lockout = createLockout(db, clock, lockoutPolicy('user', config.lockoutAccountCeiling));

  const lockedError = (state: LockState) =>
    new AccountLockedError(formatMessage(MESSAGES.accountLocked, { n: state.minutesLeft }), state.minutesLeft);

  /** Makes a fresh link for the user and mails it in the background (a failed send is logged). */
  async function sendVerification(user: Pick<UserRow, 'id' | 'name' | 'email'>, context: string): Promise<void> {
    const now = clock.now();
    const { token, hash } = newVerificationToken();
    await replaceVerification(db.kysely, {
      token_hash: hash,
      user_id: user.id,
      expires_at: addMinutes(now, VERIFICATION_VALID_HOURS * 60).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    });
    const link = verificationLink(config.publicUrl, token);
    mailer.deliver(verificationEmail({ to: user.email, name: user.name, link }), context);
  }

  return {
    /** Creates an unverified account and mails its verification link. The email must be free. */
    async register(input: { name: string; email: string; password: string }): Promise<{ message: string }> {
      const now = clock.now().toISOString();
      const user = {
        id: newId(),
        name: input.name,
        email: input.email,
        password_hash: await hashPassword(input.password),
        email_verified_at: null,
        token_version: 0,
        created_at: now,
        updated_at: now,
      };
      if (!(await insertUserIfEmailFree(db.kysely, user))) {
        throw new ConflictError(MESSAGES.emailTaken, 'EMAIL_TAKEN');
      }
      await sendVerification(user, 'registration');
      return { message: MESSAGES.registered };
    },

    /** Sends a fresh link when the email belongs to an unverified account; says nothing either way. */
    async resendVerification(email: string): Promise<{ message: string }> {
      const user = await findUserByEmail(db.kysely, email);
      if (user && !user.email_verified_at) await sendVerification(user, 'verification resend');
      return { message: MESSAGES.resendGeneric };
    },

    /** Opens a verification link: verifies once; a used link answers alreadyVerified. */
    async verifyEmail(token: string): Promise<VerifyEmailResponse> {
      const row = await findVerification(db.kysely, hashVerificationToken(token));
      if (!row) throw new BadRequestError(MESSAGES.verificationInvalid, 'INVALID_TOKEN');
      if (row.used_at) return { message: MESSAGES.alreadyVerified, alreadyVerified: true };
      const now = clock.now();
      if (new Date(row.expires_at) <= now) throw new BadRequestError(MESSAGES.verificationInvalid, 'INVALID_TOKEN');
      await consumeVerification(db.kysely, row.token_hash, row.user_id, now.toISOString());
      if (row.email_verified_at) return { message: MESSAGES.alreadyVerified, alreadyVerified: true };
      return { message: MESSAGES.verified };
    },

    /**
     * Checks the lock first (a locked email is refused even with the right password), then the
     * password (unknown emails spend the same time), then verification. Failures count per email and
     * client address, known email or not, so the lock reveals nothing either; a lock of one address
     * leaves the others free, until the failures from all addresses reach the account ceiling.
     */
    async login(email: string, password: string, address: string): Promise<LoginResponse> {
      const state = await lockout.status(email, address);
      if (state.locked) throw lockedError(state);
      const user = await findUserByEmail(db.kysely, email);
      let passwordOk = false;
      if (user) passwordOk = await verifyPassword(user.password_hash, password);
      else await verifyAgainstDummy(password);
      if (!user || !passwordOk) {
        const after = await lockout.recordFailure(email, address);
        if (after.locked) throw lockedError(after);
        throw new UnauthorizedError(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      if (!user.email_verified_at) throw new ForbiddenError(MESSAGES.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      await lockout.reset(email, address);
      const token = await tokens.sign({ sub: user.id, role: 'user', ver: user.token_version });
      return { token, user: toAuthUser(user) };
    },

    /** Changes the name only; the email never changes here (shared with administrators). */
    updateProfile: (principal: Principal, name: string) => updateProfile(ctx, principal, name),

    /** Checks the current password, stores the new one, bumps the token version; answers a fresh token. */
    changePassword: (principal: Principal, body: { currentPassword: string; newPassword: string }) =>
      changePassword(ctx, principal, body),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
