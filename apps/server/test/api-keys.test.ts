import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_LIMITS,
  API_KEY_SCOPES,
  errorDetail,
  type ApiKeyList,
  type ApiKeyScope,
  type CreatedApiKey,
  type ResponsesPage,
  type SurveyListResponse,
} from '@quorum/contract';
import {
  DEFAULT_PASSWORD,
  createAdmin,
  createSurvey,
  createUser,
  type CreatedAccount,
  type CreatedSurvey,
} from '@quorum/test-support/factories';
import type { TestApp } from './helpers';
import { TEST_DIALECT, manualClock, request, useTestApp, useTwoInstances } from './helpers';
import { expectError } from './support/expect-error';

const RATE_LIMIT = 6;

async function createKey(
  t: Pick<TestApp, 'app'>,
  token: string,
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
  name = 'CRM sync',
): Promise<CreatedApiKey> {
  const res = await request(t.app, 'POST', '/api/user/api-keys', {
    token,
    body: { name, scopes, password: DEFAULT_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedApiKey;
}

async function submit(t: Pick<TestApp, 'app'>, survey: CreatedSurvey): Promise<string> {
  const answers = survey.questions.map((q) => ({
    questionId: q.id,
    answer:
      q.type === 'checkbox' ? [q.options[0]!] : q.type === 'text' ? 'Fine' : q.type === 'rating' ? 4 : q.options[0]!,
  }));
  const res = await request(t.app, 'POST', `/api/surveys/${survey.id}/responses`, { body: { answers } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { responseId: string }).responseId;
}

describe(`API keys (${TEST_DIALECT})`, () => {
  const clock = manualClock('2026-11-25T09:00:00.000Z');
  const t = useTestApp({ apiKeyRateLimit: RATE_LIMIT }, { clock });

  const keyRows = (userId: string) =>
    t.ctx.db.kysely.selectFrom('api_keys').selectAll().where('user_id', '=', userId).execute();
  const auditRows = (type: string, actorId: string) =>
    t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', type as never)
      .where('actor_id', '=', actorId)
      .orderBy('id')
      .execute();

  describe('managing keys', () => {
    it('shows a new key once, keeps only its hash, and lists keys newest first without the key', async () => {
      const user = await createUser(t.ctx);
      const first = await createKey(t, user.token, ['surveys:read'], 'First');
      clock.advanceMinutes(1);
      const second = await createKey(t, user.token, ['responses:read', 'surveys:read'], '  Second  ');

      expect(first.key).toMatch(/^qrm_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(first.key.slice(4), 'base64url')).toHaveLength(32);
      expect(first.prefix).toBe(first.key.slice(0, 12));
      expect(second).toMatchObject({ name: 'Second', scopes: ['responses:read', 'surveys:read'], lastUsedAt: null });

      const rows = await keyRows(user.id);
      expect(rows).toHaveLength(2);
      const stored = rows.find((row) => row.id === first.id)!;
      expect(stored.key_hash).toBe(createHash('sha256').update(first.key).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(first.key);
      expect(JSON.stringify(rows)).not.toContain(second.key);

      const list = await request(t.app, 'GET', '/api/user/api-keys', { token: user.token });
      expect(list.statusCode).toBe(200);
      const body = list.json() as ApiKeyList;
      expect(body.apiKeys.map((key) => key.id)).toEqual([second.id, first.id]);
      expect(body.apiKeys[1]).toEqual({
        id: first.id,
        name: 'First',
        scopes: ['surveys:read'],
        prefix: first.prefix,
        createdAt: first.createdAt,
        lastUsedAt: null,
      });
      expect(list.body).not.toContain(first.key.slice(12));
    });

    it("lists only the caller's keys, and revokes only the caller's", async () => {
      const [owner, other] = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
      const key = await createKey(t, owner.token);
      const others = await request(t.app, 'GET', '/api/user/api-keys', { token: other.token });
      expect((others.json() as ApiKeyList).apiKeys).toEqual([]);

      expectError(
        await request(t.app, 'DELETE', `/api/user/api-keys/${key.id}`, { token: other.token }),
        404,
        'API_KEY_NOT_FOUND',
        errorDetail('API_KEY_NOT_FOUND'),
      );
      expectError(
        await request(t.app, 'DELETE', '/api/user/api-keys/no-such-key', { token: owner.token }),
        404,
        'API_KEY_NOT_FOUND',
      );
      expect(await keyRows(owner.id)).toHaveLength(1);

      const revoked = await request(t.app, 'DELETE', `/api/user/api-keys/${key.id}`, { token: owner.token });
      expect(revoked.statusCode).toBe(204);
      expect(await keyRows(owner.id)).toEqual([]);
      expectError(await request(t.app, 'GET', '/api/surveys', { token: key.key }), 401, 'INVALID_TOKEN');
    });

    it(`refuses a key over ${API_KEY_LIMITS.keysPerAccount} per account`, async () => {
      const user = await createUser(t.ctx);
      await t.ctx.db.kysely
        .insertInto('api_keys')
        .values(
          Array.from({ length: API_KEY_LIMITS.keysPerAccount }, (_, i) => ({
            id: `limit-${user.id}-${i}`,
            user_id: user.id,
            name: `Key ${i}`,
            prefix: 'qrm_xxxxxxxx',
            key_hash: `hash-${user.id}-${i}`,
            scopes: '["surveys:read"]',
            created_at: clock.now().toISOString(),
            last_used_at: null,
          })),
        )
        .execute();
      const res = await request(t.app, 'POST', '/api/user/api-keys', {
        token: user.token,
        body: { name: 'One too many', scopes: ['surveys:read'] },
      });
      expectError(
        res,
        409,
        'API_KEY_LIMIT_REACHED',
        errorDetail('API_KEY_LIMIT_REACHED', { limit: API_KEY_LIMITS.keysPerAccount }),
      );
      expect(await keyRows(user.id)).toHaveLength(API_KEY_LIMITS.keysPerAccount);
    });

    it('refuses administrators (the routes are for users) and records creation and revocation', async () => {
      const admin = await createAdmin(t.ctx);
      expectError(await request(t.app, 'GET', '/api/user/api-keys', { token: admin.token }), 401, 'INVALID_TOKEN');

      const user = await createUser(t.ctx);
      const key = await createKey(t, user.token, ['surveys:read', 'responses:read'], 'Warehouse');
      await request(t.app, 'DELETE', `/api/user/api-keys/${key.id}`, { token: user.token });
      const created = await auditRows('api_key.created', user.id);
      const revoked = await auditRows('api_key.revoked', user.id);
      for (const rows of [created, revoked]) {
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ target_type: 'user', target_id: user.id, actor_role: 'user' });
        expect(JSON.parse(rows[0]!.details)).toEqual({
          keyId: key.id,
          name: 'Warehouse',
          scopes: 'surveys:read,responses:read',
        });
      }
    });

    it("removes the user's keys with the account", async () => {
      const user = await createUser(t.ctx);
      const key = await createKey(t, user.token);
      const res = await request(t.app, 'DELETE', '/api/user/account', {
        token: user.token,
        body: { password: DEFAULT_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await keyRows(user.id)).toEqual([]);
      expectError(await request(t.app, 'GET', '/api/surveys', { token: key.key }), 401, 'INVALID_TOKEN');
    });
  });

  describe('calling the API with a key', () => {
    let owner: CreatedAccount;
    let survey: CreatedSurvey;

    it("acts as its owner: lists the owner's surveys and reads their responses", async () => {
      owner = await createUser(t.ctx);
      survey = await createSurvey(t.ctx, owner.id, { state: 'active', title: 'Festival feedback' });
      const stranger = await createUser(t.ctx);
      const foreign = await createSurvey(t.ctx, stranger.id, { state: 'active' });
      const responseId = await submit(t, survey);
      const key = await createKey(t, owner.token, ['surveys:read', 'responses:read']);

      const list = await request(t.app, 'GET', '/api/surveys', { token: key.key });
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json() as SurveyListResponse).surveys.map((s) => s.title)).toEqual(['Festival feedback']);

      const responses = await request(t.app, 'GET', `/api/surveys/${survey.id}/responses?limit=10`, {
        token: key.key,
      });
      expect(responses.statusCode, responses.body).toBe(200);
      expect((responses.json() as ResponsesPage).responses.map((r) => r.responseId)).toEqual([responseId]);

      const csv = await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`, { token: key.key });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');

      // Another user's survey: the same 404 as for the owner's session.
      expect((await request(t.app, 'GET', `/api/surveys/${foreign.id}`, { token: key.key })).statusCode).toBe(404);
    });

    it('refuses a route outside its scopes with the scope it lacks, before the body is read', async () => {
      const user = await createUser(t.ctx);
      const own = await createSurvey(t.ctx, user.id, { state: 'active' });
      const responseId = await submit(t, own);
      const readOnly = await createKey(t, user.token, ['surveys:read']);
      const cases: [method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, scope: ApiKeyScope][] = [
        ['POST', '/api/surveys', 'surveys:write'],
        ['PATCH', `/api/surveys/${own.id}/state`, 'surveys:write'],
        ['GET', `/api/surveys/${own.id}/results`, 'responses:read'],
        ['GET', `/api/surveys/${own.id}/results.csv`, 'responses:read'],
        ['DELETE', `/api/surveys/${own.id}/responses/${responseId}`, 'responses:write'],
      ];
      for (const [method, url, scope] of cases) {
        // A body no route would accept: the refusal comes first.
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${readOnly.key}`, 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{not json' }),
        });
        expectError(res, 403, 'API_KEY_SCOPE_MISSING', errorDetail('API_KEY_SCOPE_MISSING', { scope }), url);
      }
      const stored = await t.ctx.db.kysely.selectFrom('responses').select('id').where('id', '=', responseId).execute();
      expect(stored).toHaveLength(1);
    });

    it('never manages keys, changes the password, signs out or reaches the admin API', async () => {
      const user = await createUser(t.ctx);
      const key = await createKey(t, user.token);
      const refused: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['GET', '/api/user/api-keys'],
        ['POST', '/api/user/api-keys', { name: 'Escalated', scopes: ['surveys:read'] }],
        ['DELETE', `/api/user/api-keys/${key.id}`],
        ['PUT', '/api/user/auth/change-password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-1!xyz' }],
        ['PUT', '/api/user/auth/update-profile', { name: 'Renamed' }],
        ['POST', '/api/user/auth/logout'],
        ['POST', '/api/user/auth/2fa/setup'],
        ['DELETE', '/api/user/account', { password: DEFAULT_PASSWORD }],
        ['POST', '/api/surveys/generate', { prompt: 'A survey about keys' }],
        ['GET', '/api/admin/audit'],
        ['GET', '/api/admin/auth/verify-admin-token'],
      ];
      for (const [method, url, body] of refused) {
        const res = await request(t.app, method, url, { token: key.key, body });
        expectError(res, 403, 'API_KEY_NOT_ALLOWED', errorDetail('API_KEY_NOT_ALLOWED'), `${method} ${url}`);
      }
      // The admin CSV takes only an administrator's session: a key is no credential there.
      expectError(await request(t.app, 'GET', '/api/admin/audit/export.csv', { token: key.key }), 401, 'UNAUTHORIZED');
      expect(await keyRows(user.id)).toHaveLength(1);
      const [account] = await t.ctx.db.kysely.selectFrom('users').select('name').where('id', '=', user.id).execute();
      expect(account!.name).toBe(user.name);
    });

    it('refuses an unknown key like an invalid token', async () => {
      expectError(
        await request(t.app, 'GET', '/api/surveys', { token: `qrm_${'A'.repeat(43)}` }),
        401,
        'INVALID_TOKEN',
      );
    });

    it('moves lastUsedAt at most once a minute, and records reads that often and every write', async () => {
      const user = await createUser(t.ctx);
      const key = await createKey(t, user.token);
      const listed = async () =>
        ((await request(t.app, 'GET', '/api/user/api-keys', { token: user.token })).json() as ApiKeyList).apiKeys[0]!
          .lastUsedAt;

      const first = clock.now().toISOString();
      await request(t.app, 'GET', '/api/surveys', { token: key.key });
      expect(await listed()).toBe(first);
      clock.advanceMinutes(0.5);
      await request(t.app, 'GET', '/api/surveys', { token: key.key });
      expect(await listed()).toBe(first);
      expect(await auditRows('api_key.used', user.id)).toHaveLength(1);

      // A write is recorded each time.
      const created = await request(t.app, 'POST', '/api/surveys', {
        token: key.key,
        body: {
          projectName: 'Key project',
          title: 'Made with a key',
          questions: [{ text: 'How was it?', type: 'rating', ratingScale: { min: 1, max: 5 } }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await auditRows('api_key.used', user.id)).toHaveLength(2);

      clock.advanceMinutes(1);
      const later = clock.now().toISOString();
      await request(t.app, 'GET', '/api/surveys', { token: key.key });
      expect(await listed()).toBe(later);

      const used = await auditRows('api_key.used', user.id);
      expect(used).toHaveLength(3);
      expect(used.map((row) => JSON.parse(row.details) as Record<string, string>)).toEqual([
        { keyId: key.id, method: 'GET', route: '/api/surveys' },
        { keyId: key.id, method: 'POST', route: '/api/surveys' },
        { keyId: key.id, method: 'GET', route: '/api/surveys' },
      ]);
      expect(used[0]).toMatchObject({ target_type: 'user', target_id: user.id, actor_id: user.id });
    });

    it(`limits each key to API_KEY_RATE_LIMIT requests a minute over every route, apart from other keys`, async () => {
      const user = await createUser(t.ctx);
      const survey = await createSurvey(t.ctx, user.id);
      const [busy, quiet] = [await createKey(t, user.token), await createKey(t, user.token)];
      for (let i = 0; i < RATE_LIMIT; i++) {
        const url = i % 2 ? '/api/surveys' : `/api/surveys/${survey.id}`;
        expect((await request(t.app, 'GET', url, { token: busy.key })).statusCode).toBe(200);
      }
      const limited = await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: busy.key });
      expectError(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      expect((await request(t.app, 'GET', '/api/surveys', { token: quiet.key })).statusCode).toBe(200);
      // The owner's session is not the key: it keeps working.
      expect((await request(t.app, 'GET', '/api/surveys', { token: user.token })).statusCode).toBe(200);
    });
  });
});

describe(`API keys and the account's sign-in (${TEST_DIALECT})`, () => {
  const t = useTestApp();
  const minutes = API_KEY_LIMITS.freshSignInMinutes;

  /** A session token for the user as the server makes them, but made `minutesAgo` minutes ago. */
  const signedInAgo = (userId: string, minutesAgo: number) =>
    new SignJWT({ role: 'user', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuer('quorum')
      .setIssuedAt(Math.floor(Date.now() / 1000) - minutesAgo * 60)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
  const make = (token: string, password?: string) =>
    request(t.app, 'POST', '/api/user/api-keys', {
      token,
      body: { name: 'Sync', scopes: ['surveys:read'], ...(password === undefined ? {} : { password }) },
    });
  const keyRows = (userId: string) =>
    t.ctx.db.kysely.selectFrom('api_keys').select(['id']).where('user_id', '=', userId).execute();
  const revokedEntries = (userId: string) =>
    t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'api_key.revoked')
      .where('target_id', '=', userId)
      .orderBy('id')
      .execute();

  it(`asks for the password more than ${minutes} minutes after signing in, and refuses a wrong one`, async () => {
    const user = await createUser(t.ctx);
    const stale = await signedInAgo(user.id, minutes + 1);
    expectError(
      await make(stale),
      400,
      'API_KEY_PASSWORD_REQUIRED',
      errorDetail('API_KEY_PASSWORD_REQUIRED', { minutes }),
    );
    expectError(await make(stale, 'Wrong-password-1'), 400, 'API_KEY_PASSWORD_INCORRECT');
    // A wrong password is refused even from a fresh session.
    expectError(await make(await signedInAgo(user.id, 0), 'Wrong-password-1'), 400, 'API_KEY_PASSWORD_INCORRECT');
    expect(await keyRows(user.id)).toEqual([]);

    expect((await make(stale, DEFAULT_PASSWORD)).statusCode).toBe(201);
    expect(await keyRows(user.id)).toHaveLength(1);
  });

  it(`makes a key without the password within ${minutes} minutes of signing in (as single sign-on does)`, async () => {
    const user = await createUser(t.ctx);
    expect((await make(await signedInAgo(user.id, minutes - 1))).statusCode).toBe(201);
    expect(await keyRows(user.id)).toHaveLength(1);
  });

  it('signing out of all devices revokes the keys, each recorded with the reason', async () => {
    const [user, other] = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
    const first = await createKey(t, user.token, ['surveys:read'], 'First');
    const second = await createKey(t, user.token, ['responses:read'], 'Second');
    const kept = await createKey(t, other.token);

    expect((await request(t.app, 'POST', '/api/user/auth/logout-all', { token: user.token })).statusCode).toBe(204);
    expect(await keyRows(user.id)).toEqual([]);
    expect(await keyRows(other.id)).toHaveLength(1);
    expectError(await request(t.app, 'GET', '/api/surveys', { token: first.key }), 401, 'INVALID_TOKEN');
    expect((await request(t.app, 'GET', '/api/surveys', { token: kept.key })).statusCode).toBe(200);

    const entries = await revokedEntries(user.id);
    expect(entries.map((e) => [e.actor_id, JSON.parse(e.details).keyId, JSON.parse(e.details).reason])).toEqual(
      expect.arrayContaining([
        [user.id, first.id, 'signed-out-everywhere'],
        [user.id, second.id, 'signed-out-everywhere'],
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it('a password reset revokes the keys, each recorded with the reason', async () => {
    const user = await createUser(t.ctx);
    const key = await createKey(t, user.token, ['surveys:read']);
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await t.ctx.db.kysely
      .insertInto('password_resets')
      .values({
        token_hash: createHash('sha256').update(token, 'utf8').digest('hex'),
        user_id: user.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
        used_at: null,
      })
      .execute();
    const password = 'Another-pass-42!';
    const reset = await request(t.app, 'POST', '/api/user/auth/reset-password', {
      body: { token, password, confirmPassword: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await keyRows(user.id)).toEqual([]);
    expectError(await request(t.app, 'GET', '/api/surveys', { token: key.key }), 401, 'INVALID_TOKEN');
    const entries = await revokedEntries(user.id);
    expect(entries.map((e) => [e.actor_id, JSON.parse(e.details).keyId, JSON.parse(e.details).reason])).toEqual([
      [null, key.id, 'password-reset'],
    ]);
  });
});

describe(`API keys on two instances (${TEST_DIALECT})`, () => {
  const { a, b } = useTwoInstances();

  it('a key revoked through one instance is refused by the other at once', async () => {
    const user = await createUser(a.ctx);
    const key = await createKey(a, user.token, ['surveys:read']);
    expect((await request(b.app, 'GET', '/api/surveys', { token: key.key })).statusCode).toBe(200);

    const revoked = await request(a.app, 'DELETE', `/api/user/api-keys/${key.id}`, { token: user.token });
    expect(revoked.statusCode).toBe(204);
    expectError(await request(b.app, 'GET', '/api/surveys', { token: key.key }), 401, 'INVALID_TOKEN');
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))(`API key rate limit across instances (${TEST_DIALECT})`, () => {
  const { a, b } = useTwoInstances({ redisUrl: process.env.REDIS_URL, apiKeyRateLimit: 4 });

  it('is one budget for a key whichever instance its requests reach', async () => {
    const user = await createUser(a.ctx);
    const key = await createKey(a, user.token, ['surveys:read']);
    const codes: number[] = [];
    for (const app of [a, b, a, b, a, b]) {
      codes.push((await request(app.app, 'GET', '/api/surveys', { token: key.key })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
