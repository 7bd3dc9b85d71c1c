import {
  MESSAGES,
  loginBodySchema,
  nameProblem,
  registrationPasswordRules,
  unmetPasswordRules,
  type LoginBody,
  type LoginResponse,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { AccountLockedError, ConflictError, UnauthorizedError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { createAccountService, toAuthUser, createLockout, lockoutPolicy, createLoginAudit } from '../auth';
import { createTwoFactorService } from '../two-factor';
import { findAdminByEmail, insertAdmin, updateAdminAccount } from './admins.repository';

const lockedError = (minutesLeft: number) => new AccountLockedError('ADMIN_ACCOUNT_LOCKED', minutesLeft);

/** An administrator's details as given on the command line or in the environment. */
export interface AdminInput {
  email: string;
  name: string;
  password: string;
}

/** Why an administrator's details are refused, or undefined when they are fine. */
export function adminInputProblem(input: AdminInput): string | undefined {
  if (!loginBodySchema.shape.email.safeParse(input.email).success) return 'the email address is not valid';
  const badName = nameProblem(input.name);
  if (badName) return badName === MESSAGES.nameRequired ? 'the name is required' : `the name is refused (${badName})`;
  const unmet = unmetPasswordRules(input.password, registrationPasswordRules);
  if (unmet.length) {
    return `the password does not meet the requirements (missing: ${unmet.map((r) => r.label.toLowerCase()).join(', ')})`;
  }
  return undefined;
}

const normalise = (input: AdminInput): AdminInput => ({
  email: input.email.trim().toLowerCase(),
  name: input.name.trim(),
  password: input.password,
});

export type AdminsDeps = Pick<AppContext, 'db' | 'clock' | 'tokens' | 'config' | 'audit' | 'liveEvents'>;

/** The rules of administrator accounts: creating them, keeping the start-up one in step, login, profile. */
export function createAdminsService(deps: AdminsDeps) {
  const { db, clock, tokens, config } = deps;
  const account = createAccountService(deps);
  const lockout = createLockout(db, clock, lockoutPolicy('admin', config.lockoutAccountCeiling));
  const twoFactor = createTwoFactorService(deps);
  const loginAudit = createLoginAudit(deps.audit, 'admin');

  /** Adds an administrator; 409 when the email is taken by another administrator. */
  async function createAccount(input: AdminInput): Promise<{ id: string; email: string; name: string }> {
    const admin = normalise(input);
    const problem = adminInputProblem(admin);
    if (problem) throw new Error(`Cannot create the administrator: ${problem}.`);
    const now = clock.now().toISOString();
    const id = newId();
    const inserted = await insertAdmin(db.kysely, {
      id,
      name: admin.name,
      email: admin.email,
      password_hash: await hashPassword(admin.password),
      token_version: 0,
      created_at: now,
      updated_at: now,
    });
    if (!inserted) throw new ConflictError('ADMIN_EMAIL_TAKEN', { email: admin.email });
    return { id, email: admin.email, name: admin.name };
  }

  /**
   * Makes sure the administrator from the environment exists with that name and password:
   * created when missing, updated when the name or the password changed (the password is
   * checked against the stored hash and rehashed only when it differs; a new password ends
   * older sessions). Safe when several instances start at once.
   */
  async function ensureAdmin(input: AdminInput): Promise<'created' | 'updated' | 'unchanged'> {
    const admin = normalise(input);
    const existing = await findAdminByEmail(db.kysely, admin.email);
    if (!existing) {
      try {
        await createAccount(admin);
        return 'created';
      } catch (error) {
        // Another instance created it in the meantime: fall through to the update check.
        if (!(error instanceof ConflictError)) throw error;
        return ensureAdmin(admin);
      }
    }
    const samePassword = await verifyPassword(existing.password_hash, admin.password);
    if (samePassword && existing.name === admin.name) return 'unchanged';
    await updateAdminAccount(
      db.kysely,
      existing.id,
      { name: admin.name, ...(samePassword ? {} : { passwordHash: await hashPassword(admin.password) }) },
      clock.now().toISOString(),
    );
    return 'updated';
  }

  return {
    createAccount,
    ensureAdmin,

    /**
     * Admin login with a server-side lockout per email and client address (known email or not): 3 failures
     * within 15 minutes from one address lock it for that address for 15 minutes, and the failure that reaches
     * the limit already answers with the lock; LOCKOUT_ACCOUNT_CEILING failures from all addresses together lock
     * it for everyone. Unknown emails take as long as wrong passwords. With two-factor sign-in on, a right
     * password answers the ticket to the second step instead of a session. Every outcome is audited.
     */
    async login(body: Pick<LoginBody, 'email' | 'password'>, address: string): Promise<LoginResponse> {
      const email = body.email;
      const status = await lockout.status(email, address);
      if (status.locked) {
        await loginAudit.failed(await findAdminByEmail(db.kysely, email), email, address, 'locked');
        throw lockedError(status.minutesLeft);
      }

      const admin = await findAdminByEmail(db.kysely, email);
      let valid = false;
      if (admin) valid = await verifyPassword(admin.password_hash, body.password);
      else await verifyAgainstDummy(body.password);

      if (!admin || !valid) {
        const after = await lockout.recordFailure(email, address);
        await loginAudit.failed(admin, email, address, 'password');
        if (after.locked) {
          await loginAudit.locked(admin, email, address, after.minutesLeft);
          throw lockedError(after.minutesLeft);
        }
        throw new UnauthorizedError('INVALID_CREDENTIALS');
      }
      const mfaToken = await twoFactor.challenge('admin', admin);
      if (mfaToken) return { mfaRequired: true, mfaToken };
      await lockout.reset(email, address);
      await loginAudit.succeeded(admin, address, 'password');
      const token = await tokens.sign({ sub: admin.id, role: 'admin', ver: admin.token_version });
      return { token, user: toAuthUser(admin, 'admin') };
    },

    updateProfile: account.updateProfile,
    changePassword: account.changePassword,
  };
}
