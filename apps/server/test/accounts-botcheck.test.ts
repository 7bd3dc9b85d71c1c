import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@quorum/contract';
import { newId } from '../src/lib/ids';
import { hashVerificationToken } from '../src/modules/users/users.service';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from './factories';
import { TEST_DIALECT, createTestApp, type TestApp } from './helpers';

/**
 * A stand-in for the reCAPTCHA `siteverify` service on loopback. A token `"{action}:{nonce}"`
 * is answered as a good token for that action; a token starting with `"bad:"` is refused.
 * So a route that asked for the wrong action is refused by the real check.
 */
async function startSiteverify(): Promise<{ url: string; seen: Array<{ token: string; ip: string }>; server: Server }> {
  const seen: Array<{ token: string; ip: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const token = form.get('response') ?? '';
      seen.push({ token, ip: form.get('remoteip') ?? '' });
      const [action] = token.split(':');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          action === 'bad'
            ? { success: false, 'error-codes': ['invalid-input-response'] }
            : { success: true, score: 0.9, action, hostname: 'surveys.example.test' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, seen, server };
}

describe(`accounts: the bot check runs first on every protected endpoint (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  const nonce = () => newId();

  beforeAll(async () => {
    siteverify = await startSiteverify();
    t = await createTestApp({
      publicUrl: 'https://surveys.example.test',
      registerRateLimit: 1000,
      loginRateLimit: 1000,
      recaptcha: {
        siteKey: 'site-key',
        secretKey: 'secret-key',
        minScore: 0.5,
        verifyUrl: siteverify.url,
        scriptUrl: 'https://www.google.com/recaptcha/api.js',
        timeoutMs: 2000,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => siteverify?.server.close(() => resolve()));
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { token?: string; body?: object; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: '203.0.113.7',
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body ? { payload: options.body } : {}),
    });
  const registration = (recaptchaToken: string) => ({
    name: 'Bot Checked',
    email: uniqueEmail('bot'),
    password: DEFAULT_PASSWORD,
    confirmPassword: DEFAULT_PASSWORD,
    recaptchaToken,
  });
  /** A verification link made the way registration makes one. */
  const linkFor = async (userId: string) => {
    const token = `link-${nonce()}`;
    await t.ctx.db.kysely
      .insertInto('email_verifications')
      .values({
        token_hash: hashVerificationToken(token),
        user_id: userId,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        used_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return token;
  };

  it('passes the body token, the action and the client address: register, login, profile_update', async () => {
    const reg = registration(`register:${nonce()}`);
    expect((await inject('POST', '/api/user/auth/register', { body: reg })).statusCode).toBe(201);

    const user = await createUser(t.ctx);
    const loginToken = `login:${nonce()}`;
    const login = await inject('POST', '/api/user/auth/login', {
      body: { email: user.email, password: user.password, recaptchaToken: loginToken },
    });
    expect(login.statusCode).toBe(200);

    const profileToken = `profile_update:${nonce()}`;
    const profile = await inject('PUT', '/api/user/auth/update-profile', {
      token: user.token,
      body: { name: 'Renamed', recaptchaToken: profileToken },
    });
    expect(profile.statusCode).toBe(200);

    const seen = siteverify.seen.slice(-3);
    expect(seen).toEqual([
      { token: reg.recaptchaToken, ip: '203.0.113.7' },
      { token: loginToken, ip: '203.0.113.7' },
      { token: profileToken, ip: '203.0.113.7' },
    ]);
  });

  it('takes the email-verification token from the X-Recaptcha-Token header', async () => {
    const unverified = await createUser(t.ctx, { verified: false });
    const link = await linkFor(unverified.id);
    const headerToken = `email_verification:${nonce()}`;
    const res = await inject('GET', `/api/user/auth/verify-email/${link}`, {
      headers: { 'X-Recaptcha-Token': headerToken },
    });
    expect(res.statusCode).toBe(200);
    expect(siteverify.seen.at(-1)).toEqual({ token: headerToken, ip: '203.0.113.7' });
  });

  it('refuses a token made for another action', async () => {
    const res = await inject('POST', '/api/user/auth/register', { body: registration(`login:${nonce()}`) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.botCheckFailed, code: 'BOT_CHECK_FAILED' });
  });

  it('creates no account when the check refuses a registration, or when the token is missing', async () => {
    for (const token of [`bad:${nonce()}`, '']) {
      const body = registration(token);
      const res = await inject('POST', '/api/user/auth/register', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BOT_CHECK_FAILED');
      const row = await t.ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
  });

  it('does not count a refused login as a failed password', async () => {
    const user = await createUser(t.ctx);
    const res = await inject('POST', '/api/user/auth/login', {
      body: { email: user.email, password: 'Wrong-Pass1!', recaptchaToken: `bad:${nonce()}` },
    });
    expect(res.statusCode).toBe(400);
    const attempts = await t.ctx.db.kysely
      .selectFrom('login_attempts')
      .selectAll()
      .where('email', '=', user.email)
      .executeTakeFirst();
    expect(attempts).toBeUndefined();
  });

  it('changes no name when the check refuses a profile update', async () => {
    const user = await createUser(t.ctx, { name: 'Kept Name' });
    const res = await inject('PUT', '/api/user/auth/update-profile', {
      token: user.token,
      body: { name: 'Changed', recaptchaToken: `bad:${nonce()}` },
    });
    expect(res.statusCode).toBe(400);
    const row = await t.ctx.db.kysely
      .selectFrom('users')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Kept Name');
  });

  it('does not use up a verification link when the check refuses it', async () => {
    const unverified = await createUser(t.ctx, { verified: false });
    const link = await linkFor(unverified.id);
    const refused = await inject('GET', `/api/user/auth/verify-email/${link}`, {
      headers: { 'X-Recaptcha-Token': `bad:${nonce()}` },
    });
    expect(refused.statusCode).toBe(400);
    const ok = await inject('GET', `/api/user/auth/verify-email/${link}`, {
      headers: { 'X-Recaptcha-Token': `email_verification:${nonce()}` },
    });
    expect(ok.json()).toEqual({ message: MESSAGES.verified });
  });
});
