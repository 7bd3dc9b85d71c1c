import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REGISTRATION_SPECIALS } from '@quorum/contract';
import {
  partsOf,
  startSmtpCapture,
  verificationTokenFrom,
  type CapturedMail,
  type SmtpCapture,
} from '@quorum/test-support/smtp';
import { DEFAULT_PASSWORD, createUser, uniqueEmail } from '@quorum/test-support/factories';
import { TEST_DIALECT, createTestApp, request, type TestApp } from './helpers';
import { expectError } from './support/expect-error';
import { logMailer } from './support/log-mailer';

const PUBLIC_URL = 'https://surveys.example.test';
const tokenFrom = (mail: CapturedMail) => verificationTokenFrom(mail, PUBLIC_URL);

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rita Register',
  email: uniqueEmail('reg'),
  password: DEFAULT_PASSWORD,
  confirmPassword: DEFAULT_PASSWORD,
  recaptchaToken: '',
  ...overrides,
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe(`accounts: registration and email verification (${TEST_DIALECT})`, () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let now = new Date('2026-03-01T09:00:00Z');
  const clock = { now: () => now };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(
      // Limits high enough for this file; the limits have their own test below.
      {
        smtpUrl: smtp.url,
        publicUrl: PUBLIC_URL,
        mailFrom: 'Quorum <hello@quorum.test>',
        registerRateLimit: 1000,
        loginRateLimit: 1000,
      },
      { clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const register = (body: Record<string, unknown>) => request(t.app, 'POST', '/api/user/auth/register', { body });
  const userByEmail = (email: string) =>
    t.ctx.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('registers an unverified account, hashes the password with Argon2id and mails a verification link', async () => {
    const body = registration();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MESSAGES.registered });

    const user = await userByEmail(body.email);
    expect(user).toMatchObject({ name: 'Rita Register', email_verified_at: null, token_version: 0 });
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, tCost] = /m=(\d+),t=(\d+)/.exec(user!.password_hash)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(tCost)).toBeGreaterThanOrEqual(2);
    expect(user!.password_hash).not.toContain(DEFAULT_PASSWORD);

    const mail = await smtp.waitFor(body.email);
    expect(mail.from).toBe('hello@quorum.test');
    const { text, html, headers } = partsOf(mail.raw);
    expect(headers).toMatch(/^Subject: Verify your email for Quorum$/m);
    expect(headers).toMatch(/^From: Quorum <hello@quorum\.test>$/m);
    expect(headers).toMatch(/multipart\/alternative/i);
    const token = tokenFrom(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(text).toContain(`${PUBLIC_URL}/verify/${token}`);
    expect(html).toContain(`href="${PUBLIC_URL}/verify/${token}"`);
    expect(text).toContain('Rita Register');

    // Only the token's SHA-256 is stored, valid for 24 hours.
    const rows = await t.ctx.db.kysely
      .selectFrom('email_verifications')
      .selectAll()
      .where('user_id', '=', user!.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime() - now.getTime()).toBe(24 * 3600_000);
  });

  it('trims the name and stores the email lower-cased', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await register(registration({ name: '  Padded Name  ', email: `  ${email.toUpperCase()} ` }));
    expect(res.statusCode).toBe(201);
    const user = await userByEmail(email.toLowerCase());
    expect(user?.name).toBe('Padded Name');
  });

  it('refuses the email of a verified account, in any letter case, with 409 and sends nothing', async () => {
    const taken = await createUser(t.ctx, { name: 'Rita Register' });
    const again = await register(registration({ email: taken.email.toUpperCase(), name: 'Someone Else' }));
    expectError(again, 409, 'EMAIL_TAKEN', { message: MESSAGES.emailTaken });
    expect((await userByEmail(taken.email))?.name).toBe('Rita Register');
    // A mail to a third address proves the server had time to send, had it meant to.
    const probe = registration();
    await register(probe);
    await smtp.waitFor(probe.email);
    expect(smtp.mails.flatMap((m) => m.to)).not.toContain(taken.email);
  });

  it('makes one account of two concurrent registrations of one email, both answered alike', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([register(registration({ email })), register(registration({ email }))]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(results[0]!.json()).toEqual(results[1]!.json());
    const count = await t.ctx.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it.each([
    ['shorter than 8 characters', 'Ab1!xyz'],
    ['without an uppercase letter', 'correct-horse1!'],
    ['without a lowercase letter', 'CORRECT-HORSE1!'],
    ['without a digit', 'Correct-Horse!'],
    ['without a special character', 'CorrectHorse12'],
    ['with only a special character outside the list', 'Correct_Horse1'],
  ])('refuses a password %s and creates nothing', async (_case, password) => {
    const body = registration({ password, confirmPassword: password });
    const res = await register(body);
    expectError(res, 400, 'VALIDATION_FAILED', {
      message: MESSAGES.passwordRequirements,
      params: { location: 'body', field: 'password', issue: 'custom', rule: 'passwordRequirements' },
    });
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('accepts every special character of the registration list', async () => {
    for (const special of REGISTRATION_SPECIALS) {
      const password = `Abcdefg1${special}`;
      const res = await register(registration({ password, confirmPassword: password }));
      expect(res.statusCode, `special ${special}`).toBe(201);
    }
  });

  it('refuses a confirmation that does not match', async () => {
    const body = registration({ confirmPassword: `${DEFAULT_PASSWORD}x` });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.passwordsDoNotMatch);
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it.each([
    ['a missing name', { name: undefined }, MESSAGES.nameRequired],
    ['a blank name', { name: '   ' }, MESSAGES.nameRequired],
    ['an invalid email', { email: 'not-an-email' }, MESSAGES.emailInvalid],
    ['a missing email', { email: undefined }, MESSAGES.emailInvalid],
    ['a missing password', { password: undefined }, 'Password is required'],
  ])('refuses %s with 400 and a message', async (_case, overrides, message) => {
    const res = await register(registration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message,
      code: 'VALIDATION_FAILED',
      params: expect.objectContaining({ location: 'body', field: Object.keys(overrides)[0] }),
    });
  });

  it('verifies once, then answers alreadyVerified for the same link', async () => {
    const body = registration();
    await register(body);
    const token = tokenFrom(await smtp.waitFor(body.email));

    const first = await request(t.app, 'GET', `/api/user/auth/verify-email/${token}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: MESSAGES.verified });
    expect((await userByEmail(body.email))?.email_verified_at).toBe(now.toISOString());

    const again = await request(t.app, 'GET', `/api/user/auth/verify-email/${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: MESSAGES.alreadyVerified, alreadyVerified: true });

    const login = await request(t.app, 'POST', '/api/user/auth/login', {
      body: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an unknown link with 400', async () => {
    const res = await request(t.app, 'GET', `/api/user/auth/verify-email/${'A'.repeat(43)}`);
    expectError(res, 400, 'VERIFICATION_LINK_INVALID', { message: MESSAGES.verificationInvalid });
  });

  it('keeps a link valid for 24 hours and refuses it after', async () => {
    const early = registration();
    const late = registration();
    await register(early);
    await register(late);
    const earlyToken = tokenFrom(await smtp.waitFor(early.email));
    const lateToken = tokenFrom(await smtp.waitFor(late.email));
    const start = now;
    try {
      now = new Date(start.getTime() + 24 * 3600_000 - 1000);
      expect((await request(t.app, 'GET', `/api/user/auth/verify-email/${earlyToken}`)).statusCode).toBe(200);
      now = new Date(start.getTime() + 24 * 3600_000);
      const expired = await request(t.app, 'GET', `/api/user/auth/verify-email/${lateToken}`);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(MESSAGES.verificationInvalid);
      expect((await userByEmail(late.email))?.email_verified_at).toBeNull();
    } finally {
      now = start;
    }
  });

  describe('resend-verification', () => {
    const resend = (email: string) =>
      request(t.app, 'POST', '/api/user/auth/resend-verification', { body: { email, recaptchaToken: '' } });

    it('mails a fresh link to an unverified account and retires the older one', async () => {
      const body = registration();
      await register(body);
      const oldToken = tokenFrom(await smtp.waitFor(body.email));
      const res = await resend(body.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MESSAGES.resendGeneric });
      const newToken = tokenFrom(await smtp.waitFor(body.email, 2));
      expect(newToken).not.toBe(oldToken);
      expect((await request(t.app, 'GET', `/api/user/auth/verify-email/${oldToken}`)).statusCode).toBe(400);
      expect((await request(t.app, 'GET', `/api/user/auth/verify-email/${newToken}`)).json()).toEqual({
        message: MESSAGES.verified,
      });
    });

    it('answers the same for unknown and verified emails, and sends nothing', async () => {
      const verified = await createUser(t.ctx);
      const unknown = uniqueEmail('nobody');
      const before = smtp.mails.length;
      const a = await resend(unknown);
      const b = await resend(verified.email);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json()).toEqual({ message: MESSAGES.resendGeneric });
      expect(b.json()).toEqual(a.json());
      // A mail to a third address proves the server had time to send, had it meant to.
      const probe = registration();
      await register(probe);
      await smtp.waitFor(probe.email);
      expect(smtp.mails.slice(before).flatMap((m) => m.to)).toEqual([probe.email]);
    });

    it('refuses an invalid email with 400', async () => {
      const res = await resend('nope');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.emailInvalid);
    });
  });
});

describe(`accounts: mail delivery failures (${TEST_DIALECT})`, () => {
  it('keeps the registration when the mail cannot be sent; a resend delivers a working link', async () => {
    const smtp = await startSmtpCapture();
    const deadUrl = smtp.url;
    await smtp.close(); // nothing listens there any more
    const broken = await createTestApp({ smtpUrl: deadUrl, publicUrl: PUBLIC_URL });
    const body = registration();
    let working: TestApp | undefined;
    const liveSmtp = await startSmtpCapture();
    try {
      const res = await request(broken.app, 'POST', '/api/user/auth/register', { body });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: MESSAGES.registered });

      // The same database, now with a mail server that answers.
      working = await createTestApp(
        { smtpUrl: liveSmtp.url, publicUrl: PUBLIC_URL },
        { database: broken.config.database },
      );
      const resend = await request(working.app, 'POST', '/api/user/auth/resend-verification', {
        body: { email: body.email },
      });
      expect(resend.statusCode).toBe(200);
      const token = tokenFrom(await liveSmtp.waitFor(body.email));
      const verify = await request(working.app, 'GET', `/api/user/auth/verify-email/${token}`);
      expect(verify.json()).toEqual({ message: MESSAGES.verified });
    } finally {
      await working?.app.close();
      await broken.close();
      await liveSmtp.close();
    }
  });

  it('writes the mail to the log, link clearly labelled, when SMTP_URL is unset', async () => {
    const { mailer, lines } = logMailer();
    await mailer.send({
      to: 'newcomer@example.com',
      subject: 'Verify your email for Quorum',
      text: 'body',
      html: '<p>body</p>',
      link: { label: 'Email verification link', url: 'http://localhost:3000/verify/abc' },
    });
    await mailer.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('SMTP_URL is unset');
    expect(lines[0]).toContain('To: newcomer@example.com');
    expect(lines[0]).toMatch(/^>>> Email verification link: http:\/\/localhost:3000\/verify\/abc$/m);
  });
});

describe(`accounts: rate limits (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ registerRateLimit: 3, loginRateLimit: 4 });
  });
  afterAll(async () => t?.close());

  const from = (remoteAddress: string, method: 'POST' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });

  it('limits registrations per client: the fourth in 10 minutes gets 429, other clients are not affected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await from('10.0.0.1', 'POST', '/api/user/auth/register', registration())).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await from('10.0.0.1', 'POST', '/api/user/auth/register', registration());
    expect(limited.json()).toEqual({
      message: MESSAGES.tooManyRequests,
      code: 'RATE_LIMITED',
      params: { retryAfterSeconds: Number(limited.headers['retry-after']) },
    });
    expect((await from('10.0.0.2', 'POST', '/api/user/auth/register', registration())).statusCode).toBe(201);
  });

  it('limits verification resends per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await from('10.0.0.3', 'POST', '/api/user/auth/resend-verification', { email: uniqueEmail() })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits login attempts per client: the fifth in a minute gets 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const body = { email: uniqueEmail(), password: 'Wrong-Pass1!' };
      statuses.push((await from('10.0.0.4', 'POST', '/api/user/auth/login', body)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});
