import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@quorum/contract';
import {
  recaptchaToken,
  refusedRecaptchaToken,
  startRecaptchaStandIn,
  type RecaptchaStandIn,
} from '@quorum/test-support/recaptcha';
import {
  DEFAULT_PASSWORD,
  createAdmin,
  createSurvey,
  createUser,
  findAccount,
  uniqueEmail,
} from '@quorum/test-support/factories';
import { loadConfig, ConfigError, type Config } from '../src/config';
import { verifyPassword } from '../src/lib/passwords';
import {
  TEST_DIALECT,
  createTestApp,
  createTestDatabase,
  manualClock,
  request,
  useTestApp,
  type TestApp,
  type TestDatabase,
} from './helpers';
import { expectError } from './support/expect-error';

/** The stored administrator with `email`, which must exist. */
async function storedAdmin(app: TestApp, email: string) {
  const row = await findAccount(app.ctx, 'admins', { email });
  if (!row) throw new Error(`no administrator ${email}`);
  return row;
}

/** Each test logs in from its own address, so the per-client rate limit never mixes tests. */
const newIp = () => `10.${randomBytes(3).join('.')}`;

function login(
  app: FastifyInstance,
  body: { email: string; password: string; recaptchaToken?: string },
  ip = newIp(),
  role: 'admin' | 'user' = 'admin',
) {
  return app.inject({ method: 'POST', url: `/api/${role}/auth/login`, payload: body, remoteAddress: ip });
}

describe(`admin bootstrap from the environment (${TEST_DIALECT})`, () => {
  it('creates the administrator, then updates its name and password on a later start', async () => {
    const testDb = await createTestDatabase();
    const email = uniqueEmail('boot');
    const apps: TestApp[] = [];
    /** The app started, as on a deploy, with ADMIN_EMAIL `email` and this password and name, on the same database. */
    const startWith = async (password: string, name: string) => {
      const app = await createTestApp({ admin: { email, password, name } }, { database: testDb.database });
      apps.push(app);
      return app;
    };
    try {
      const first = await startWith('First-Passw0rd!', 'First Name');
      const created = await storedAdmin(first, email);
      expect(created).toMatchObject({ name: 'First Name', token_version: 0 });
      const firstLogin = await login(first.app, { email, password: 'First-Passw0rd!' });
      expect(firstLogin.statusCode).toBe(200);
      const oldToken = firstLogin.json().token as string;
      await first.close();

      // Same environment again: nothing changes, not even the stored hash.
      const same = await startWith('First-Passw0rd!', 'First Name');
      const unchanged = await storedAdmin(same, email);
      expect(unchanged.password_hash).toBe(created.password_hash);
      expect(unchanged.token_version).toBe(0);
      await same.close();

      const second = await startWith('Second-Passw0rd!', 'Second Name');
      const rows = await second.ctx.db.kysely.selectFrom('admins').selectAll().where('email', '=', email).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: created.id, name: 'Second Name', token_version: 1 });
      expect(await verifyPassword(rows[0]!.password_hash, 'Second-Passw0rd!')).toBe(true);
      expect((await login(second.app, { email, password: 'First-Passw0rd!' })).statusCode).toBe(401);
      const secondLogin = await login(second.app, { email, password: 'Second-Passw0rd!' });
      expect(secondLogin.statusCode).toBe(200);
      expect(secondLogin.json().user).toEqual({ id: created.id, name: 'Second Name', email, type: 'admin' });
      // The new password ends sessions made with the old one.
      const verify = await request(second.app, 'GET', '/api/admin/auth/verify-admin-token', { token: oldToken });
      expect(verify.statusCode).toBe(401);
      await second.close();

      // Only the name changed: the hash is kept.
      const third = await startWith('Second-Passw0rd!', 'Third Name');
      const renamed = await storedAdmin(third, email);
      expect(renamed).toMatchObject({ name: 'Third Name', token_version: 1, password_hash: rows[0]!.password_hash });
    } finally {
      for (const app of apps) await app.app.close().catch(() => undefined);
      await testDb.drop();
    }
  });

  it('refuses to start with an administrator password that breaks the registration rules', async () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'weakpassword' })).toThrowError(ConfigError);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'weakpassword' })).toThrowError(
      /^Invalid configuration: ADMIN_PASSWORD: expected at least 8 characters/,
    );
    await expect(createTestApp({ admin: { email: uniqueEmail(), password: 'short', name: 'X' } })).rejects.toThrow(
      /password does not meet the requirements/,
    );
  });
});

