import { createHash } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@quorum/contract';
import { partsOf, startSmtpCapture, type CapturedMail, type SmtpCapture } from '@quorum/test-support/smtp';
import { recaptchaToken, startRecaptchaStandIn, type RecaptchaStandIn } from '@quorum/test-support/recaptcha';
import { DEFAULT_PASSWORD, createAdmin, createUser, uniqueEmail } from '@quorum/test-support/factories';
import { sweepAccounts } from '../src/modules/users/account-sweep';
import { TEST_DIALECT, createTestApp, request, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const PUBLIC_URL = 'https://surveys.example.test';
const NEW_PASSWORD = 'Brand-New-Passw0rd!';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The token in a reset mail's link. */
function resetTokenFrom(mail: CapturedMail): string {
  const match = /https:\/\/surveys\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(partsOf(mail.raw).text);
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return match[1]!;
}

describe(`password reset (${TEST_DIALECT})`, () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let now = new Date('2026-05-01T09:00:00Z');
  const clock = { now: () => now };
  const advanceMinutes = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(
      {
        smtpUrl: smtp.url,
        publicUrl: PUBLIC_URL,
        passwordResetRateLimit: 1000,
        passwordResetMailsPerHour: 3,
        loginRateLimit: 1000,
      },
      { clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const forgot = (email: string) =>
    request(t.app, 'POST', '/api/user/auth/forgot-password', { body: { email, recaptchaToken: '' } });
  const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    request(t.app, 'POST', '/api/user/auth/reset-password', { body: { token, password, confirmPassword } });
  const login = (email: string, password: string) =>
    request(t.app, 'POST', '/api/user/auth/login', { body: { email, password } });
  /** Mails the capture got to `email` so far, after giving background deliveries a moment. */
  const mailsTo = async (email: string) => {
    await new Promise((r) => setTimeout(r, 150));
    return smtp.mails.filter((m) => m.to.includes(email));
  };
  const resetRows = (userId: string) =>
    t.ctx.db.kysely.selectFrom('password_resets').selectAll().where('user_id', '=', userId).execute();

  it('answers the same body for an unknown, an unverified and a verified email; only the verified one gets mail', async () => {
    const verified = await createUser(t.ctx);
    const unverified = await createUser(t.ctx, { verified: false });
    const unknown = uniqueEmail('nobody');

    const answers = [await forgot(unknown), await forgot(unverified.email), await forgot(verified.email)];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MESSAGES.passwordResetRequested });
      expect(res.headers['content-length']).toBe(answers[0]!.headers['content-length']);
    }

    const mail = await smtp.waitFor(verified.email);
    const { text, html, headers } = partsOf(mail.raw);
    expect(headers).toMatch(/^Subject: Reset your Quorum password$/m);
    const token = resetTokenFrom(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(text).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(html).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(text).toContain('valid for 1 hour');

    expect(await mailsTo(unverified.email)).toHaveLength(0);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await resetRows(unverified.id)).toHaveLength(0);

    // Only the hash is stored, with an expiry one hour ahead.
    const [row] = await resetRows(verified.id);
    expect(row).toMatchObject({ token_hash: sha256(token), used_at: null });
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(60 * 60_000);
    const dump = JSON.stringify(await t.ctx.db.kysely.selectFrom('password_resets').selectAll().execute());
    expect(dump).not.toContain(token);
  });

  it('a reset sets the new password, ends every session, and the link works once', async () => {
    const user = await createUser(t.ctx);
    const session = (await login(user.email, user.password)).json<{ token: string }>().token;
    await forgot(user.email);
    const token = resetTokenFrom(await smtp.waitFor(user.email));

    const res = await reset(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.passwordResetDone });

    // Every existing session ends: the factory's token and a fresh login's.
    for (const old of [user.token, session]) {
      expectError(
        await request(t.app, 'GET', '/api/user/auth/verify-user-token', { token: old }),
        401,
        'INVALID_TOKEN',
      );
    }
    expectError(await login(user.email, DEFAULT_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use: the same link again says it was used.
    expectError(await reset(token, 'Yet-Another-Passw0rd!'), 400, 'PASSWORD_RESET_LINK_USED', {
      message: MESSAGES.passwordResetUsed,
    });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const [row] = await resetRows(user.id);
    expect(row!.used_at).not.toBeNull();

    const entry = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'auth.password.reset')
      .where('target_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: null, target_type: 'user' });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('using one link voids the account’s other outstanding links', async () => {
    const user = await createUser(t.ctx);
    await forgot(user.email);
    await forgot(user.email);
    const first = resetTokenFrom(await smtp.waitFor(user.email, 1));
    const second = resetTokenFrom(await smtp.waitFor(user.email, 2));
    expect(first).not.toBe(second);

    expect((await reset(second)).statusCode).toBe(200);
    expectError(await reset(first), 400, 'PASSWORD_RESET_LINK_INVALID', { message: MESSAGES.passwordResetInvalid });
  });

  it('a link expires after one hour (by the server clock)', async () => {
    const user = await createUser(t.ctx);
    await forgot(user.email);
    const token = resetTokenFrom(await smtp.waitFor(user.email));

    advanceMinutes(61);
    expectError(await reset(token), 400, 'PASSWORD_RESET_LINK_INVALID');
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('a link just before its hour is up still works', async () => {
    const user = await createUser(t.ctx);
    await forgot(user.email);
    const token = resetTokenFrom(await smtp.waitFor(user.email));
    advanceMinutes(59);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses an unknown link, and a new password that breaks the rules, changing nothing', async () => {
    const user = await createUser(t.ctx);
    await forgot(user.email);
    const token = resetTokenFrom(await smtp.waitFor(user.email));

    expectError(await reset('not-a-real-token'), 400, 'PASSWORD_RESET_LINK_INVALID');
    expectError(await reset(token, 'alllowercase1!'), 400, 'VALIDATION_FAILED', {
      message: 'Password must contain at least one uppercase letter',
      params: expect.any(Object) as Record<string, unknown>,
    });
    expectError(await reset(token, NEW_PASSWORD, 'Something-Else1!'), 400, 'VALIDATION_FAILED');
    // Registration allows "?" as the special character; changing (and resetting) a password does not.
    expectError(await reset(token, 'Question-Mark1?'), 400, 'VALIDATION_FAILED');

    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await resetRows(user.id))[0]!.used_at).toBeNull();
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('sends at most the configured number of mails per account per hour, answering the same beyond it', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < 5; i++) {
      const res = await forgot(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MESSAGES.passwordResetRequested });
    }
    await smtp.waitFor(user.email, 3);
    expect(await mailsTo(user.email)).toHaveLength(3);
    expect(await resetRows(user.id)).toHaveLength(3);

    // An hour later the account may get mail again.
    advanceMinutes(61);
    await forgot(user.email);
    await smtp.waitFor(user.email, 4);
    expect(await mailsTo(user.email)).toHaveLength(4);
  });

  it('the hourly sweep removes links older than a day', async () => {
    const user = await createUser(t.ctx);
    await forgot(user.email);
    await smtp.waitFor(user.email);
    expect(await resetRows(user.id)).toHaveLength(1);
    advanceMinutes(23 * 60);
    await sweepAccounts(t.ctx);
    expect(await resetRows(user.id)).toHaveLength(1);
    advanceMinutes(2 * 60);
    expect((await sweepAccounts(t.ctx)).passwordResets).toBeGreaterThanOrEqual(1);
    expect(await resetRows(user.id)).toHaveLength(0);
  });

  it.each(['user', 'admin'] as const)('changing the password records auth.password.changed (%s)', async (role) => {
    const account = role === 'admin' ? await createAdmin(t.ctx) : await createUser(t.ctx);
    const res = await request(t.app, 'PUT', `/api/${role}/auth/change-password`, {
      token: account.token,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const entry = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'auth.password.changed')
      .where('actor_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_role: role, target_type: role, target_id: account.id });
    expect(entry.details).not.toContain(NEW_PASSWORD);
  });
});

describe(`password reset rate limits per address (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ passwordResetRateLimit: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['forgot-password', 'reset-password'])('%s answers 429 past the limit from one address', async (route) => {
    const body =
      route === 'forgot-password'
        ? { email: uniqueEmail('limit') }
        : { token: 'not-a-real-token', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const send = (address: string) =>
      t.app.inject({ method: 'POST', url: `/api/user/auth/${route}`, payload: body, remoteAddress: address });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send('198.51.100.7')).statusCode);
    expect(statuses.slice(2)).toEqual([429]);
    const refused = await send('198.51.100.7');
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await send('198.51.100.8')).statusCode).not.toBe(429);
  });
});

describe(`password reset answers without waiting for the mail (${TEST_DIALECT})`, () => {
  it('answers a verified account at once while the mail server hangs', async () => {
    // An SMTP server that accepts connections and never greets: a delivery would wait for its timeouts.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, passwordResetRateLimit: 1000 });
    try {
      const user = await createUser(t.ctx);
      const started = performance.now();
      const res = await request(t.app, 'POST', '/api/user/auth/forgot-password', { body: { email: user.email } });
      const took = performance.now() - started;
      expect(res.json()).toEqual({ message: MESSAGES.passwordResetRequested });
      // The SMTP greeting timeout is 10 s; the answer comes long before it.
      expect(took).toBeLessThan(2_000);
      await expect.poll(() => sockets.size).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await t.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe(`asking for a reset passes the bot check first (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let siteverify: RecaptchaStandIn;
  beforeAll(async () => {
    siteverify = await startRecaptchaStandIn({ hostname: 'surveys.example.test' });
    t = await createTestApp({
      publicUrl: 'https://surveys.example.test',
      passwordResetRateLimit: 1000,
      recaptcha: siteverify.serverConfig(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await siteverify?.close();
  });

  const forgot = (email: string, token: string) =>
    request(t.app, 'POST', '/api/user/auth/forgot-password', { body: { email, recaptchaToken: token } });

  it("refuses a missing token and another action's token, making no link; takes its own action's", async () => {
    const user = await createUser(t.ctx);
    expectError(await forgot(user.email, ''), 400, 'BOT_CHECK_FAILED');
    expectError(
      await forgot(user.email, recaptchaToken('login', { hostname: 'surveys.example.test' })),
      400,
      'BOT_CHECK_FAILED',
    );
    expect(await t.ctx.db.kysely.selectFrom('password_resets').selectAll().execute()).toHaveLength(0);

    const res = await forgot(user.email, recaptchaToken('password_reset', { hostname: 'surveys.example.test' }));
    expect(res.json()).toEqual({ message: MESSAGES.passwordResetRequested });
    expect(await t.ctx.db.kysely.selectFrom('password_resets').selectAll().execute()).toHaveLength(1);
  });
});
