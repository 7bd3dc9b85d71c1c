import { describe, expect, it } from 'vitest';
import { createAdmin, createSurvey, createUser } from '@quorum/test-support/factories';
import { sweepAccounts } from '../src/modules/users/account-sweep';
import { TEST_DIALECT, createTestApp, manualClock, request, useTestApp, useTwoInstances } from './helpers';
import { expectError } from './support/expect-error';

const login = async (app: Parameters<typeof request>[0], role: 'user' | 'admin', email: string, password: string) => {
  const res = await request(app, 'POST', `/api/${role}/auth/login`, { body: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
};

describe(`signing out (${TEST_DIALECT})`, () => {
  const t = useTestApp({ loginRateLimit: 1000 });

  const verifyUser = (token: string) => request(t.app, 'GET', '/api/user/auth/verify-user-token', { token });
  const verifyAdmin = (token: string) => request(t.app, 'GET', '/api/admin/auth/verify-admin-token', { token });

  it('gives every session token its own random id', async () => {
    const user = await createUser(t.ctx);
    const a = await t.ctx.tokens.verify(await login(t.app, 'user', user.email, user.password));
    const b = await t.ctx.tokens.verify(await login(t.app, 'user', user.email, user.password));
    expect(a?.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b?.jti).not.toBe(a?.jti);
    expect(a?.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('logout answers 204 and refuses the token from then on, on every route; other sessions go on', async () => {
    const user = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, user.id);
    const phone = await login(t.app, 'user', user.email, user.password);
    const laptop = await login(t.app, 'user', user.email, user.password);

    const res = await request(t.app, 'POST', '/api/user/auth/logout', { token: phone });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expectError(await verifyUser(phone), 401, 'INVALID_TOKEN');
    expectError(await request(t.app, 'GET', '/api/surveys', { token: phone }), 401, 'INVALID_TOKEN');
    expectError(
      await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: phone }),
      401,
      'INVALID_TOKEN',
    );
    expectError(await request(t.app, 'POST', '/api/user/auth/logout', { token: phone }), 401, 'INVALID_TOKEN');
    expect((await verifyUser(laptop)).statusCode).toBe(200);

    const stored = await t.ctx.db.kysely.selectFrom('revoked_tokens').selectAll().execute();
    const claims = await t.ctx.tokens.verify(phone);
    const row = stored.find((r) => r.jti === claims!.jti);
    // Kept until the token would have expired (plus the allowed clock difference between instances).
    expect(new Date(row!.expires_at).getTime()).toBe((claims!.exp + 60) * 1000);
  });

  it('records the sign-out in the audit log, without the token', async () => {
    const user = await createUser(t.ctx);
    const token = await login(t.app, 'user', user.email, user.password);
    await request(t.app, 'POST', '/api/user/auth/logout', { token, headers: { 'x-forwarded-for': '1.2.3.4' } });
    const entries = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'auth.logout')
      .where('actor_id', '=', user.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_role: 'user', target_type: 'user', target_id: user.id });
    expect(JSON.parse(entries[0]!.details)).toEqual({ scope: 'this-device' });
    expect(JSON.stringify(entries[0])).not.toContain(token);
  });

  it('logout-all ends every session of the account and no other account', async () => {
    const user = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const phone = await login(t.app, 'user', user.email, user.password);
    const laptop = await login(t.app, 'user', user.email, user.password);

    expect((await request(t.app, 'POST', '/api/user/auth/logout-all', { token: laptop })).statusCode).toBe(204);
    expectError(await verifyUser(phone), 401, 'INVALID_TOKEN');
    expectError(await verifyUser(laptop), 401, 'INVALID_TOKEN');
    expect((await verifyUser(other.token)).statusCode).toBe(200);

    const fresh = await login(t.app, 'user', user.email, user.password);
    expect((await verifyUser(fresh)).statusCode).toBe(200);

    const entry = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('type', '=', 'auth.logout')
      .where('actor_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details)).toEqual({ scope: 'all-devices' });
  });

  it('administrators sign out the same way, on their own routes only', async () => {
    const admin = await createAdmin(t.ctx);
    const user = await createUser(t.ctx);
    const one = await login(t.app, 'admin', admin.email, admin.password);
    const two = await login(t.app, 'admin', admin.email, admin.password);

    expectError(await request(t.app, 'POST', '/api/user/auth/logout', { token: one }), 401, 'INVALID_TOKEN');
    expectError(await request(t.app, 'POST', '/api/admin/auth/logout', { token: user.token }), 401, 'INVALID_TOKEN');
    expect((await verifyUser(user.token)).statusCode).toBe(200);

    expect((await request(t.app, 'POST', '/api/admin/auth/logout', { token: one })).statusCode).toBe(204);
    expectError(await verifyAdmin(one), 401, 'INVALID_TOKEN');
    expect((await verifyAdmin(two)).statusCode).toBe(200);

    expect((await request(t.app, 'POST', '/api/admin/auth/logout-all', { token: two })).statusCode).toBe(204);
    expectError(await verifyAdmin(two), 401, 'INVALID_TOKEN');
  });

  it('without a token, answers 401 and revokes nothing', async () => {
    const before = await t.ctx.db.kysely.selectFrom('revoked_tokens').selectAll().execute();
    expectError(await request(t.app, 'POST', '/api/user/auth/logout'), 401, 'UNAUTHORIZED');
    expectError(await request(t.app, 'POST', '/api/user/auth/logout-all'), 401, 'UNAUTHORIZED');
    expect(await t.ctx.db.kysely.selectFrom('revoked_tokens').selectAll().execute()).toEqual(before);
  });
});

describe(`a revoked token on two instances (${TEST_DIALECT})`, () => {
  const { a, b } = useTwoInstances({ loginRateLimit: 1000 });

  it('is refused by the instance that did not revoke it', async () => {
    const user = await createUser(a.ctx);
    const token = await login(a.app, 'user', user.email, user.password);
    expect((await request(b.app, 'GET', '/api/surveys', { token })).statusCode).toBe(200);

    expect((await request(a.app, 'POST', '/api/user/auth/logout', { token })).statusCode).toBe(204);
    expectError(await request(b.app, 'GET', '/api/surveys', { token }), 401, 'INVALID_TOKEN');
    expectError(await request(a.app, 'GET', '/api/surveys', { token }), 401, 'INVALID_TOKEN');
  });

  it('logout-all on one instance ends the sessions on the other', async () => {
    const user = await createUser(a.ctx);
    const token = await login(b.app, 'user', user.email, user.password);
    expect((await request(a.app, 'POST', '/api/user/auth/logout-all', { token: user.token })).statusCode).toBe(204);
    expectError(await request(b.app, 'GET', '/api/user/auth/verify-user-token', { token }), 401, 'INVALID_TOKEN');
  });
});

describe(`revoked ids are kept until their tokens expire (${TEST_DIALECT})`, () => {
  it('the hourly sweep forgets an id only once its token has expired', async () => {
    const clock = manualClock(new Date().toISOString());
    const t = await createTestApp({ jwtExpiresInHours: 2 }, { clock });
    try {
      const user = await createUser(t.ctx);
      expect((await request(t.app, 'POST', '/api/user/auth/logout', { token: user.token })).statusCode).toBe(204);
      const count = async () => (await t.ctx.db.kysely.selectFrom('revoked_tokens').selectAll().execute()).length;

      clock.advanceMinutes(60);
      expect((await sweepAccounts(t.ctx)).revokedTokens).toBe(0);
      expect(await count()).toBe(1);

      clock.advanceMinutes(62);
      expect((await sweepAccounts(t.ctx)).revokedTokens).toBe(1);
      expect(await count()).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe(`sign-out rate limit (${TEST_DIALECT})`, () => {
  const t = useTestApp({ loginRateLimit: 2 });

  it('answers 429 after the configured number of calls per minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const user = await createUser(t.ctx);
      const res = await request(t.app, 'POST', '/api/user/auth/logout', { token: user.token });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([204, 204, 429]);
    // The refused call revoked nothing.
    expect(await t.ctx.db.kysely.selectFrom('revoked_tokens').selectAll().execute()).toHaveLength(2);
  });
});
