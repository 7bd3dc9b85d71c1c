import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@quorum/contract';
import {
  recaptchaToken,
  refusedRecaptchaToken,
  startRecaptchaStandIn,
  type RecaptchaStandIn,
} from '@quorum/test-support/recaptcha';
import { createUser, DEFAULT_PASSWORD, findAccount, uniqueEmail } from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import { hashLinkToken } from '../src/lib/link-tokens';
import { TEST_DIALECT, createTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

describe(`accounts: the bot check runs first on every protected endpoint (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let siteverify: RecaptchaStandIn;

  beforeAll(async () => {
    siteverify = await startRecaptchaStandIn({ hostname: 'surveys.example.test' });
    t = await createTestApp({
      publicUrl: 'https://surveys.example.test',
      registerRateLimit: 1000,
      loginRateLimit: 1000,
      recaptcha: siteverify.serverConfig(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await siteverify?.close();
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
    const token = `link-${newId()}`;
    await t.ctx.db.kysely
      .insertInto('email_verifications')
      .values({
        token_hash: hashLinkToken(token),
        user_id: userId,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        used_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return token;
  };

  it('passes the body token, the action and the client address: register, login, profile_update', async () => {
    const reg = registration(recaptchaToken('register'));
    expect((await inject('POST', '/api/user/auth/register', { body: reg })).statusCode).toBe(201);

    const user = await createUser(t.ctx);
    const loginToken = recaptchaToken('login');
    const login = await inject('POST', '/api/user/auth/login', {
      body: { email: user.email, password: user.password, recaptchaToken: loginToken },
    });
    expect(login.statusCode).toBe(200);

    const profileToken = recaptchaToken('profile_update');
    const profile = await inject('PUT', '/api/user/auth/update-profile', {
      token: user.token,
      body: { name: 'Renamed', recaptchaToken: profileToken },
    });
    expect(profile.statusCode).toBe(200);

    expect(siteverify.requests.slice(-3)).toEqual([
      { secret: 'secret-key', response: reg.recaptchaToken, remoteip: '203.0.113.7' },
      { secret: 'secret-key', response: loginToken, remoteip: '203.0.113.7' },
      { secret: 'secret-key', response: profileToken, remoteip: '203.0.113.7' },
    ]);
  });

  it('takes the email-verification token from the X-Recaptcha-Token header', async () => {
    const unverified = await createUser(t.ctx, { verified: false });
    const link = await linkFor(unverified.id);
    const headerToken = recaptchaToken('email_verification');
    const res = await inject('GET', `/api/user/auth/verify-email/${link}`, {
      headers: { 'X-Recaptcha-Token': headerToken },
    });
    expect(res.statusCode).toBe(200);
    expect(siteverify.requests.at(-1)).toEqual({
      secret: 'secret-key',
      response: headerToken,
      remoteip: '203.0.113.7',
    });
  });

  it('refuses a token made for another action', async () => {
    const res = await inject('POST', '/api/user/auth/register', { body: registration(recaptchaToken('login')) });
    expectError(res, 400, 'BOT_CHECK_FAILED', { message: MESSAGES.botCheckFailed });
  });

  it('creates no account when the check refuses a registration, or when the token is missing', async () => {
    for (const token of [refusedRecaptchaToken(), '']) {
      const body = registration(token);
      const res = await inject('POST', '/api/user/auth/register', { body });
      expectError(res, 400, 'BOT_CHECK_FAILED');
      expect(await findAccount(t.ctx, 'users', { email: body.email })).toBeUndefined();
    }
  });

  it('does not count a refused login as a failed password', async () => {
    const user = await createUser(t.ctx);
    const res = await inject('POST', '/api/user/auth/login', {
      body: { email: user.email, password: 'Wrong-Pass1!', recaptchaToken: refusedRecaptchaToken() },
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
      body: { name: 'Changed', recaptchaToken: refusedRecaptchaToken() },
    });
    expect(res.statusCode).toBe(400);
    expect((await findAccount(t.ctx, 'users', { id: user.id }))?.name).toBe('Kept Name');
  });

  it('does not use up a verification link when the check refuses it', async () => {
    const unverified = await createUser(t.ctx, { verified: false });
    const link = await linkFor(unverified.id);
    const refused = await inject('GET', `/api/user/auth/verify-email/${link}`, {
      headers: { 'X-Recaptcha-Token': refusedRecaptchaToken() },
    });
    expect(refused.statusCode).toBe(400);
    const ok = await inject('GET', `/api/user/auth/verify-email/${link}`, {
      headers: { 'X-Recaptcha-Token': recaptchaToken('email_verification') },
    });
    expect(ok.json()).toEqual({ message: MESSAGES.verified });
  });
});
