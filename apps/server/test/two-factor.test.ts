import { describe, expect, it } from 'vitest';
import { ADMIN_LOCKOUT, USER_LOCKOUT, type UserType } from '@quorum/contract';
import { createAdmin, createUser, type CreatedAccount } from '@quorum/test-support/factories';
import { base32Decode, totpAt, totpStep } from '@quorum/test-support/totp';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

// RFC 6238 appendix B, SHA-1: the test's own implementation first proves itself against the RFC's vectors.
const RFC_SECRET = Buffer.from('12345678901234567890').toString('hex');

describe(`two-factor sign-in (${TEST_DIALECT})`, () => {
  // Mid-step, so a drift of one step either way is a whole step away.
  let now = new Date('2026-06-01T12:00:10Z');
  const clock = { now: () => now };
  const advanceSeconds = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const t = useTestApp({ loginRateLimit: 10_000 }, { clock });

  const api = (role: UserType) => `/api/${role}/auth`;
  const codeNow = (secret: string, drift = 0) => totpAt(secret, totpStep(now) + drift);

  const login = (role: UserType, account: CreatedAccount, address = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: `${api(role)}/login`,
      payload: { email: account.email, password: account.password, recaptchaToken: '' },
      remoteAddress: address,
    });
  const secondStep = (role: UserType, mfaToken: string, code: string, address = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: `${api(role)}/login/2fa`,
      payload: { mfaToken, code },
      remoteAddress: address,
    });
  const verifyToken = (role: UserType, token: string) =>
    request(
      t.app,
      'GET',
      role === 'admin' ? '/api/admin/auth/verify-admin-token' : '/api/user/auth/verify-user-token',
      {
        token,
      },
    );

  /** Sets up and turns on two-factor sign-in through the API; the clock then moves to the next step. */
  async function turnOn(role: UserType, account: CreatedAccount) {
    const setup = await request(t.app, 'POST', `${api(role)}/2fa/setup`, { token: account.token });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Quorum:/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    const enable = await request(t.app, 'POST', `${api(role)}/2fa/enable`, {
      token: account.token,
      body: { code: codeNow(secret) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
    advanceSeconds(30);
    return { secret, recoveryCodes };
  }

  async function mfaTokenFor(role: UserType, account: CreatedAccount, address?: string): Promise<string> {
    const res = await login(role, account, address);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    return body.mfaToken as string;
  }

  const auditRows = (type: string, targetId: string) =>
    t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', type as never)
      .where('target_id', '=', targetId)
      .orderBy('id')
      .execute();

  it("computes RFC 6238's own test values (the test's implementation)", () => {
    const secret = base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('hex');
    expect(secret).toBe(RFC_SECRET);
    // T = 59 s → 94287082, T = 1111111109 s → 07081804: the low six digits.
    expect(totpAt('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1)).toBe('287082');
    expect(totpAt('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', Math.floor(1111111109 / 30))).toBe('081804');
  });

  it('sets up a pending secret that does nothing until a code from it turns it on', async () => {
    const user = await createUser(t.ctx);
    const status = await request(t.app, 'GET', '/api/user/auth/2fa', { token: user.token });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await request(t.app, 'POST', '/api/user/auth/2fa/setup', { token: user.token });
    const { secret } = setup.json<{ secret: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Still a plain login.
    expect((await login('user', user)).json()).toHaveProperty('token');

    // A code of another secret, or a malformed one, does not turn it on.
    const wrong = await request(t.app, 'POST', '/api/user/auth/2fa/enable', {
      token: user.token,
      body: { code: codeNow('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') },
    });
    expectError(wrong, 400, 'TWO_FACTOR_CODE_INVALID');
    const malformed = await request(t.app, 'POST', '/api/user/auth/2fa/enable', {
      token: user.token,
      body: { code: '12345' },
    });
    expectError(malformed, 400, 'VALIDATION_FAILED');

    // A newer setup replaces the pending secret: the older one's code no longer works.
    const again = await request(t.app, 'POST', '/api/user/auth/2fa/setup', { token: user.token });
    const newer = again.json<{ secret: string }>().secret;
    expect(newer).not.toBe(secret);
    const stale = await request(t.app, 'POST', '/api/user/auth/2fa/enable', {
      token: user.token,
      body: { code: codeNow(secret) },
    });
    expectError(stale, 400, 'TWO_FACTOR_CODE_INVALID');

    const ok = await request(t.app, 'POST', '/api/user/auth/2fa/enable', {
      token: user.token,
      body: { code: codeNow(newer).replace(/^(\d{3})/, '$1 ') },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { recoveryCodes } = ok.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect((await request(t.app, 'GET', '/api/user/auth/2fa', { token: user.token })).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    // Neither the secret nor a recovery code is stored as it is.
    const row = await t.ctx.db.kysely
      .selectFrom('two_factor')
      .selectAll()
      .where('account_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.pending_secret).toBeNull();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(newer);
    expect(row.secret).not.toContain(base32Decode(newer).toString('base64url'));
    expect(row.secret).not.toContain(base32Decode(newer).toString('hex'));
    const stored = JSON.stringify(
      await t.ctx.db.kysely
        .selectFrom('two_factor_recovery_codes')
        .selectAll()
        .where('account_id', '=', user.id)
        .execute(),
    );
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }

    // Set up again, or enable again, while it is on: refused, nothing changes.
    expectError(
      await request(t.app, 'POST', '/api/user/auth/2fa/setup', { token: user.token }),
      409,
      'TWO_FACTOR_ALREADY_ENABLED',
    );
    const audit = await auditRows('auth.2fa.enabled', user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: user.id, actor_role: 'user', target_type: 'user' });
  });

  it('refuses to enable without a setup, and to disable while off', async () => {
    const user = await createUser(t.ctx);
    const enable = await request(t.app, 'POST', '/api/user/auth/2fa/enable', {
      token: user.token,
      body: { code: '123456' },
    });
    expectError(enable, 409, 'TWO_FACTOR_NOT_SET_UP');
    const disable = await request(t.app, 'POST', '/api/user/auth/2fa/disable', {
      token: user.token,
      body: { password: user.password, code: '123456' },
    });
    expectError(disable, 409, 'TWO_FACTOR_NOT_ENABLED');
  });

  it('asks for a code after the password, and the right code signs in; the code works once', async () => {
    const user = await createUser(t.ctx, { name: 'Tess Totp' });
    const { secret } = await turnOn('user', user);
    const mfaToken = await mfaTokenFor('user', user);

    const code = codeNow(secret);
    const res = await secondStep('user', mfaToken, code);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: { id: user.id, name: 'Tess Totp', email: user.email, type: 'user' },
    });
    expect((await verifyToken('user', body.token)).statusCode).toBe(200);

    // The same code again, with the same ticket or a new one: refused.
    expectError(await secondStep('user', mfaToken, code), 401, 'TWO_FACTOR_CODE_INVALID');
    expectError(await secondStep('user', await mfaTokenFor('user', user), code), 401, 'TWO_FACTOR_CODE_INVALID');

    const succeeded = await auditRows('auth.login.succeeded', user.id);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ actor_id: user.id, actor_role: 'user', address: '203.0.113.1' });
    expect(JSON.parse(succeeded[0]!.details)).toEqual({ method: 'password+2fa' });
    const failed = await auditRows('auth.login.failed', user.id);
    expect(failed.map((r) => JSON.parse(r.details))).toEqual([{ reason: 'code' }, { reason: 'code' }]);
  });

  it('accepts one step of drift either way, not two', async () => {
    const user = await createUser(t.ctx);
    const { secret } = await turnOn('user', user);
    // Clear of the step the enabling code spent.
    advanceSeconds(60);
    const mfaToken = await mfaTokenFor('user', user, '203.0.113.2');

    expectError(await secondStep('user', mfaToken, codeNow(secret, -2), '203.0.113.2'), 401, 'TWO_FACTOR_CODE_INVALID');
    expectError(await secondStep('user', mfaToken, codeNow(secret, 2), '203.0.113.2'), 401, 'TWO_FACTOR_CODE_INVALID');
    expect((await secondStep('user', mfaToken, codeNow(secret, -1), '203.0.113.2')).statusCode).toBe(200);
    expect((await secondStep('user', mfaToken, codeNow(secret, 1), '203.0.113.2')).statusCode).toBe(200);
    // Once the code of step +1 is spent, the current step's code is older: refused as spent.
    expectError(await secondStep('user', mfaToken, codeNow(secret), '203.0.113.2'), 401, 'TWO_FACTOR_CODE_INVALID');
  });

  it('takes each recovery code once, in any case and grouping', async () => {
    const user = await createUser(t.ctx);
    const { recoveryCodes } = await turnOn('user', user);
    const [first, second] = recoveryCodes as [string, string];

    const res = await secondStep('user', await mfaTokenFor('user', user), ` ${first.toUpperCase().replace('-', ' ')} `);
    expect(res.statusCode, res.body).toBe(200);
    expect((await verifyToken('user', res.json().token)).statusCode).toBe(200);
    expectError(await secondStep('user', await mfaTokenFor('user', user), first), 401, 'TWO_FACTOR_CODE_INVALID');
    expect((await secondStep('user', await mfaTokenFor('user', user), second)).statusCode).toBe(200);

    expect((await request(t.app, 'GET', '/api/user/auth/2fa', { token: user.token })).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 8,
    });
    const succeeded = await auditRows('auth.login.succeeded', user.id);
    expect(succeeded.map((r) => JSON.parse(r.details))).toEqual([
      { method: 'password+recovery-code' },
      { method: 'password+recovery-code' },
    ]);
  });

  it('never takes the ticket as a session, nor a session as the ticket', async () => {
    const user = await createUser(t.ctx);
    const { secret } = await turnOn('user', user);
    const mfaToken = await mfaTokenFor('user', user);

    expectError(await verifyToken('user', mfaToken), 401, 'INVALID_TOKEN');
    expectError(await request(t.app, 'GET', '/api/surveys', { token: mfaToken }), 401, 'INVALID_TOKEN');
    expectError(await request(t.app, 'POST', '/api/user/auth/2fa/setup', { token: mfaToken }), 401, 'INVALID_TOKEN');
    expectError(await secondStep('user', user.token, codeNow(secret)), 401, 'MFA_TOKEN_INVALID');
    expectError(await secondStep('user', 'not.a.token', codeNow(secret)), 401, 'MFA_TOKEN_INVALID');
    // A ticket of the right shape but signed with the session key (a forgery from a session's parts).
    const [, payload] = mfaToken.split('.');
    const [sessionHeader, , sessionSignature] = user.token.split('.');
    expectError(
      await secondStep('user', `${sessionHeader}.${payload}.${sessionSignature}`, codeNow(secret)),
      401,
      'MFA_TOKEN_INVALID',
    );
    // A user's ticket is no administrator's.
    expectError(await secondStep('admin', mfaToken, codeNow(secret)), 401, 'MFA_TOKEN_INVALID');
    // None of it spent the code.
    expect((await secondStep('user', mfaToken, codeNow(secret))).statusCode).toBe(200);
  });

  it('lets the ticket expire after five minutes, and a password change void it', async () => {
    const user = await createUser(t.ctx);
    const { secret } = await turnOn('user', user);
    const early = await mfaTokenFor('user', user);
    advanceSeconds(4 * 60 + 50);
    expect((await secondStep('user', early, codeNow(secret))).statusCode).toBe(200);

    const late = await mfaTokenFor('user', user);
    advanceSeconds(5 * 60 + 1);
    expectError(await secondStep('user', late, codeNow(secret)), 401, 'MFA_TOKEN_INVALID');

    const beforeChange = await mfaTokenFor('user', user);
    const change = await request(t.app, 'PUT', '/api/user/auth/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'Another-Passw0rd!' },
    });
    expect(change.statusCode).toBe(200);
    advanceSeconds(30);
    expectError(await secondStep('user', beforeChange, codeNow(secret)), 401, 'MFA_TOKEN_INVALID');
  });

  it('counts wrong codes towards the lockout, and a locked account is refused the second step', async () => {
    const user = await createUser(t.ctx);
    const { secret } = await turnOn('user', user);
    const address = '198.51.100.9';
    const mfaToken = await mfaTokenFor('user', user, address);
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    for (let i = 1; i < USER_LOCKOUT.maxFailures; i++) {
      expectError(await secondStep('user', mfaToken, wrong, address), 401, 'TWO_FACTOR_CODE_INVALID');
    }
    const locking = await secondStep('user', mfaToken, wrong, address);
    expectError(locking, 423, 'ACCOUNT_LOCKED', {
      message: 'Account locked due to too many failed attempts. Try again in 15 minutes.',
      params: { minutes: 15 },
    });
    // The right code does not open a locked account, nor does the password.
    expectError(await secondStep('user', mfaToken, codeNow(secret), address), 423, 'ACCOUNT_LOCKED');
    expectError(await login('user', user, address), 423, 'ACCOUNT_LOCKED');

    const locked = await auditRows('auth.locked', user.id);
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ actor_id: null, target_type: 'user', address });
    const reasons = (await auditRows('auth.login.failed', user.id)).map((r) => JSON.parse(r.details).reason);
    expect(reasons).toEqual([...Array<string>(USER_LOCKOUT.maxFailures).fill('code'), 'locked', 'locked']);
  });

  it('keeps the failure count of the password step until a code completes the sign-in', async () => {
    const user = await createUser(t.ctx);
    const { secret } = await turnOn('user', user);
    const address = '198.51.100.10';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email: user.email, password: 'Wrong-Horse1!', recaptchaToken: '' },
      remoteAddress: address,
    });
    expect(bad.statusCode).toBe(401);
    const mfaToken = await mfaTokenFor('user', user, address);
    const { failures } = await t.app.ctx.db.kysely
      .selectFrom('login_attempts')
      .select('failures')
      .where('email', '=', user.email)
      .where('address', '=', address)
      .executeTakeFirstOrThrow();
    expect(failures).toBe(1);
    expect((await secondStep('user', mfaToken, codeNow(secret), address)).statusCode).toBe(200);
    const after = await t.app.ctx.db.kysely
      .selectFrom('login_attempts')
      .select('failures')
      .where('email', '=', user.email)
      .where('address', '=', address)
      .executeTakeFirst();
    expect(after).toBeUndefined();
  });

  it('turns off only with the password and a code, then logs in with the password alone', async () => {
    const user = await createUser(t.ctx);
    const { secret, recoveryCodes } = await turnOn('user', user);
    const disable = (body: object) => request(t.app, 'POST', '/api/user/auth/2fa/disable', { token: user.token, body });

    expectError(await disable({ password: 'Wrong-Horse1!', code: codeNow(secret) }), 400, 'PASSWORD_INCORRECT');
    expectError(
      await disable({ password: user.password, code: '000000' === codeNow(secret) ? '111111' : '000000' }),
      400,
      'TWO_FACTOR_CODE_INVALID',
    );
    expectError(await disable({ password: user.password }), 400, 'VALIDATION_FAILED');
    expect((await login('user', user)).json()).toHaveProperty('mfaRequired', true);

    // A recovery code does it too.
    const ok = await disable({ password: user.password, code: recoveryCodes[3] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await request(t.app, 'GET', '/api/user/auth/2fa', { token: user.token })).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const rows = await t.ctx.db.kysely
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('account_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
    const plain = await login('user', user);
    expect(plain.json()).toEqual({ token: expect.any(String), user: expect.objectContaining({ id: user.id }) });
    const disabled = await auditRows('auth.2fa.disabled', user.id);
    expect(disabled).toHaveLength(1);
    expect(JSON.parse(disabled[0]!.details)).toEqual({ method: 'recovery-code' });

    // On again with an authenticator code, off again with one.
    const again = await turnOn('user', user);
    const off = await disable({ password: user.password, code: codeNow(again.secret) });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('audits password logins: success, wrong password, unknown email, unverified', async () => {
    const user = await createUser(t.ctx);
    expect((await login('user', user)).statusCode).toBe(200);
    const succeeded = await auditRows('auth.login.succeeded', user.id);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ actor_id: user.id, actor_role: 'user', target_type: 'user' });
    expect(JSON.parse(succeeded[0]!.details)).toEqual({ method: 'password' });

    await login('user', { ...user, password: 'Wrong-Horse1!' });
    const failed = await auditRows('auth.login.failed', user.id);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actor_id: null, actor_role: null, target_type: 'user' });
    expect(JSON.parse(failed[0]!.details)).toEqual({ reason: 'password' });
    expect(failed[0]!.details).not.toContain('Wrong-Horse1!');

    const stranger = 'nobody-2fa@example.com';
    await login('user', { ...user, email: stranger });
    const unknown = await auditRows('auth.login.failed', stranger);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ target_type: 'email', actor_id: null });

    const unverified = await createUser(t.ctx, { verified: false });
    await login('user', unverified);
    const refused = await auditRows('auth.login.failed', unverified.id);
    expect(JSON.parse(refused[0]!.details)).toEqual({ reason: 'unverified' });
  });

  describe('administrators', () => {
    it('set up, sign in with a code, lock after wrong codes, and turn it off', async () => {
      const admin = await createAdmin(t.ctx);
      // The user routes refuse an administrator's token, and the reverse.
      expectError(
        await request(t.app, 'POST', '/api/user/auth/2fa/setup', { token: admin.token }),
        401,
        'INVALID_TOKEN',
      );
      const user = await createUser(t.ctx);
      expectError(
        await request(t.app, 'POST', '/api/admin/auth/2fa/setup', { token: user.token }),
        401,
        'INVALID_TOKEN',
      );

      const { secret, recoveryCodes } = await turnOn('admin', admin);
      const row = await t.ctx.db.kysely
        .selectFrom('two_factor')
        .selectAll()
        .where('role', '=', 'admin')
        .where('account_id', '=', admin.id)
        .executeTakeFirstOrThrow();
      expect(row.secret).not.toContain(secret);

      const mfaToken = await mfaTokenFor('admin', admin);
      expectError(await verifyToken('admin', mfaToken), 401, 'INVALID_TOKEN');
      expectError(await secondStep('user', mfaToken, codeNow(secret)), 401, 'MFA_TOKEN_INVALID');
      const res = await secondStep('admin', mfaToken, codeNow(secret));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ id: admin.id, type: 'admin' });
      expect((await verifyToken('admin', res.json().token)).statusCode).toBe(200);
      expectError(await secondStep('admin', mfaToken, codeNow(secret)), 401, 'TWO_FACTOR_CODE_INVALID');
      expect((await secondStep('admin', await mfaTokenFor('admin', admin), recoveryCodes[0]!)).statusCode).toBe(200);
      const methods = (await auditRows('auth.login.succeeded', admin.id)).map((r) => JSON.parse(r.details).method);
      expect(methods).toEqual(['password+2fa', 'password+recovery-code']);

      const address = '192.0.2.77';
      const ticket = await mfaTokenFor('admin', admin, address);
      const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
      for (let i = 1; i < ADMIN_LOCKOUT.maxFailures; i++) {
        expectError(await secondStep('admin', ticket, wrong, address), 401, 'TWO_FACTOR_CODE_INVALID');
      }
      expectError(await secondStep('admin', ticket, wrong, address), 423, 'ADMIN_ACCOUNT_LOCKED');
      expectError(await secondStep('admin', ticket, codeNow(secret), address), 423, 'ADMIN_ACCOUNT_LOCKED');
      expect(await auditRows('auth.locked', admin.id)).toHaveLength(1);

      advanceSeconds(30);
      const off = await request(t.app, 'POST', '/api/admin/auth/2fa/disable', {
        token: admin.token,
        body: { password: admin.password, code: codeNow(secret) },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((await auditRows('auth.2fa.disabled', admin.id))[0]).toMatchObject({ actor_role: 'admin' });
      expect((await login('admin', admin)).json()).toHaveProperty('token');
    });

    it('audits a failed administrator login by the email when it is no administrator', async () => {
      const stranger = 'not-an-admin-2fa@example.com';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { email: stranger, password: 'Wrong-Horse1!', recaptchaToken: '' },
        remoteAddress: '192.0.2.78',
      });
      expect(res.statusCode).toBe(401);
      const rows = await auditRows('auth.login.failed', stranger);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ target_type: 'email', actor_id: null, address: '192.0.2.78' });
    });
  });
});
