import { createHash, randomBytes } from 'node:crypto';
import {
  SSO_CODE_PARAM,
  SSO_ERROR_PARAM,
  SSO_RETURN_PATHS,
  nameSchema,
  NAME_MAX_LENGTH,
  type SsoErrorCode,
  type SsoExchangeResponse,
  type UserType,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import type { OidcConfig } from '../../config';
import { addMinutes } from '../../lib/clock';
import { BadRequestError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { toAuthUser } from '../auth';
import { createOidcClient, ProviderAnswerError, type ProviderIdentity } from './oidc-client';
import {
  claimUnverifiedUser,
  deleteExpiredSsoRows,
  findSsoAccountByEmail,
  findSsoAccountById,
  findSsoIdentity,
  insertSsoAccount,
  insertSsoCode,
  insertSsoState,
  linkSsoIdentity,
  takeSsoCode,
  takeSsoState,
  unlinkSsoIdentity,
  type SsoAccountRow,
} from './sso.repository';

/** A sign-in must come back from the provider within 10 minutes. */
const STATE_VALID_MINUTES = 10;
/** The one-time code is traded within a minute of the redirect. */
const CODE_VALID_SECONDS = 60;

/** The callback's path under PUBLIC_URL: the redirect URI to register at the provider. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

/** A browser secret is 32 random bytes in base64url; anything else in the cookie is ignored. */
export const isBrowserSecret = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);

/** A password hash that no password matches: accounts made by single sign-on sign in through the provider. */
const unusablePasswordHash = () => `!sso-only!${randomToken()}`;

/** A refusal of the callback, with the reason the login screen shows. */
class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoErrorCode,
    readonly email?: string,
  ) {
    super(reason);
  }
}

export type SsoDeps = Pick<AppContext, 'db' | 'clock' | 'tokens' | 'config' | 'audit' | 'log'>;

/**
 * Single sign-on through an OpenID Connect provider (authorization code flow with PKCE, state and nonce). A
 * sign-in in progress lives in `sso_states` under its state's hash and is bound to the browser that started it by
 * a cookie secret (only its hash is stored); the callback ends in a one-time code that the same browser trades
 * for a session, so the session token never appears in an address.
 */
