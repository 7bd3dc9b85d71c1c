import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ERROR_PARAM } from '@quorum/contract';
import { createUser, uniqueEmail } from '@quorum/test-support/factories';
import { startOidcProvider, type OidcProviderStandIn } from '@quorum/test-support/oidc';
import { ConfigError, loadConfig } from '../src/config';
import { redactUrl } from '../src/lib/redact';
import { TEST_DIALECT, createTestApp, request, type TestApp } from './helpers';

const PUBLIC_URL = 'http://quorum.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;
const BOSS = 'boss@example.com';

describe(`single sign-on (${TEST_DIALECT})`, () => {
  let provider: OidcProviderStandIn;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [CALLBACK] });
    t = await createTestApp({
      publicUrl: PUBLIC_URL,
      loginRateLimit: 10_000,
      oidc: provider.serverConfig({ allowedDomains: ['example.com'], adminEmails: [BOSS] }),
    });
  });
  afterEach(() => t.checkErrorBodies());
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const address = () => `10.${randomBytes(3).join('.')}`;
  const cookieOf = (setCookie: string | string[] | undefined) => {
    const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    return line?.split(';')[0] ?? '';
  };

  /** Opens the start route like a browser: answers the provider's address and the browser's cookie. */
  async function start(side: 'user' | 'admin' = 'user', cookie?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${side}/auth/sso/start`,
      headers: cookie ? { cookie } : {},
      remoteAddress: address(),
    });
    expect(res.statusCode).toBe(302);
    return { location: String(res.headers.location), cookie: cookieOf(res.headers['set-cookie']) };
  }

  /** Delivers the provider's redirect to the callback; answers where the app sends the browser next. */
  async function callback(url: URL, cookie: string | undefined) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: cookie ? { cookie } : {},
      remoteAddress: address(),
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    return new URL(String(res.headers.location));
  }

  function exchange(side: 'user' | 'admin', code: string, cookie: string | undefined) {
    return t.app.inject({
      method: 'POST',
      url: `/api/${side}/auth/sso/exchange`,
      headers: cookie ? { cookie } : {},
      payload: { code },
      remoteAddress: address(),
    });
  }

  /** The whole sign-in up to the redirect back into the SPA. */
  async function signInUntilReturn(login: string, side: 'user' | 'admin' = 'user') {
    const started = await start(side);
    const back = await provider.signIn(started.location, login);
    return { landing: await callback(back, started.cookie), cookie: started.cookie };
  }

  /** The whole sign-in, ending in a session. */
  async function signIn(login: string, side: 'user' | 'admin' = 'user') {
    const { landing, cookie } = await signInUntilReturn(login, side);
    expect(landing.searchParams.get(SSO_ERROR_PARAM)).toBeNull();
    const code = new URLSearchParams(landing.hash.slice(1)).get('code')!;
    const res = await exchange(side, code, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string; user: { id: string; email: string; name: string; type: string } }>();
  }

  const refusal = (landing: URL) => ({ path: landing.pathname, reason: landing.searchParams.get(SSO_ERROR_PARAM) });

  const userByEmail = (email: string) =>
    t.ctx.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  const failures = async (reason: string) =>
    (await t.ctx.db.kysely.selectFrom('audit_log').selectAll().where('type', '=', 'auth.login.failed').execute())
      .map((row) => JSON.parse(row.details) as Record<string, unknown>)
      .filter((details) => details.method === 'sso' && details.reason === reason);

  it('tells the SPA that single sign-on is on, with its name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ sso: { name: 'Loopback ID', admin: true } });
  });

  it('sends the browser to the provider with PKCE, state and nonce, binding it with an httpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/auth/sso/start', remoteAddress: address() });
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(name)).toMatch(/^.{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^quorum_sso=[\w-]{43}; Path=\/api; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // Only the state's hash is kept.
    const states = await t.ctx.db.kysely.selectFrom('sso_states').select('state_hash').execute();
    expect(states.map((s) => s.state_hash)).not.toContain(location.searchParams.get('state'));
  });

  it('creates a verified account on a first sign-in, with a password that nothing matches', async () => {
    const email = uniqueEmail('first');
    provider.setAccount('first-subject', { email, email_verified: true, name: 'First Person' });
    const session = await signIn('first-subject');
    expect(session.user).toMatchObject({ email, name: 'First Person', type: 'user' });

    const row = await userByEmail(email);
    expect(row?.email_verified_at).not.toBeNull();
    expect(row?.password_hash).toMatch(/^!sso-only!/);
    const me = await request(t.app, 'GET', '/api/user/auth/verify-user-token', { token: session.token });
    expect(me.json()).toMatchObject({ user: { id: row!.id, email } });

    const succeeded = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'auth.login.succeeded')
      .where('actor_id', '=', row!.id)
      .execute();
    expect(succeeded).toHaveLength(1);
    expect(JSON.parse(succeeded[0]!.details)).toEqual({ method: 'sso' });
    expect(succeeded[0]).toMatchObject({ actor_role: 'user', target_type: 'user', target_id: row!.id });
  });

  it('signs the same subject in to the same account later, even after its email changed at the provider', async () => {
    const email = uniqueEmail('later');
    provider.setAccount('later-subject', { email, email_verified: true, name: 'Later' });
    const first = await signIn('later-subject');
    provider.setAccount('later-subject', { email: uniqueEmail('renamed'), email_verified: true, name: 'Later' });
    const second = await signIn('later-subject');
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.email).toBe(email);
  });

  it('links an existing verified account by its email', async () => {
    const existing = await createUser(t.ctx, { name: 'Existing Person' });
    provider.setAccount('existing-subject', { email: existing.email, email_verified: true, name: 'Other Name' });
    const session = await signIn('existing-subject');
    expect(session.user).toMatchObject({ id: existing.id, name: 'Existing Person' });
    const link = await t.ctx.db.kysely
      .selectFrom('sso_identities')
      .selectAll()
      .where('account_id', '=', existing.id)
      .executeTakeFirst();
    expect(link).toMatchObject({ issuer: provider.issuer, subject: 'existing-subject', side: 'user' });
    // The password still works: linking takes nothing from a verified account.
    const login = await request(t.app, 'POST', '/api/user/auth/login', {
      body: { email: existing.email, password: existing.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes over an unverified account: verified, its password unusable, its pending registrations dropped', async () => {
    const email = uniqueEmail('squatted');
    const registered = await request(t.app, 'POST', '/api/user/auth/register', {
      body: { name: 'Squatter', email, password: 'Squatter-Pass1!', confirmPassword: 'Squatter-Pass1!' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const before = await userByEmail(email);
    expect(before?.email_verified_at).toBeNull();

    provider.setAccount('owner-subject', { email, email_verified: true, name: 'Real Owner' });
    const session = await signIn('owner-subject');
    expect(session.user).toMatchObject({ id: before!.id, name: 'Real Owner' });

    const after = await userByEmail(email);
    expect(after?.email_verified_at).not.toBeNull();
    expect(after?.password_hash).toMatch(/^!sso-only!/);
    const links = await t.ctx.db.kysely
      .selectFrom('email_verifications')
      .selectAll()
      .where('user_id', '=', before!.id)
      .execute();
    expect(links).toHaveLength(0);
    const squatter = await request(t.app, 'POST', '/api/user/auth/login', {
      body: { email, password: 'Squatter-Pass1!' },
    });
    expect(squatter.statusCode).toBe(401);
  });

  it('refuses an email the provider has not verified (false, missing or not a boolean)', async () => {
    for (const [login, verified] of [
      ['unverified-false', false],
      ['unverified-string', 'true'],
      ['unverified-missing', undefined],
    ] as const) {
      const email = uniqueEmail(login);
      provider.setAccount(login, { email, email_verified: verified, name: 'Nobody' });
      const { landing } = await signInUntilReturn(login);
      expect(refusal(landing)).toEqual({ path: '/login', reason: 'email_unverified' });
      expect(await userByEmail(email)).toBeUndefined();
    }
    expect(await failures('email_unverified')).toHaveLength(3);
  });

  it('refuses an email outside OIDC_ALLOWED_DOMAINS', async () => {
    provider.setAccount('outsider', { email: 'someone@other.org', email_verified: true, name: 'Outsider' });
    const { landing } = await signInUntilReturn('outsider');
    expect(refusal(landing)).toEqual({ path: '/login', reason: 'domain' });
    expect(await userByEmail('someone@other.org')).toBeUndefined();
    expect(await failures('domain')).toHaveLength(1);
  });

  it('refuses a tampered state, a state used twice, and a state from another browser', async () => {
    provider.setAccount('state-subject', { email: uniqueEmail('state'), email_verified: true });

    const tampered = await start();
    const back = await provider.signIn(tampered.location, 'state-subject');
    const forged = new URL(back);
    forged.searchParams.set('state', randomBytes(32).toString('base64url'));
    expect(refusal(await callback(forged, tampered.cookie))).toEqual({ path: '/login', reason: 'state' });

    // The real state still works once, then never again.
    const landing = await callback(back, tampered.cookie);
    expect(landing.pathname).toBe('/login/sso');
    expect(refusal(await callback(back, tampered.cookie)).reason).toBe('state');

    // Another browser (no cookie, or another cookie) cannot finish a sign-in this one started.
    const stolen = await start();
    const stolenBack = await provider.signIn(stolen.location, 'state-subject');
    expect(refusal(await callback(stolenBack, undefined)).reason).toBe('state');
    const other = await start();
    const stolenAgain = await start();
    const againBack = await provider.signIn(stolenAgain.location, 'state-subject');
    expect(refusal(await callback(againBack, other.cookie)).reason).toBe('state');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const email = uniqueEmail('nonce');
    provider.setAccount('nonce-subject', { email, email_verified: true });
    const started = await start();
    const tampered = new URL(started.location);
    tampered.searchParams.set('nonce', randomBytes(32).toString('base64url'));
    const back = await provider.signIn(tampered.href, 'nonce-subject');
    expect(refusal(await callback(back, started.cookie))).toEqual({ path: '/login', reason: 'nonce' });
    expect(await userByEmail(email)).toBeUndefined();
    expect(await failures('nonce')).toHaveLength(1);
  });

  it("refuses a code from another sign-in (PKCE and the state's own checks) and a provider's error", async () => {
    provider.setAccount('swap-subject', { email: uniqueEmail('swap'), email_verified: true });
    const first = await start();
    const second = await start(undefined, first.cookie);
    const back = await provider.signIn(first.location, 'swap-subject');
    const swapped = new URL(back);
    swapped.searchParams.set('state', new URL(second.location).searchParams.get('state')!);
    expect(refusal(await callback(swapped, first.cookie)).reason).toBe('provider');

    const denied = await start();
    const deniedBack = new URL(CALLBACK);
    deniedBack.searchParams.set('error', 'access_denied');
    deniedBack.searchParams.set('state', new URL(denied.location).searchParams.get('state')!);
    expect(refusal(await callback(deniedBack, denied.cookie))).toEqual({ path: '/login', reason: 'provider' });
  });

  it('trades a one-time code once, on its own side, from the browser it was made for', async () => {
    provider.setAccount('code-subject', { email: uniqueEmail('code'), email_verified: true });
    const { landing, cookie } = await signInUntilReturn('code-subject');
    const code = new URLSearchParams(landing.hash.slice(1)).get('code')!;
    expect(landing.search).toBe('');

    const otherBrowser = await exchange('user', code, `quorum_sso=${randomBytes(32).toString('base64url')}`);
    expect(otherBrowser.statusCode).toBe(400);
    expect(otherBrowser.json()).toMatchObject({ code: 'SSO_CODE_INVALID' });

    // The refused try above used the code up as well.
    const again = await exchange('user', code, cookie);
    expect(again.json()).toMatchObject({ code: 'SSO_CODE_INVALID' });

    const fresh = await signInUntilReturn('code-subject');
    const freshCode = new URLSearchParams(fresh.landing.hash.slice(1)).get('code')!;
    expect((await exchange('admin', freshCode, fresh.cookie)).statusCode).toBe(400);

    const third = await signInUntilReturn('code-subject');
    const thirdCode = new URLSearchParams(third.landing.hash.slice(1)).get('code')!;
    const first = await exchange('user', thirdCode, third.cookie);
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/^quorum_sso=; Path=\/api; Max-Age=0/);
    expect((await exchange('user', thirdCode, third.cookie)).json()).toMatchObject({ code: 'SSO_CODE_INVALID' });
  });

  it('lets the emails in OIDC_ADMIN_EMAILS into the administrator side, and nobody else', async () => {
    provider.setAccount('boss-subject', { email: BOSS, email_verified: true, name: 'The Boss' });
    const session = await signIn('boss-subject', 'admin');
    expect(session.user).toMatchObject({ email: BOSS, type: 'admin', name: 'The Boss' });
    const me = await request(t.app, 'GET', '/api/admin/auth/verify-admin-token', { token: session.token });
    expect(me.statusCode).toBe(200);
    const again = await signIn('boss-subject', 'admin');
    expect(again.user.id).toBe(session.user.id);

    const admin = await signInUntilReturn('boss-subject', 'admin');
    expect(admin.landing.pathname).toBe('/admin/login/sso');

    const worker = uniqueEmail('worker');
    provider.setAccount('worker-subject', { email: worker, email_verified: true, name: 'Worker' });
    const { landing } = await signInUntilReturn('worker-subject', 'admin');
    expect(refusal(landing)).toEqual({ path: '/admin/login', reason: 'not_admin' });
    const admins = await t.ctx.db.kysely.selectFrom('admins').select('email').where('email', '=', worker).execute();
    expect(admins).toHaveLength(0);
  });

  it('sends a late answer back to the login screen', async () => {
    provider.setAccount('late-subject', { email: uniqueEmail('late'), email_verified: true });
    const started = await start();
    const back = await provider.signIn(started.location, 'late-subject');
    await t.ctx.db.kysely
      .updateTable('sso_states')
      .set({ expires_at: new Date(0).toISOString() })
      .execute();
    expect(refusal(await callback(back, started.cookie)).reason).toBe('state');
  });
});

describe('single sign-on in the log', () => {
  it("keeps the provider's code and the state out of logged URLs", () => {
    expect(redactUrl('/api/auth/sso/callback?code=abc&state=def&iss=http%3A%2F%2Fid')).toBe(
      '/api/auth/sso/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fid',
    );
  });
});

describe('single sign-on settings', () => {
  const base = { JWT_SECRET: 'x'.repeat(40) };

  it('refuses a partial set of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET', () => {
    for (const partial of [
      { OIDC_ISSUER: 'https://id.example.com' },
      { OIDC_CLIENT_ID: 'quorum', OIDC_CLIENT_SECRET: 'secret' },
      { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_SECRET: 'secret' },
    ]) {
      expect(() => loadConfig({ ...base, ...partial })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...partial })).toThrow(
        /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together/,
      );
    }
  });

  it('reads the full set, lower-casing the lists, and leaves single sign-on off without it', () => {
    expect(loadConfig(base).oidc).toBeUndefined();
    const config = loadConfig({
      ...base,
      OIDC_ISSUER: 'https://id.example.com/realms/team',
      OIDC_CLIENT_ID: 'quorum',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_ALLOWED_DOMAINS: 'Example.com, corp.example',
      OIDC_ADMIN_EMAILS: 'Boss@Example.com',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.com/realms/team',
      clientId: 'quorum',
      clientSecret: 'secret',
      name: 'SSO',
      allowedDomains: ['example.com', 'corp.example'],
      adminEmails: ['boss@example.com'],
    });
  });

  it('refuses a plain-http issuer that is not on this machine', () => {
    const full = { ...base, OIDC_CLIENT_ID: 'quorum', OIDC_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig({ ...full, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/OIDC_ISSUER.*https/);
    expect(loadConfig({ ...full, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
  });
});
