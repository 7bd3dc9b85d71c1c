import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  formatRecoveryCode,
  normaliseTwoFactorCode,
  twoFactorCodeKind,
  type LoginTwoFactorBody,
  type SessionResponse,
  type TwoFactorDisableBody,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
  type UserType,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { AccountLockedError, BadRequestError, ConflictError, UnauthorizedError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import {
  findAccountById,
  toAuthUser,
  createLockout,
  lockoutPolicy,
  type LockState,
  createLoginAudit,
  type LoginMethod,
  createMfaTokenService,
} from '../auth';
import { createSecretBox } from './secret-box';
import { matchTotp, newTotpSecret, totpUri } from './totp';
import {
  claimTimeStep,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  savePendingSecret,
  useRecoveryCode,
  type AccountKey,
  type TwoFactorRow,
} from './two-factor.repository';

/** HKDF's label for the key recovery codes are hashed with. */
const RECOVERY_KEY_INFO = 'quorum recovery codes v1';

export type TwoFactorDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'tokens' | 'audit'>;

/** Which proof a code was: an authenticator code or a recovery code. */
type CodeMethod = 'totp' | 'recovery-code';

const keyOf = (principal: Pick<Principal, 'id' | 'type'>): AccountKey => ({ role: principal.type, id: principal.id });
/** Sealed secrets are bound to their account: one copied to another row does not open. */
const sealContext = (account: AccountKey) => `two-factor:${account.role}:${account.id}`;

const invalidCode = () => new BadRequestError('TWO_FACTOR_CODE_INVALID');
const invalidTicket = () => new UnauthorizedError('MFA_TOKEN_INVALID');
const lockedError = (role: UserType, state: LockState) =>
  new AccountLockedError(role === 'admin' ? 'ADMIN_ACCOUNT_LOCKED' : 'ACCOUNT_LOCKED', state.minutesLeft);

/**
 * Two-factor sign-in (TOTP, RFC 6238) for users and administrators: setting it up and turning it on and off from
 * the profile, and the second step of a login. Secrets are sealed at rest; each accepted code's time step is
 * remembered so a code works once; recovery codes are kept as keyed hashes and work once; wrong codes count
 * towards the login lockout of the account's email.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock, config, tokens, audit } = deps;
  const box = createSecretBox(config.jwtSecret);
  const tickets = createMfaTokenService(config.jwtSecret, clock);
  const recoveryKey = Buffer.from(hkdfSync('sha256', config.jwtSecret, Buffer.alloc(0), RECOVERY_KEY_INFO, 32));
  const lockouts = {
    user: createLockout(db, clock, lockoutPolicy('user', config.lockoutAccountCeiling)),
    admin: createLockout(db, clock, lockoutPolicy('admin', config.lockoutAccountCeiling)),
  };
  const loginAudits = { user: createLoginAudit(audit, 'user'), admin: createLoginAudit(audit, 'admin') };

  const hashRecoveryCode = (bare: string) => createHmac('sha256', recoveryKey).update(bare, 'utf8').digest('hex');

  function newRecoveryCodes(): string[] {
    return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
      [...randomBytes(10)].map((byte) => RECOVERY_CODE_ALPHABET[byte % 32]).join(''),
    );
  }

  /**
   * Spends `code` for the account when it is a current authenticator code not used before or an unused recovery
   * code; says which, or undefined when it is neither (then nothing was spent).
   */
  async function spendCode(account: AccountKey, row: TwoFactorRow, code: string): Promise<CodeMethod | undefined> {
    const kind = twoFactorCodeKind(code);
    const bare = normaliseTwoFactorCode(code);
    if (kind === 'recovery') {
      const used = await useRecoveryCode(db.kysely, account, hashRecoveryCode(bare), clock.now().toISOString());
      return used ? 'recovery-code' : undefined;
    }
    if (kind !== 'totp' || !row.secret) return undefined;
    const secret = box.open(row.secret, sealContext(account));
    if (secret === undefined) return undefined;
    const step = await matchTotp(secret, bare, clock.now(), row.last_used_step);
    if (step === undefined) return undefined;
    return (await claimTimeStep(db.kysely, account, step)) ? 'totp' : undefined;
  }

  return {
    async status(principal: Principal): Promise<TwoFactorStatusResponse> {
      const account = keyOf(principal);
      const row = await findTwoFactor(db.kysely, account);
      if (!row?.secret) return { enabled: false, recoveryCodesLeft: 0 };
      return { enabled: true, recoveryCodesLeft: await countUnusedRecoveryCodes(db.kysely, account) };
    },

    /** A new pending secret (replacing an unconfirmed one); not in force until `enable` gets a code from it. */
    async setup(principal: Principal): Promise<TwoFactorSetupResponse> {
      const account = keyOf(principal);
      const secret = await newTotpSecret();
      const saved = await savePendingSecret(
        db.kysely,
        account,
        box.seal(secret, sealContext(account)),
        clock.now().toISOString(),
      );
      if (!saved) throw new ConflictError('TWO_FACTOR_ALREADY_ENABLED');
      return { secret, otpauthUrl: await totpUri(secret, principal.email) };
    },

    /** Turns it on with a current code of the pending secret; answers the recovery codes, this once. */
    async enable(principal: Principal, code: string, address: string): Promise<TwoFactorEnableResponse> {
      const account = keyOf(principal);
      const row = await findTwoFactor(db.kysely, account);
      if (row?.secret) throw new ConflictError('TWO_FACTOR_ALREADY_ENABLED');
      const secret = row?.pending_secret ? box.open(row.pending_secret, sealContext(account)) : undefined;
      if (!row?.pending_secret || secret === undefined) throw new ConflictError('TWO_FACTOR_NOT_SET_UP');
      const step = await matchTotp(secret, normaliseTwoFactorCode(code), clock.now(), null);
      if (step === undefined) throw invalidCode();
      const codes = newRecoveryCodes();
      const enabled = await enableTwoFactor(db.kysely, account, {
        pending: row.pending_secret,
        step,
        codeHashes: codes.map(hashRecoveryCode),
        now: clock.now().toISOString(),
      });
      // Another request enabled it, or set up a newer secret, in the meantime.
      if (!enabled) throw new ConflictError('TWO_FACTOR_NOT_SET_UP');
      await audit.record({
        type: 'auth.2fa.enabled',
        actor: auditActor(principal),
        address,
        target: { type: account.role, id: account.id },
      });
      return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: codes.map(formatRecoveryCode) };
    },

    /**
     * Turns it off with the password and a current code or an unused recovery code. Wrong ones count towards the
     * lockout of the account's email, as a wrong login would, and a locked account cannot turn it off.
     */
    async disable(principal: Principal, body: TwoFactorDisableBody, address: string): Promise<{ message: string }> {
      const account = keyOf(principal);
      const lockout = lockouts[account.role];
      const state = await lockout.status(principal.email, address);
      if (state.locked) throw lockedError(account.role, state);
      const row = await findTwoFactor(db.kysely, account);
      if (!row?.secret) throw new ConflictError('TWO_FACTOR_NOT_ENABLED');
      const stored = await findAccountById(db.kysely, account.role, account.id);
      if (!stored || stored.token_version !== principal.tokenVersion) throw new UnauthorizedError('INVALID_TOKEN');
      const passwordOk = await verifyPassword(stored.password_hash, body.password);
      const method = passwordOk ? await spendCode(account, row, body.code) : undefined;
      if (!method) {
        const after = await lockout.recordFailure(principal.email, address);
        if (after.locked) {
          await loginAudits[account.role].locked(account, principal.email, address, after.minutesLeft);
          throw lockedError(account.role, after);
        }
        throw passwordOk ? invalidCode() : new BadRequestError('PASSWORD_INCORRECT');
      }
      await deleteTwoFactor(db.kysely, account);
      await audit.record({
        type: 'auth.2fa.disabled',
        actor: auditActor(principal),
        address,
        target: { type: account.role, id: account.id },
        details: { method },
      });
      return { message: TWO_FACTOR_MESSAGES.disabled };
    },

    /**
     * For a login whose password was right: the ticket to the second step when the account has two-factor
     * sign-in on, else undefined (the login goes ahead with the password alone).
     */
    async challenge(role: UserType, account: { id: string; token_version: number }): Promise<string | undefined> {
      const row = await findTwoFactor(db.kysely, { role, id: account.id });
      if (!row?.secret) return undefined;
      return tickets.sign({ sub: account.id, role, ver: account.token_version });
    },

    /**
     * The second step of a login: the ticket from the first and a code. A locked email is refused as a login
     * would be; a wrong code counts as a failed login; the right one answers the session.
     */
    async completeLogin(role: UserType, body: LoginTwoFactorBody, address: string): Promise<SessionResponse> {
      const claims = await tickets.verify(body.mfaToken);
      if (!claims || claims.role !== role) throw invalidTicket();
      const account: AccountKey = { role, id: claims.sub };
      const stored = await findAccountById(db.kysely, role, claims.sub);
      if (!stored || stored.token_version !== claims.ver) throw invalidTicket();
      const row = await findTwoFactor(db.kysely, account);
      if (!row?.secret) throw invalidTicket();

      const lockout = lockouts[role];
      const loginAudit = loginAudits[role];
      const state = await lockout.status(stored.email, address);
      if (state.locked) {
        await loginAudit.failed(account, stored.email, address, 'locked');
        throw lockedError(role, state);
      }
      const method = await spendCode(account, row, body.code);
      if (!method) {
        const after = await lockout.recordFailure(stored.email, address);
        await loginAudit.failed(account, stored.email, address, 'code');
        if (after.locked) {
          await loginAudit.locked(account, stored.email, address, after.minutesLeft);
          throw lockedError(role, after);
        }
        throw new UnauthorizedError('TWO_FACTOR_CODE_INVALID');
      }
      await lockout.reset(stored.email, address);
      const loginMethod: LoginMethod = method === 'totp' ? 'password+2fa' : 'password+recovery-code';
      await loginAudit.succeeded(account, address, loginMethod);
      const token = await tokens.sign({ sub: stored.id, role, ver: stored.token_version });
      return { token, user: toAuthUser(stored, role) };
    },
  };
}
