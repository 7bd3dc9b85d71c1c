import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEN_POINT_SCALE, type Question } from '@quorum/contract';
import {
  createAdmin,
  createSurvey,
  createUser,
  question,
  sampleQuestions,
  type CreatedAccount,
  type CreatedSurvey,
} from '@quorum/test-support/factories';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database';
import { COPIED_TABLES, copySqliteToPostgres, CopyRefusedError, formatCopyReport } from '../src/cli/sqlite-to-postgres';
import { newId } from '../src/lib/ids';
import { createTestApp, createTestDatabase, request, type TestApp, type TestDatabase } from './helpers';
import { counterProblems, runEntry } from './support/data-checks';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('the copy lists every table of the schema', () => {
  it('names each table a migrated database has (apart from the migration bookkeeping)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quorum-tables-'));
    const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'quorum.db') });
    try {
      await migrateToLatest(db);
      const tables = (await db.kysely.introspection.getTables()).map((t) => t.name).sort();
      expect(COPIED_TABLES.map((t) => t.table).sort()).toEqual(tables);
      for (const { table, key } of COPIED_TABLES) {
        const { rows } = await sql<{
          name: string;
          pk: number;
        }>`select name, pk from pragma_table_info(${table})`.execute(db.kysely);
        const primaryKey = rows
          .filter((r) => r.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((r) => r.name);
        expect([table, ...key]).toEqual([table, ...primaryKey]);
      }
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Fills a row into every table, responses through the app so the counters are the app's own. */
async function fillEveryTable(t: TestApp) {
  const k = t.ctx.db.kysely;
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 3_600_000).toISOString();
  const owner = await createUser(t.ctx, { name: 'Olive Owner' });
  const other = await createUser(t.ctx, { name: 'Otto Other' });
  const admin = await createAdmin(t.ctx);
  const surveys: CreatedSurvey[] = [];
  surveys.push(await createSurvey(t.ctx, owner.id, { state: 'active', title: 'Every type' }));
  surveys.push(
    await createSurvey(t.ctx, owner.id, {
      state: 'active',
      title: 'Ten-point',
      projectName: 'Second',
      questions: [
        question.rating('Recommend?', TEN_POINT_SCALE),
        { ...question.multipleChoice('Again?', ['Yes', 'No']), allowOther: true } as Question,
      ],
    }),
  );
  surveys.push(await createSurvey(t.ctx, other.id, { state: 'draft', title: 'Draft', questions: sampleQuestions() }));
  // A deleted question keeps its row.
  await k
    .updateTable('questions')
    .set({ is_deleted: 1 })
    .where('survey_id', '=', surveys[0]!.id)
    .where('id', '=', surveys[0]!.questions[2]!.id)
    .execute();
  for (let i = 0; i < 25; i += 1) {
    for (const survey of surveys.slice(0, 2)) {
      const answers = survey.questions
        .filter((q) => !(survey === surveys[0] && q.id === surveys[0]!.questions[2]!.id))
        .map((q) => {
          switch (q.type) {
            case 'multiple_choice':
              // Now and then in the respondent's own words (an "Other" text), where the question offers it.
              if (q.allowOther && i % 4 === 0) return { questionId: q.id, answer: `Maybe, in ${2030 + i}` };
              return { questionId: q.id, answer: q.options[i % q.options.length] };
            case 'checkbox':
              return { questionId: q.id, answer: q.options.filter((_, n) => ((i % 7) + 1) & (1 << n)) };
            case 'text':
              return { questionId: q.id, answer: `answer ${i}` };
            case 'rating':
              return {
                questionId: q.id,
                answer: q.ratingScale.min + (i % (q.ratingScale.max - q.ratingScale.min + 1)),
              };
          }
        });
      // Some respondents come through the public page's funnel: a visit, its progress, and its completion.
      let visitId: string | undefined;
      if (i % 5 === 0) {
        const visit = await request(t.app, 'POST', `/api/surveys/${survey.id}/visits`);
        expect(visit.statusCode, visit.body).toBe(201);
        visitId = visit.json<{ visitId: string }>().visitId;
        const reached = await request(t.app, 'POST', `/api/surveys/${survey.id}/visits/${visitId}/progress`, {
          body: { questionId: survey.questions[0]!.id },
        });
        expect(reached.statusCode, reached.body).toBe(204);
      }
      const res = await request(t.app, 'POST', `/api/surveys/${survey.id}/responses`, {
        body: { answers, ...(visitId ? { visitId } : {}) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  // A login through the app writes the audit log; a failed one, login attempts.
  expect((await login(t, 'user', owner)).statusCode).toBe(200);
  await request(t.app, 'POST', '/api/user/auth/login', {
    body: { email: other.email, password: 'Wrong-password1!', recaptchaToken: '' },
  });
  const hash = (n: number) => `${'ab'.repeat(31)}${String(n).padStart(2, '0')}`;
  await k
    .insertInto('login_attempts')
    .values({
      scope: 'admin',
      email: admin.email,
      address: '*',
      failures: 2,
      window_started_at: now,
      locked_until: null,
    })
    .execute();
  await k
    .insertInto('email_verifications')
    .values({
      token_hash: hash(1),
      user_id: other.id,
      expires_at: later,
      used_at: null,
      created_at: now,
      pending_name: 'Otto',
      pending_password_hash: null,
    })
    .execute();
  await k
    .insertInto('password_resets')
    .values({ token_hash: hash(2), user_id: owner.id, created_at: now, expires_at: later, used_at: null })
    .execute();
  await k.insertInto('revoked_tokens').values({ jti: newId(), expires_at: later }).execute();
  await k
    .insertInto('sso_identities')
    .values({ issuer: 'https://idp.example', subject: 'sub-1', side: 'user', account_id: other.id, created_at: now })
    .execute();
  await k
    .insertInto('sso_states')
    .values({
      state_hash: hash(3),
      side: 'user',
      nonce: 'n',
      code_verifier: 'v',
      browser_hash: hash(4),
      expires_at: later,
      created_at: now,
    })
    .execute();
  await k
    .insertInto('sso_codes')
    .values({
      code_hash: hash(5),
      side: 'admin',
      account_id: admin.id,
      browser_hash: hash(6),
      expires_at: later,
      created_at: now,
    })
    .execute();
  await k
    .insertInto('two_factor')
    .values({
      role: 'admin',
      account_id: admin.id,
      secret: 'v1.cipher',
      pending_secret: null,
      last_used_step: 123,
      enabled_at: now,
      updated_at: now,
    })
    .execute();
  await k
    .insertInto('two_factor_recovery_codes')
    .values(
      [0, 1, 2].map((n) => ({
        role: 'admin' as const,
        account_id: admin.id,
        code_hash: hash(10 + n),
        used_at: n === 0 ? now : null,
        created_at: now,
      })),
    )
    .execute();
  // A visit that left before answering anything.
  expect((await request(t.app, 'POST', `/api/surveys/${surveys[1]!.id}/visits`)).statusCode).toBe(201);
  await k
    .insertInto('result_shares')
    .values({
      survey_id: surveys[0]!.id,
      token_hash: hash(20),
      token_box: 'v1.cipher',
      include_text_answers: 1,
      created_at: now,
    })
    .execute();
  // Integrations: a key, a webhook with a delivery that was tried once, and a mail waiting to be sent.
  await k
    .insertInto('api_keys')
    .values({
      id: newId(),
      user_id: owner.id,
      name: 'Sync',
      prefix: 'qrm_AbCdEfGh',
      key_hash: hash(30),
      scopes: '["surveys:read"]',
      created_at: now,
      last_used_at: null,
    })
    .execute();
  const webhookId = newId();
  await k
    .insertInto('webhooks')
    .values({
      id: webhookId,
      survey_id: surveys[0]!.id,
      url: 'https://hooks.example.com/quorum',
      events: '["response.created"]',
      secret_box: 'v1.cipher',
      enabled: 1,
      disabled_reason: null,
      failure_streak: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const deliveryId = newId();
  await k
    .insertInto('webhook_deliveries')
    .values({
      id: deliveryId,
      webhook_id: webhookId,
      survey_id: surveys[0]!.id,
      event: 'response.created',
      payload: '{}',
      status: 'pending',
      attempt_count: 1,
      next_attempt_at: later,
      locked_until: null,
      created_at: now,
      completed_at: null,
    })
    .execute();
  await k
    .insertInto('webhook_attempts')
    .values({
      id: newId(),
      delivery_id: deliveryId,
      attempted_at: now,
      status_code: 500,
      duration_ms: 12,
      error: 'The receiver answered 500',
      response_snippet: 'oops',
    })
    .execute();
  await k
    .insertInto('mail_outbox')
    .values({
      id: newId(),
      kind: 'survey-closed',
      user_id: owner.id,
      payload: `{"surveyId":"${surveys[0]!.id}","reason":"limit"}`,
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: later,
      locked_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  // Teams: a workspace with its owner and a pending invitation.
  const workspaceId = newId();
  await k
    .insertInto('workspaces')
    .values({ id: workspaceId, name: 'Research', created_by: owner.id, created_at: now, updated_at: now })
    .execute();
  await k
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: owner.id, role: 'owner', created_at: now })
    .execute();
  await k
    .insertInto('workspace_invitations')
    .values({
      id: newId(),
      workspace_id: workspaceId,
      email: 'colleague@example.com',
      role: 'editor',
      token_hash: hash(40),
      invited_by: owner.id,
      created_at: now,
      expires_at: later,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    })
    .execute();
  for (const { table } of COPIED_TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(k);
    expect(Number(rows[0]!.n), table).toBeGreaterThan(0);
  }
  return { owner, admin, surveys };
}

function login(t: TestApp, side: 'user' | 'admin', account: CreatedAccount) {
  return request(t.app, 'POST', `/api/${side}/auth/login`, {
    body: { email: account.email, password: account.password, recaptchaToken: '' },
  });
}

async function countAll(db: Db) {
  const counts = new Map<string, number>();
  for (const { table } of COPIED_TABLES) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      db.kysely,
    );
    counts.set(table, Number(rows[0]!.n));
  }
  return counts;
}

describe.runIf(hasPostgres)('moving from SQLite to PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let dir: string;
  let sqliteFile: string;
  let source: TestApp;
  let filled: Awaited<ReturnType<typeof fillEveryTable>>;
  const targets: TestDatabase[] = [];
  const newTarget = async () => {
    const target = await createTestDatabase('postgres');
    targets.push(target);
    return target;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'quorum-move-'));
    sqliteFile = path.join(dir, 'quorum.db');
    source = await createTestApp({ loginRateLimit: 10_000 }, { database: { kind: 'sqlite', file: sqliteFile } });
    filled = await fillEveryTable(source);
  });
  afterAll(async () => {
    await source?.close();
    for (const target of targets) await target.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table, verifies counts and statistics, and the app runs on the copy', async () => {
    const before = await Promise.all(
      filled.surveys
        .slice(0, 2)
        .map((s) => request(source.app, 'GET', `/api/surveys/${s.id}/results`, { token: filled.owner.token })),
    );
    const target = await newTarget();
    const from = openDatabase({ kind: 'sqlite', file: sqliteFile });
    const to = openDatabase(target.database);
    try {
      const report = await copySqliteToPostgres(from, to, { batchSize: 7 });
      expect(report.ok, formatCopyReport(report)).toBe(true);
      expect(report.surveys).toHaveLength(3);
      expect(await countAll(to)).toEqual(await countAll(from));
      expect(await counterProblems(to)).toEqual([]);
      // Password hashes and every other column arrive as they were.
      const hashes = await to.kysely.selectFrom('users').select(['id', 'password_hash']).orderBy('id').execute();
      expect(hashes).toEqual(
        await from.kysely.selectFrom('users').select(['id', 'password_hash']).orderBy('id').execute(),
      );
    } finally {
      await from.close();
      await to.close();
    }

    const onPostgres = await createTestApp({}, { database: target.database });
    try {
      const userLogin = await login(onPostgres, 'user', filled.owner);
      expect(userLogin.statusCode, userLogin.body).toBe(200);
      const token = (userLogin.json() as { token: string }).token;
      expect((await login(onPostgres, 'admin', filled.admin)).statusCode).toBe(200);
      for (const [i, survey] of filled.surveys.slice(0, 2).entries()) {
        const after = await request(onPostgres.app, 'GET', `/api/surveys/${survey.id}/results`, { token });
        expect(after.statusCode).toBe(200);
        expect(after.json()).toEqual(before[i]!.json());
      }
    } finally {
      await onPostgres.app.close();
    }
  });

  it('finishes the job when run again after a failure part-way, without duplicating anything', async () => {
    const target = await newTarget();
    const to = openDatabase(target.database);
    const from = openDatabase({ kind: 'sqlite', file: sqliteFile });
    try {
      await migrateToLatest(to);
      // A real failure part-way: the 13th response refused by the database.
      const { id: failing } = await from.kysely
        .selectFrom('responses')
        .select('id')
        .orderBy('id')
        .offset(12)
        .limit(1)
        .executeTakeFirstOrThrow();
      await sql`create function refuse_one() returns trigger language plpgsql as $$
        begin if new.id = ${sql.lit(failing)} then raise exception 'simulated failure'; end if; return new; end $$`.execute(
        to.kysely,
      );
      await sql`create trigger refuse_one before insert on responses for each row execute function refuse_one()`.execute(
        to.kysely,
      );
      await expect(copySqliteToPostgres(from, to, { batchSize: 1 })).rejects.toThrow(/simulated failure/);
      const partial = await countAll(to);
      expect(partial.get('responses')).toBe(12);
      expect(partial.get('answer_counts')).toBe(0);

      await sql`drop trigger refuse_one on responses`.execute(to.kysely);
      const report = await copySqliteToPostgres(from, to, { batchSize: 5 });
      expect(report.ok, formatCopyReport(report)).toBe(true);
      expect(report.tables.find((r) => r.table === 'users')?.copied).toBe(0);
      expect(report.tables.find((r) => r.table === 'responses')?.copied).toBe(50 - 12);
      expect(await countAll(to)).toEqual(await countAll(from));
      // A third run copies nothing and still verifies.
      const again = await copySqliteToPostgres(from, to);
      expect(again.ok).toBe(true);
      expect(again.tables.every((r) => r.copied === 0)).toBe(true);
    } finally {
      await from.close();
      await to.close();
    }
  });

  it('refuses a target holding data from another source, before writing anything', async () => {
    const target = await newTarget();
    const to = openDatabase(target.database);
    const from = openDatabase({ kind: 'sqlite', file: sqliteFile });
    try {
      await migrateToLatest(to);
      await createUser({ db: to, clock: source.ctx.clock, tokens: source.ctx.tokens }, { name: 'Somebody Else' });
      await expect(copySqliteToPostgres(from, to)).rejects.toThrow(CopyRefusedError);
      await expect(copySqliteToPostgres(from, to)).rejects.toThrow(
        /already holds data that is not in this SQLite file \(table users/,
      );
      expect((await countAll(to)).get('surveys')).toBe(0);
      // The same key with other values is another source's row too.
      const fresh = await newTarget();
      const to2 = openDatabase(fresh.database);
      try {
        await migrateToLatest(to2);
        const row = await from.kysely.selectFrom('users').selectAll().orderBy('id').executeTakeFirstOrThrow();
        await to2.kysely
          .insertInto('users')
          .values({ ...row, name: 'Changed' })
          .execute();
        await expect(copySqliteToPostgres(from, to2)).rejects.toThrow(CopyRefusedError);
      } finally {
        await to2.close();
      }
    } finally {
      await from.close();
      await to.close();
    }
  });

  it('runs as a command and prints the table', async () => {
    const target = await newTarget();
    if (target.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const run = await runEntry('cli/migrate-sqlite-to-postgres', [sqliteFile], { DATABASE_URL: target.database.url });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/responses\s+50\s+50\s+50\s+ok/);
    expect(run.stdout).toContain('survey statistics: 3 of 3 surveys identical');
    const refused = await runEntry('cli/migrate-sqlite-to-postgres', [sqliteFile], { DATABASE_URL: '' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Set DATABASE_URL to the target PostgreSQL database.');
  });
});