describe(`admin login and lockout (${TEST_DIALECT})`, () => {
  const clock = manualClock('2026-03-01T09:00:00Z');
  const t = useTestApp({}, { clock });

  it('logs an administrator in with a token for the admin role', async () => {
    const admin = await createAdmin(t.ctx, { name: 'Ada Admin' });
    const res = await login(t.app, { email: admin.email.toUpperCase(), password: admin.password, recaptchaToken: '' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: admin.id, name: 'Ada Admin', email: admin.email, type: 'admin' });
    expect(await t.ctx.tokens.verify(body.token)).toMatchObject({ sub: admin.id, role: 'admin', ver: 0 });
    const verify = await request(t.app, 'GET', '/api/admin/auth/verify-admin-token', { token: body.token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ user: body.user });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const admin = await createAdmin(t.ctx);
    const wrong = await login(t.app, { email: admin.email, password: 'Wrong-Passw0rd!' });
    const unknown = await login(t.app, { email: uniqueEmail('nobody'), password: 'Wrong-Passw0rd!' });
    for (const res of [wrong, unknown]) {
      expectError(res, 401, 'INVALID_CREDENTIALS', { message: 'Invalid email or password' });
    }
  });

  it('spends about as long on an unknown email as on a wrong password', async () => {
    const admin = await createAdmin(t.ctx);
    const time = async (email: string) => {
      const started = performance.now();
      await login(t.app, { email, password: 'Wrong-Passw0rd!' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      known.push(await time(admin.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    // Without the dummy hash an unknown email would answer many times faster than a wrong password.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.4);
  });

  it('locks an email after 3 failures for 15 minutes, even for the right password, then lets it in', async () => {
    const admin = await createAdmin(t.ctx);
    const ip = newIp();
    const bad = { email: admin.email, password: 'Wrong-Passw0rd!' };
    expect((await login(t.app, bad, ip)).statusCode).toBe(401);
    expect((await login(t.app, bad, ip)).statusCode).toBe(401);
    const third = await login(t.app, bad, ip);
    expectError(third, 423, 'ADMIN_ACCOUNT_LOCKED', {
      message: 'Account locked. Try again in 15 minutes.',
      params: { minutes: 15 },
    });
    expect(third.headers['retry-after']).toBe('900');

    const right = { email: admin.email, password: admin.password };
    const whileLocked = await login(t.app, right, ip);
    expect(whileLocked.statusCode).toBe(423);
    expect(whileLocked.json().message).toBe('Account locked. Try again in 15 minutes.');

    clock.advanceMinutes(10.5);
    const later = await login(t.app, right, ip);
    expect(later.statusCode).toBe(423);
    expect(later.json().message).toBe('Account locked. Try again in 5 minutes.');

    clock.advanceMinutes(4.5);
    const after = await login(t.app, right, ip);
    expect(after.statusCode).toBe(200);
  });

  it('locks unknown emails too, so the lock reveals nothing', async () => {
    const ip = newIp();
    const bad = { email: uniqueEmail('unknown'), password: 'Wrong-Passw0rd!' };
    expect((await login(t.app, bad, ip)).statusCode).toBe(401);
    expect((await login(t.app, bad, ip)).statusCode).toBe(401);
    const third = await login(t.app, bad, ip);
    expectError(third, 423, 'ADMIN_ACCOUNT_LOCKED', {
      message: formatMessage(MESSAGES.adminLocked, { minutes: 15 }),
      params: { minutes: 15 },
    });
  });

  it('resets the count on success', async () => {
    const admin = await createAdmin(t.ctx);
    const ip = newIp();
    const bad = { email: admin.email, password: 'Wrong-Passw0rd!' };
    await login(t.app, bad, ip);
    await login(t.app, bad, ip);
    expect((await login(t.app, { email: admin.email, password: admin.password }, ip)).statusCode).toBe(200);
    expect((await login(t.app, bad, ip)).statusCode).toBe(401);
    expect((await login(t.app, bad, ip)).statusCode).toBe(401);
    expect((await login(t.app, bad, ip)).statusCode).toBe(423);
  });

  it('counts failures within 15 minutes only', async () => {
    const admin = await createAdmin(t.ctx);
    const ip = newIp();
    const bad = { email: admin.email, password: 'Wrong-Passw0rd!' };
    await login(t.app, bad, ip);
    await login(t.app, bad, ip);
    clock.advanceMinutes(16);
    expect((await login(t.app, bad, ip)).statusCode).toBe(401);
  });

  it('keeps the user lockout and the admin lockout apart', async () => {
    const admin = await createAdmin(t.ctx);
    const bad = { email: admin.email, password: 'Wrong-Passw0rd!' };
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) await login(t.app, bad, ip, 'user');
    expect((await login(t.app, { email: admin.email, password: admin.password }, ip)).statusCode).toBe(200);
  });

  it('refuses bad shapes with 400', async () => {
    const res = await login(t.app, { email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
    const empty = await login(t.app, { email: 'a@b.co', password: '' });
    expect(empty.statusCode).toBe(400);
  });
});

describe(`admin login rate limit (${TEST_DIALECT})`, () => {
  const t = useTestApp({ loginRateLimit: 5 });

  it('answers a burst from one client with 429, whatever the emails', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await login(t.app, { email: uniqueEmail('burst'), password: 'Wrong-Passw0rd!' }, ip)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await login(t.app, { email: uniqueEmail('burst'), password: 'Wrong-Passw0rd!' }, ip);
    expectError(limited, 429, 'LOGIN_RATE_LIMITED', {
      message: 'Too many login attempts. Please try again later.',
      params: { retryAfterSeconds: Number(limited.headers['retry-after']) },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    const admin = await createAdmin(t.ctx);
    expect((await login(t.app, { email: admin.email, password: admin.password }, newIp())).statusCode).toBe(200);
  });
});

describe(`users and administrators stay apart (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('never lets a user in through the admin login', async () => {
    const user = await createUser(t.ctx);
    const res = await login(t.app, { email: user.email, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('never lets an administrator in through the user login', async () => {
    const admin = await createAdmin(t.ctx);
    const res = await login(t.app, { email: admin.email, password: admin.password }, newIp(), 'user');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('keeps the two accounts apart when one person has both with the same email', async () => {
    const email = uniqueEmail('both');
    const user = await createUser(t.ctx, { email, name: 'As User', password: 'User-Passw0rd!' });
    const admin = await createAdmin(t.ctx, { email, name: 'As Admin', password: DEFAULT_PASSWORD });
    expect((await login(t.app, { email, password: user.password })).statusCode).toBe(401);
    const asAdmin = await login(t.app, { email, password: admin.password });
    expect(asAdmin.json().user).toMatchObject({ id: admin.id, type: 'admin' });
  });

  it('refuses user tokens on every admin endpoint, and admin tokens on the user verify', async () => {
    const user = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    for (const [method, url, body] of [
      ['GET', '/api/admin/auth/verify-admin-token', undefined],
      ['PUT', '/api/admin/auth/update-profile', { name: 'Sneaky' }],
      ['PUT', '/api/admin/auth/change-password', { currentPassword: user.password, newPassword: 'New-Passw0rd!' }],
    ] as const) {
      const res = await request(t.app, method, url, { token: user.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect((await request(t.app, method, url, { body })).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    const userVerify = await request(t.app, 'GET', '/api/user/auth/verify-user-token', { token: admin.token });
    expect(userVerify.statusCode).toBe(401);
    // A user token whose id happens to be an admin id is still a user token.
    const forged = await t.ctx.tokens.sign({ sub: admin.id, role: 'user', ver: 0 });
    expect((await request(t.app, 'GET', '/api/admin/auth/verify-admin-token', { token: forged })).statusCode).toBe(401);
  });
});

describe(`admin bot-check hook (${TEST_DIALECT})`, () => {
  let recaptcha: RecaptchaStandIn;
  let t: TestApp;

  beforeAll(async () => {
    recaptcha = await startRecaptchaStandIn();
    t = await createTestApp({
      recaptcha: recaptcha.serverConfig({ timeoutMs: 5000 }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await recaptcha?.close();
  });

  it('checks the admin login as admin_login, from the client address', async () => {
    const admin = await createAdmin(t.ctx);
    const ok = await login(
      t.app,
      { email: admin.email, password: admin.password, recaptchaToken: recaptchaToken('admin_login') },
      '10.9.8.7',
    );
    expect(ok.statusCode).toBe(200);
    expect(recaptcha.requests.at(-1)?.remoteip).toBe('10.9.8.7');
    // A token made for another action is refused.
    const wrongAction = await login(t.app, {
      email: admin.email,
      password: admin.password,
      recaptchaToken: recaptchaToken('login'),
    });
    expectError(wrongAction, 400, 'BOT_CHECK_FAILED', { message: 'Bot check failed. Please try again.' });
  });

  it('refuses the login before looking at the password, without counting a failure', async () => {
    const admin = await createAdmin(t.ctx);
    for (let i = 0; i < 3; i += 1) {
      const res = await login(t.app, {
        email: admin.email,
        password: 'Wrong-Passw0rd!',
        recaptchaToken: refusedRecaptchaToken(),
      });
      expectError(res, 400, 'BOT_CHECK_FAILED');
    }
    const res = await login(t.app, {
      email: admin.email,
      password: admin.password,
      recaptchaToken: recaptchaToken('admin_login'),
    });
    expect(res.statusCode).toBe(200);
  });

  it('checks the admin profile update as profile_update', async () => {
    const admin = await createAdmin(t.ctx, { name: 'Before' });
    const refused = await request(t.app, 'PUT', '/api/admin/auth/update-profile', {
      token: admin.token,
      body: { name: 'After', recaptchaToken: recaptchaToken('admin_login') },
    });
    expect(refused.statusCode).toBe(400);
    const ok = await request(t.app, 'PUT', '/api/admin/auth/update-profile', {
      token: admin.token,
      body: { name: 'After', recaptchaToken: recaptchaToken('profile_update') },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.name).toBe('After');
  });
});

describe(`what administrators see and do with surveys (${TEST_DIALECT})`, () => {
  const t = useTestApp();
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    admin = await createAdmin(t.ctx);
    alice = await createUser(t.ctx, { name: 'Alice Able' });
    bob = await createUser(t.ctx, { name: 'Bob Baker' });
  });

  it('lists every survey of every user, deleted ones included, each with its creator', async () => {
    const a1 = await createSurvey(t.ctx, alice.id, { title: 'Alice draft', createdAt: '2026-01-01T10:00:00.000Z' });
    const a2 = await createSurvey(t.ctx, alice.id, {
      title: 'Alice deleted',
      state: 'deleted',
      createdAt: '2026-01-02T10:00:00.000Z',
    });
    const b1 = await createSurvey(t.ctx, bob.id, {
      title: 'Bob active',
      state: 'active',
      projectName: 'Bob Project',
      createdAt: '2026-01-03T10:00:00.000Z',
    });
    const res = await request(t.app, 'GET', '/api/surveys?limit=100', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const { surveys, total } = res.json() as {
      surveys: Array<Record<string, unknown>>;
      total: number;
    };
    expect(total).toBeGreaterThanOrEqual(3);
    const byId = new Map(surveys.map((s) => [s.surveyId, s]));
    expect(byId.get(a1.id)).toMatchObject({
      userId: alice.id,
      state: 'draft',
      creator: { id: alice.id, name: 'Alice Able', email: alice.email },
      questionCount: 4,
    });
    expect(byId.get(a2.id)).toMatchObject({ state: 'deleted', creator: { id: alice.id } });
    expect(byId.get(b1.id)).toMatchObject({
      title: 'Bob active',
      projectName: 'Bob Project',
      projectId: 'bob-project',
      creator: { id: bob.id, name: 'Bob Baker', email: bob.email },
    });
    // Newest first.
    const order = surveys.map((s) => s.surveyId).filter((id) => [a1.id, a2.id, b1.id].includes(id as string));
    expect(order).toEqual([b1.id, a2.id, a1.id]);

    // A user sees only their own, and no deleted ones.
    const mine = await request(t.app, 'GET', '/api/surveys', { token: alice.token });
    const mineIds = (mine.json().surveys as Array<{ surveyId: string }>).map((s) => s.surveyId);
    expect(mineIds).toContain(a1.id);
    expect(mineIds).not.toContain(a2.id);
    expect(mineIds).not.toContain(b1.id);
  });

  it('finds surveys by title or creator and by state, a page at a time', async () => {
    const carol = await createUser(t.ctx, { name: 'Carol Quill', email: uniqueEmail('carolq') });
    const c1 = await createSurvey(t.ctx, carol.id, { title: 'Zebra crossing survey', state: 'deleted' });
    await createSurvey(t.ctx, carol.id, { title: 'Another one', state: 'closed' });
    const byTitle = await request(t.app, 'GET', '/api/surveys?q=zebra', { token: admin.token });
    expect((byTitle.json().surveys as Array<{ surveyId: string }>).map((s) => s.surveyId)).toEqual([c1.id]);
    const byCreator = await request(t.app, 'GET', '/api/surveys?q=carol%20quill', { token: admin.token });
    expect(byCreator.json().total).toBe(2);
    const byEmail = await request(t.app, 'GET', `/api/surveys?q=${encodeURIComponent(carol.email)}`, {
      token: admin.token,
    });
    expect(byEmail.json().total).toBe(2);
    const deletedOnly = await request(t.app, 'GET', '/api/surveys?q=carol&state=deleted', { token: admin.token });
    expect(deletedOnly.json()).toMatchObject({ total: 1, surveys: [{ surveyId: c1.id }] });

    const page1 = await request(t.app, 'GET', '/api/surveys?limit=2&offset=0', { token: admin.token });
    const page2 = await request(t.app, 'GET', '/api/surveys?limit=2&offset=2', { token: admin.token });
    const all = await request(t.app, 'GET', '/api/surveys?limit=100', { token: admin.token });
    expect(page1.json().surveys).toHaveLength(2);
    expect(page1.json().total).toBe(all.json().total);
    expect([...page1.json().surveys, ...page2.json().surveys].map((s: { surveyId: string }) => s.surveyId)).toEqual(
      (all.json().surveys as Array<{ surveyId: string }>).slice(0, 4).map((s) => s.surveyId),
    );
  });

  it('opens any survey and its results', async () => {
    const survey = await createSurvey(t.ctx, bob.id, { title: 'Bob results', state: 'active' });
    const detail = await request(t.app, 'GET', `/api/surveys/${survey.id}`, { token: admin.token });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ surveyId: survey.id, title: 'Bob results' });
    const results = await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: admin.token });
    expect(results.statusCode).toBe(200);
    expect(results.json()).toMatchObject({ title: 'Bob results', totalResponses: 0 });
  });

  it('restores a deleted survey to draft, and does nothing else', async () => {
    const deleted = await createSurvey(t.ctx, alice.id, { title: 'To restore', state: 'deleted' });
    const res = await request(t.app, 'PATCH', `/api/surveys/${deleted.id}/state`, {
      token: admin.token,
      body: { state: 'draft' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().survey).toMatchObject({ surveyId: deleted.id, state: 'draft', userId: alice.id });
    // The owner sees it again on their dashboard.
    const mine = await request(t.app, 'GET', '/api/surveys', { token: alice.token });
    expect((mine.json().surveys as Array<{ surveyId: string }>).map((s) => s.surveyId)).toContain(deleted.id);

    // Restoring again, or any other change, is refused and changes nothing.
    const again = await request(t.app, 'PATCH', `/api/surveys/${deleted.id}/state`, {
      token: admin.token,
      body: { state: 'draft' },
    });
    expect([409, 422]).toContain(again.statusCode);
    const active = await createSurvey(t.ctx, alice.id, { state: 'active' });
    for (const state of ['paused', 'closed', 'deleted', 'draft'] as const) {
      const refused = await request(t.app, 'PATCH', `/api/surveys/${active.id}/state`, {
        token: admin.token,
        body: { state },
      });
      expect([409, 422], state).toContain(refused.statusCode);
    }
    const row = await t.ctx.db.kysely
      .selectFrom('surveys')
      .select('state')
      .where('id', '=', active.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('active');
  });

  it('does not let an administrator create or edit surveys', async () => {
    const survey = await createSurvey(t.ctx, alice.id);
    const body = {
      projectName: 'Admin Project',
      title: 'Admin made',
      questions: [{ text: 'Q?', type: 'text', options: [] }],
    };
    const create = await request(t.app, 'POST', '/api/surveys', { token: admin.token, body });
    expect([401, 403]).toContain(create.statusCode);
    const edit = await request(t.app, 'PUT', `/api/surveys/${survey.id}`, { token: admin.token, body });
    expect([401, 403]).toContain(edit.statusCode);
    const count = await t.ctx.db.kysely
      .selectFrom('surveys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', '=', 'Admin made')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe(`npm run admin:create (${TEST_DIALECT})`, () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  let testDb: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'quorum-cli-'));
  });
  afterAll(async () => {
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The database the CLI opens: DATA_DIR's SQLite file, or DATABASE_URL on PostgreSQL. */
  const cliDatabase = (): Config['database'] =>
    testDb.database.kind === 'postgres' ? testDb.database : { kind: 'sqlite', file: path.join(dataDir, 'quorum.db') };

  function run(command: string, args: string[], env: Record<string, string>) {
    const result = spawnSync(command, args, {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        ...(testDb.database.kind === 'postgres' ? { DATABASE_URL: testDb.database.url } : {}),
        ...env,
      },
    });
    return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
  }
  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', ...args], env);

  it('adds an administrator who can then log in', async () => {
    const result = run(
      'npm',
      ['run', '--silent', 'admin:create', '--', '--email', 'Cli.Admin@Example.com', '--name', 'Cli Admin'],
      {
        ADMIN_PASSWORD: 'Cli-Passw0rd!',
      },
    );
    expect(result.stderr.replace(/npm warn.*\n?/g, '')).toBe('');
    expect(result.stdout).toBe('Administrator created: cli.admin@example.com (Cli Admin)');
    expect(result.status).toBe(0);

    const t = await createTestApp({}, { database: cliDatabase() });
    try {
      const res = await login(t.app, { email: 'cli.admin@example.com', password: 'Cli-Passw0rd!' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ name: 'Cli Admin', type: 'admin' });
    } finally {
      await t.app.close();
    }
  });

  it('stops with a clear message when the email is taken', () => {
    const result = cli(['--email', 'cli.admin@example.com', '--name', 'Again'], { ADMIN_PASSWORD: 'Cli-Passw0rd!' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('An administrator with the email cli.admin@example.com already exists');
  });

  it('applies the registration password rules', () => {
    const result = cli(['--email', 'weak@example.com'], { ADMIN_PASSWORD: 'weakpass' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the password does not meet the requirements');
  });

  it('needs an email, and a password from ADMIN_PASSWORD when there is no terminal', () => {
    const noEmail = cli([], { ADMIN_PASSWORD: 'Cli-Passw0rd!' });
    expect(noEmail.status).toBe(1);
    expect(noEmail.stderr).toContain('Missing --email');
    const noPassword = cli(['--email', 'nopass@example.com']);
    expect(noPassword.status).toBe(1);
    expect(noPassword.stderr).toContain('set ADMIN_PASSWORD');
    const badEmail = cli(['--email', 'not-an-email'], { ADMIN_PASSWORD: 'Cli-Passw0rd!' });
    expect(badEmail.status).toBe(1);
    expect(badEmail.stderr).toContain('the email address is not valid');
  });
});