export function createSsoService(deps: SsoDeps, settings: OidcConfig) {
  const { db, clock, tokens, config, audit, log } = deps;
  const oidc = createOidcClient(settings);
  const redirectUri = `${config.publicUrl}${SSO_CALLBACK_PATH}`;

  const refusedAt = (side: UserType, reason: SsoErrorCode) =>
    `${config.publicUrl}${SSO_RETURN_PATHS[side].login}?${SSO_ERROR_PARAM}=${reason}`;

  async function recordFailure(side: UserType, reason: SsoErrorCode, address: string, email?: string) {
    await audit.record({
      type: 'auth.login.failed',
      actor: null,
      address,
      target: email ? { type: 'email', id: email } : null,
      details: { method: 'sso', side, reason },
    });
  }

  /** The display name the provider gave, made fit for the account (else the email's local part). */
  function displayName(identity: ProviderIdentity, email: string): string {
    const given = nameSchema.safeParse(identity.name ?? '');
    if (given.success) return given.data;
    const cleaned = (identity.name ?? '')
      .replace(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu, ' ')
      .trim()
      .slice(0, NAME_MAX_LENGTH)
      .trim();
    return cleaned || (email.split('@')[0] ?? email).slice(0, NAME_MAX_LENGTH);
  }

  /** The account this identity signs in to on `side`: by the remembered subject, else by email (then linked). */
  async function accountFor(side: UserType, identity: ProviderIdentity, email: string): Promise<SsoAccountRow> {
    const now = clock.now().toISOString();
    const linkedId = await findSsoIdentity(db.kysely, identity.issuer, identity.subject, side);
    if (linkedId) {
      const linked = await findSsoAccountById(db.kysely, side, linkedId);
      if (linked) return linked;
      // The account is gone: forget the link and treat this as a first sign-in.
      await unlinkSsoIdentity(db.kysely, identity.issuer, identity.subject, side);
    }
    const name = displayName(identity, email);
    for (let attempt = 1; attempt <= 3; attempt++) {
      let account = await findSsoAccountByEmail(db.kysely, side, email);
      if (account && !account.verified) {
        // Someone registered this address without opening its mail: the provider's person takes it over.
        await claimUnverifiedUser(db, account.id, { name, passwordHash: unusablePasswordHash(), now });
        account = await findSsoAccountByEmail(db.kysely, side, email);
        if (!account?.verified) continue;
      }
      if (!account) {
        const id = newId();
        const created = await insertSsoAccount(db.kysely, side, {
          id,
          name,
          email,
          password_hash: unusablePasswordHash(),
          email_verified_at: now,
          token_version: 0,
          created_at: now,
          updated_at: now,
        });
        if (!created) continue;
        account = { id, name, email, token_version: 0, verified: true };
      }
      await linkSsoIdentity(db.kysely, {
        issuer: identity.issuer,
        subject: identity.subject,
        side,
        accountId: account.id,
        now,
      });
      return account;
    }
    throw new Error('single sign-on: the account kept changing under the sign-in');
  }

  /** Refuses what the settings refuse: an unverified email, a domain not allowed, a non-administrator. */
  function checkIdentity(side: UserType, identity: ProviderIdentity): string {
    const email = identity.email;
    if (!email || !identity.emailVerified) throw new SsoRefusal('email_unverified', email);
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (settings.allowedDomains.length > 0 && !settings.allowedDomains.includes(domain)) {
      throw new SsoRefusal('domain', email);
    }
    if (side === 'admin' && !settings.adminEmails.includes(email)) throw new SsoRefusal('not_admin', email);
    return email;
  }

  return {
    /**
     * Starts a sign-in on `side`: stores its state, nonce and PKCE verifier, and answers the provider's address
     * and the browser secret to set in the cookie (the one the browser already has, else a new one).
     */
    async start(
      side: UserType,
      browserSecret: string | undefined,
      address: string,
    ): Promise<{ location: string; browserSecret: string }> {
      const secret = isBrowserSecret(browserSecret) ? browserSecret : randomToken();
      const now = clock.now();
      await deleteExpiredSsoRows(db.kysely, now.toISOString());
      const state = randomToken();
      const nonce = randomToken();
      const codeVerifier = randomToken();
      let location: URL;
      try {
        location = await oidc.authorizationUrl({ state, nonce, codeVerifier, redirectUri });
      } catch (error) {
        log.warn({ err: error }, 'single sign-on: the identity provider could not be reached');
        await recordFailure(side, 'provider', address);
        return { location: refusedAt(side, 'provider'), browserSecret: secret };
      }
      await insertSsoState(db.kysely, {
        state_hash: sha256(state),
        side,
        nonce,
        code_verifier: codeVerifier,
        browser_hash: sha256(secret),
        expires_at: addMinutes(now, STATE_VALID_MINUTES).toISOString(),
        created_at: now.toISOString(),
      });
      return { location: location.href, browserSecret: secret };
    },

    /**
     * The provider's answer: checks the state (known, unexpired, unused, from this browser), lets openid-client
     * check the code, PKCE and the ID token, then applies the settings and finds or makes the account. Answers
     * where to send the browser: the completion screen with a one-time code, or the login screen with a reason.
     */
    async callback(
      query: { state?: string; error?: string },
      rawQuery: string,
      browserSecret: string | undefined,
      address: string,
    ): Promise<string> {
      const now = clock.now();
      const { state } = query;
      const row = state ? await takeSsoState(db.kysely, sha256(state)) : undefined;
      if (
        !state ||
        !row ||
        new Date(row.expires_at) <= now ||
        !isBrowserSecret(browserSecret) ||
        sha256(browserSecret) !== row.browser_hash
      ) {
        const side = row?.side ?? 'user';
        await recordFailure(side, 'state', address);
        return refusedAt(side, 'state');
      }
      const side = row.side;
      try {
        if (query.error) throw new SsoRefusal('provider');
        let identity: ProviderIdentity;
        try {
          identity = await oidc.finish(new URL(`${redirectUri}?${rawQuery}`), {
            state,
            nonce: row.nonce,
            codeVerifier: row.code_verifier,
          });
        } catch (error) {
          if (!(error instanceof ProviderAnswerError)) throw error;
          log.warn({ err: error.cause }, `single sign-on: ${error.message}`);
          throw new SsoRefusal(error.reason);
        }
        const email = checkIdentity(side, identity);
        const account = await accountFor(side, identity, email);
        const code = randomToken();
        await insertSsoCode(db.kysely, {
          code_hash: sha256(code),
          side,
          account_id: account.id,
          browser_hash: row.browser_hash,
          expires_at: new Date(now.getTime() + CODE_VALID_SECONDS * 1000).toISOString(),
          created_at: now.toISOString(),
        });
        return `${config.publicUrl}${SSO_RETURN_PATHS[side].complete}#${SSO_CODE_PARAM}=${code}`;
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        await recordFailure(side, error.reason, address, error.email);
        return refusedAt(side, error.reason);
      }
    },

    /** Trades a one-time code for a session on `side`, once, within its minute, from the browser it was made for. */
    async exchange(
      side: UserType,
      code: string,
      browserSecret: string | undefined,
      address: string,
    ): Promise<SsoExchangeResponse> {
      const row = await takeSsoCode(db.kysely, sha256(code));
      const account =
        row &&
        row.side === side &&
        new Date(row.expires_at) > clock.now() &&
        isBrowserSecret(browserSecret) &&
        sha256(browserSecret) === row.browser_hash
          ? await findSsoAccountById(db.kysely, side, row.account_id)
          : undefined;
      if (!account) throw new BadRequestError('SSO_CODE_INVALID');
      const token = await tokens.sign({ sub: account.id, role: side, ver: account.token_version });
      await audit.record({
        type: 'auth.login.succeeded',
        actor: { id: account.id, role: side },
        address,
        target: { type: side, id: account.id },
        details: { method: 'sso' },
      });
      return { token, user: toAuthUser(account, side) };
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
