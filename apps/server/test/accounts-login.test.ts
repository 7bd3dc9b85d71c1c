import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MESSAGES, USER_LOCKOUT, formatMessage } from '@quorum/contract';
import { createAdmin, createUser, DEFAULT_PASSWORD, uniqueEmail } from '@quorum/test-support/factories';
import { createTokenService } from '../src/modules/auth/tokens';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const WRONG = 'Wrong-Horse1!';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe(`accounts: login, session and tokens (${TEST_DIALECT})`, () => {
  let now = new Date('2026-05-01T12:00:00Z');
  const clock = { now: () => now };
  const t = useTestApp({ loginRateLimit: 10_000, registerRateLimit: 10_000 }, { clock });

  const login = (email: string, password: string) =>
    request(t.app, 'POST', '/api/user/auth/login', { body: { email, password, recaptchaToken: '' } });
  const verifyToken = (token: string) => request(t.app, 'GET', '/api/user/auth/verify-user-token', { token });

  it('logs a verified user in with a token and the user', async () => {
    const user = await createUser(t.ctx, { name: 'Lena Login' });
    const res = await login(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: { id: user.id, name: 'Lena Login', email: user.email, type: 'user' },
    });
    const claims = await t.ctx.tokens.verify(body.token);
    expect(claims).toEqual({
      sub: user.id,
      role: 'user',
      ver: 0,
      jti: expect.any(String),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    // The token: HS256, issuer, expiry seven days after issue by default.
    const [header, payload] = (body.token as string)
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString('utf8')));
    expect(header.alg).toBe('HS256');
    expect(payload.iss).toBe('quorum');
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
  });

  it('answers verify-user-token with the user for a valid user token', async () => {
    const user = await createUser(t.ctx, { name: 'Vera Valid' });
    const res = await verifyToken(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: user.id, name: 'Vera Valid', email: user.email, type: 'user' } });
  });

  it('refuses an unverified account with 403 "Please verify your email"', async () => {
    const user = await createUser(t.ctx, { verified: false });
    const res = await login(user.email, user.password);
    expectError(res, 403, 'EMAIL_NOT_VERIFIED', { message: MESSAGES.emailNotVerified });
    expect(res.json().message).toContain('Please verify your email');
  });

  it('does not reveal an unverified account to a wrong password', async () => {
    const user = await createUser(t.ctx, { verified: false });
    const res = await login(user.email, WRONG);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('answers a wrong password and an unknown email alike: 401 "Invalid email or password"', async () => {
    const user = await createUser(t.ctx);
    const wrong = await login(user.email, WRONG);
    const unknown = await login(uniqueEmail('nobody'), DEFAULT_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('spends about the same time on an unknown email as on a wrong password', async () => {
    const users = await Promise.all(Array.from({ length: 9 }, () => createUser(t.ctx)));
    const time = async (email: string) => {
      const start = performance.now();
      await login(email, WRONG);
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    await time(uniqueEmail()); // warm the dummy hash
    const known: number[] = [];
    const unknown: number[] = [];
    for (const user of users) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail('timing')));
    }
    // A skipped Argon2 check would make the unknown email many times faster (a tenth of the time or less); the
    // margin leaves room for a busy machine, where single requests can take twice as long as their neighbours.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
  });

  it('refuses bad shapes with 400 and a message', async () => {
    const noPassword = await request(t.app, 'POST', '/api/user/auth/login', { body: { email: 'a@b.co' } });
    expectError(noPassword, 400, 'VALIDATION_FAILED', {
      message: 'Password is required',
      params: { location: 'body', field: 'password', issue: 'invalid_type', expected: 'string' },
    });
    const badEmail = await request(t.app, 'POST', '/api/user/auth/login', { body: { email: 'x', password: 'y' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(MESSAGES.emailInvalid);
  });

  describe('lockout', () => {
    const locked = (minutes: number) => ({
      message: formatMessage(MESSAGES.accountLocked, { minutes }),
      code: 'ACCOUNT_LOCKED',
      params: { minutes },
    });

    it(`locks after ${USER_LOCKOUT.maxFailures} failures within 15 minutes, refusing even the right password until it ends`, async () => {
      const start = now;
      try {
        const user = await createUser(t.ctx);
        for (let i = 1; i < USER_LOCKOUT.maxFailures; i++) {
          expect((await login(user.email, WRONG)).statusCode, `failure ${i}`).toBe(401);
        }
        const fifth = await login(user.email, WRONG);
        expect(fifth.statusCode).toBe(423);
        expect(fifth.json()).toEqual(locked(15));
        expect(fifth.json().message).toContain('Account locked');
        expect(fifth.headers['retry-after']).toBe(String(15 * 60));

        now = new Date(start.getTime() + 10 * 60_000);
        const right = await login(user.email, user.password);
        expect(right.statusCode).toBe(423);
        expect(right.json()).toEqual(locked(5));

        now = new Date(start.getTime() + 15 * 60_000 - 1000);
        expect((await login(user.email, user.password)).statusCode).toBe(423);

        now = new Date(start.getTime() + 15 * 60_000);
        expect((await login(user.email, user.password)).statusCode).toBe(200);
      } finally {
        now = start;
      }
    });

    it('resets the count on a successful login', async () => {
      const user = await createUser(t.ctx);
      for (let i = 1; i < USER_LOCKOUT.maxFailures; i++) await login(user.email, WRONG);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
      for (let i = 1; i < USER_LOCKOUT.maxFailures; i++) {
        expect((await login(user.email, WRONG)).statusCode).toBe(401);
      }
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });

    it('forgets failures older than 15 minutes', async () => {
      const start = now;
      try {
        const user = await createUser(t.ctx);
        for (let i = 1; i < USER_LOCKOUT.maxFailures; i++) await login(user.email, WRONG);
        now = new Date(start.getTime() + 15 * 60_000);
        expect((await login(user.email, WRONG)).statusCode).toBe(401);
      } finally {
        now = start;
      }
    });

    it('locks unknown emails the same way, so the lock reveals nothing', async () => {
      const email = uniqueEmail('ghost');
      const statuses: number[] = [];
      for (let i = 0; i < USER_LOCKOUT.maxFailures; i++) statuses.push((await login(email, WRONG)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 423]);
    });

    it('keeps accounts apart: one locked email does not lock another', async () => {
      const locked = await createUser(t.ctx);
      const other = await createUser(t.ctx);
      for (let i = 0; i < USER_LOCKOUT.maxFailures; i++) await login(locked.email, WRONG);
      expect((await login(other.email, other.password)).statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    it('refuses a missing token, a malformed header and garbage with 401', async () => {
      expect((await request(t.app, 'GET', '/api/user/auth/verify-user-token')).statusCode).toBe(401);
      const basic = await t.app.inject({
        method: 'GET',
        url: '/api/user/auth/verify-user-token',
        headers: { authorization: 'Basic abc' },
      });
      expect(basic.statusCode).toBe(401);
      expect((await verifyToken('not.a.jwt')).statusCode).toBe(401);
    });

    it('refuses an alg:none token with 401', async () => {
      const user = await createUser(t.ctx);
      const iat = Math.floor(Date.now() / 1000);
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, role: 'user', ver: 0, iss: 'quorum', iat, exp: iat + 3600 })}.`;
      const res = await verifyToken(unsigned);
      expectError(res, 401, 'INVALID_TOKEN');
    });

    it('refuses a tampered token with 401', async () => {
      const user = await createUser(t.ctx);
      const other = await createUser(t.ctx);
      const [header, payload, signature] = user.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const tampered = `${header}.${b64({ ...claims, sub: other.id })}.${signature}`;
      expect((await verifyToken(tampered)).statusCode).toBe(401);
      // Flipping one signature character is refused too.
      // A character in the middle: every one of its bits is signature (the last one's low bits are only padding).
      const flipped = `${header}.${payload}.${signature!.slice(0, 10)}${signature![10] === 'A' ? 'B' : 'A'}${signature!.slice(11)}`;
      expect((await verifyToken(flipped)).statusCode).toBe(401);
    });

    it('refuses a token signed with another secret or another HMAC algorithm', async () => {
      const user = await createUser(t.ctx);
      const foreign = await createTokenService('another-secret-another-secret-1234567', 1).sign({
        sub: user.id,
        role: 'user',
        ver: 0,
      });
      expect((await verifyToken(foreign)).statusCode).toBe(401);
      const iat = Math.floor(Date.now() / 1000);
      const head = b64({ alg: 'HS512', typ: 'JWT' });
      const body = b64({ sub: user.id, role: 'user', ver: 0, iss: 'quorum', iat, exp: iat + 3600 });
      const sig = createHmac('sha512', t.config.jwtSecret).update(`${head}.${body}`).digest('base64url');
      expect((await verifyToken(`${head}.${body}.${sig}`)).statusCode).toBe(401);
    });

    it('refuses an expired token with 401', async () => {
      const user = await createUser(t.ctx);
      const expired = await createTokenService(t.config.jwtSecret, -1).sign({ sub: user.id, role: 'user', ver: 0 });
      expect((await verifyToken(expired)).statusCode).toBe(401);
    });

    it('refuses an admin token on the user endpoints and a user token on the admin endpoints', async () => {
      const admin = await createAdmin(t.ctx);
      const user = await createUser(t.ctx);
      expect((await verifyToken(admin.token)).statusCode).toBe(401);
      const profile = await request(t.app, 'PUT', '/api/user/auth/update-profile', {
        token: admin.token,
        body: { name: 'Nope' },
      });
      expect(profile.statusCode).toBe(401);
      const adminVerify = await request(t.app, 'GET', '/api/admin/auth/verify-admin-token', { token: user.token });
      expect(adminVerify.statusCode).toBe(401);
    });

    it('refuses the token of a deleted account', async () => {
      const user = await createUser(t.ctx);
      await t.ctx.db.kysely.deleteFrom('users').where('id', '=', user.id).execute();
      expect((await verifyToken(user.token)).statusCode).toBe(401);
    });
  });
});
