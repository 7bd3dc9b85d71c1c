import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ERROR_MESSAGES, errorMessage, type SurveyListResponse } from '@quorum/contract';
import {
  DEFAULT_PASSWORD,
  createAdmin,
  createSurvey,
  createUser,
  createWorkspace,
  findAccount,
  question,
  type CreatedAccount,
} from '@quorum/test-support/factories';
import type { Database } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { recordResponses } from '../src/projections';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const q1 = { ...question.multipleChoice('Which day?', ['Friday', 'Saturday'], 'q1'), allowOther: true };
const q2 = question.rating('How was it?', undefined, 'q2');

/** Tables that hold an account's rows, and how each row names its owner. */
const OWNED_TABLES = [
  'surveys',
  'questions',
  'responses',
  'answer_counts',
  'other_texts',
  'question_totals',
  'visits',
  'survey_funnel',
  'question_dropoff',
  'completion_times',
  'response_timeline',
  'result_shares',
] as const;

describe(`account deletion (${TEST_DIALECT})`, () => {
  const t = useTestApp({ loginRateLimit: 1000, registerRateLimit: 1000 });

  /** A verified user with two surveys (one active with responses, one deleted), a link, a reset link, two-factor
   * sign-in, a single sign-on link and a failed login. */
  async function accountWithData(name: string): Promise<{ account: CreatedAccount; surveyIds: string[] }> {
    const account = await createUser(t.ctx, { name });
    const active = await createSurvey(t.ctx, account.id, {
      state: 'active',
      title: `${name}'s survey`,
      questions: [q1, q2],
    });
    const deleted = await createSurvey(t.ctx, account.id, { state: 'deleted', title: `${name}'s old survey` });
    await recordResponses(
      t.ctx.db,
      active.id,
      [q1, q2],
      [
        { id: newId(), submittedAt: '2026-03-01T10:00:00.000Z', answers: { q1: 'Friday', q2: 4 } },
        { id: newId(), submittedAt: '2026-03-01T10:01:00.000Z', answers: { q1: 'Saturday', q2: 5 } },
        { id: newId(), submittedAt: '2026-03-01T10:02:00.000Z', answers: { q1: 'Thursday night', q2: 5 } },
      ],
    );
    // A respondent through the public page's funnel, and a shared report link.
    const visit = await request(t.app, 'POST', `/api/surveys/${active.id}/visits`);
    const { visitId } = visit.json<{ visitId: string }>();
    await request(t.app, 'POST', `/api/surveys/${active.id}/visits/${visitId}/progress`, {
      body: { questionId: 'q1' },
    });
    const submitted = await request(t.app, 'POST', `/api/surveys/${active.id}/responses`, {
      body: {
        answers: [
          { questionId: 'q1', answer: 'Friday' },
          { questionId: 'q2', answer: 3 },
        ],
        visitId,
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    await t.ctx.db.kysely
      .insertInto('result_shares')
      .values({
        survey_id: active.id,
        token_hash: newId(),
        token_box: 'sealed',
        include_text_answers: 0,
        created_at: '2026-03-01T00:00:00.000Z',
      })
      .execute();
    await t.ctx.db.kysely
      .insertInto('email_verifications')
      .values({
        token_hash: newId(),
        user_id: account.id,
        expires_at: '2026-03-02T00:00:00.000Z',
        used_at: '2026-03-01T00:00:00.000Z',
        created_at: '2026-03-01T00:00:00.000Z',
        pending_name: null,
        pending_password_hash: null,
      })
      .execute();
    await t.ctx.db.kysely
      .insertInto('password_resets')
      .values({
        token_hash: newId(),
        user_id: account.id,
        created_at: '2026-03-01T00:00:00.000Z',
        expires_at: '2026-03-01T01:00:00.000Z',
        used_at: null,
      })
      .execute();
    await t.ctx.db.kysely
      .insertInto('two_factor')
      .values({
        role: 'user',
        account_id: account.id,
        secret: 'sealed',
        pending_secret: null,
        last_used_step: null,
        enabled_at: '2026-03-01T00:00:00.000Z',
        updated_at: '2026-03-01T00:00:00.000Z',
      })
      .execute();
    await t.ctx.db.kysely
      .insertInto('two_factor_recovery_codes')
      .values({
        role: 'user',
        account_id: account.id,
        code_hash: newId(),
        used_at: null,
        created_at: '2026-03-01T00:00:00.000Z',
      })
      .execute();
    await t.ctx.db.kysely
      .insertInto('sso_identities')
      .values({
        issuer: 'https://id.example.com',
        subject: `subject-of-${name}`,
        side: 'user',
        account_id: account.id,
        created_at: '2026-03-01T00:00:00.000Z',
      })
      .execute();
    const failed = await request(t.app, 'POST', '/api/user/auth/login', {
      body: { email: account.email, password: 'Wrong-Passw0rd!' },
    });
    expect(failed.statusCode).toBe(401);
    return { account, surveyIds: [active.id, deleted.id] };
  }

  /** How many rows each table holds for these surveys and this account. */
  async function footprint(account: CreatedAccount, surveyIds: string[]) {
    const db = t.ctx.db.kysely;
    const counts = new Map<string, number>();
    for (const table of OWNED_TABLES) {
      const column = table === 'surveys' ? 'id' : 'survey_id';
      const row = await db
        .selectFrom(table as keyof Database)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column as never, 'in', surveyIds as never)
        .executeTakeFirstOrThrow();
      counts.set(table, Number(row.n));
    }
    const links = await db
      .selectFrom('email_verifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    counts.set('email_verifications', Number(links.n));
    const attempts = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    counts.set('login_attempts', Number(attempts.n));
    for (const [table, column] of [
      ['password_resets', 'user_id'],
      ['two_factor', 'account_id'],
      ['two_factor_recovery_codes', 'account_id'],
      ['sso_identities', 'account_id'],
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column as never, '=', account.id as never)
        .executeTakeFirstOrThrow();
      counts.set(table, Number(rows.n));
    }
    counts.set('users', (await findAccount(t.ctx, 'users', { id: account.id })) ? 1 : 0);
    return Object.fromEntries(counts);
  }

  const remove = (token: string | undefined, body: unknown) =>
    request(t.app, 'DELETE', '/api/user/account', { token, body });

  it('a wrong password is refused with a clear error and changes nothing', async () => {
    const { account, surveyIds } = await accountWithData('Wanda Wrong');
    const before = await footprint(account, surveyIds);
    expect(before).toMatchObject({
      users: 1,
      surveys: 2,
      responses: 4,
      other_texts: 1,
      visits: 1,
      survey_funnel: 1,
      question_dropoff: 1,
      completion_times: 1,
      // Two quarter hours: the responses stored in March, and the one submitted now.
      response_timeline: 2,
      result_shares: 1,
      email_verifications: 1,
      password_resets: 1,
      two_factor: 1,
      two_factor_recovery_codes: 1,
      sso_identities: 1,
    });
    expect(before.login_attempts).toBeGreaterThan(0);

    const res = await remove(account.token, { password: 'Not-The-Passw0rd!' });
    expectError(res, 400, 'DELETE_ACCOUNT_PASSWORD_INCORRECT', {
      message: ERROR_MESSAGES.DELETE_ACCOUNT_PASSWORD_INCORRECT,
    });
    expect(await footprint(account, surveyIds)).toEqual(before);
    expect((await request(t.app, 'GET', '/api/user/auth/verify-user-token', { token: account.token })).statusCode).toBe(
      200,
    );
    const audited = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('type', '=', 'account.deleted')
      .where('target_id', '=', account.id)
      .execute();
    expect(audited).toEqual([]);
  });

  it('a missing password, another role or no token deletes nothing', async () => {
    const { account, surveyIds } = await accountWithData('Nora Nobody');
    const admin = await createAdmin(t.ctx);
    const before = await footprint(account, surveyIds);
    expectError(await remove(account.token, {}), 400, 'VALIDATION_FAILED');
    expectError(await remove(account.token, { password: '' }), 400, 'VALIDATION_FAILED');
    expectError(await remove(undefined, { password: DEFAULT_PASSWORD }), 401, 'UNAUTHORIZED');
    expect((await remove(admin.token, { password: DEFAULT_PASSWORD })).statusCode).toBe(401);
    expect(await footprint(account, surveyIds)).toEqual(before);
  });

  it('removes the account and everything it owns, and nothing of anyone else', async () => {
    const alice = await accountWithData('Alice Leaving');
    const bob = await accountWithData('Bob Staying');
    const admin = await createAdmin(t.ctx);
    const bobBefore = await footprint(bob.account, bob.surveyIds);

    const res = await remove(alice.account.token, { password: DEFAULT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.deleted });

    expect(await footprint(alice.account, alice.surveyIds)).toEqual({
      surveys: 0,
      questions: 0,
      responses: 0,
      answer_counts: 0,
      other_texts: 0,
      question_totals: 0,
      visits: 0,
      survey_funnel: 0,
      question_dropoff: 0,
      completion_times: 0,
      response_timeline: 0,
      result_shares: 0,
      email_verifications: 0,
      login_attempts: 0,
      password_resets: 0,
      two_factor: 0,
      two_factor_recovery_codes: 0,
      sso_identities: 0,
      users: 0,
    });
    expect(await footprint(bob.account, bob.surveyIds)).toEqual(bobBefore);

    // The public link answers as an unknown survey does.
    const publicPage = await request(t.app, 'GET', `/api/surveys/${alice.surveyIds[0]}/public`);
    expectError(publicPage, 404, 'SURVEY_NOT_FOUND');
    const submit = await request(t.app, 'POST', `/api/surveys/${alice.surveyIds[0]}/responses`, {
      body: {
        answers: [
          { questionId: 'q1', answer: 'Friday' },
          { questionId: 'q2', answer: 3 },
        ],
      },
    });
    expect(submit.statusCode).toBe(404);

    // Its tokens stop working everywhere.
    for (const [method, url] of [
      ['GET', '/api/user/auth/verify-user-token'],
      ['GET', '/api/surveys'],
      ['GET', '/api/user/account/export'],
    ] as const) {
      expect((await request(t.app, method, url, { token: alice.account.token })).statusCode, url).toBe(401);
    }
    expect((await remove(alice.account.token, { password: DEFAULT_PASSWORD })).statusCode).toBe(401);

    // Administrators no longer see the person or their surveys, deleted ones (the restore list) included.
    for (const query of ['', '?state=deleted', `?q=${encodeURIComponent(alice.account.email)}`, '?q=Alice']) {
      const list = await request(t.app, 'GET', `/api/surveys${query}`, { token: admin.token });
      const body = list.json<SurveyListResponse>();
      expect(
        body.surveys.map((s) => s.userId),
        query,
      ).not.toContain(alice.account.id);
      expect(JSON.stringify(body), query).not.toContain(alice.account.email);
    }
    for (const id of alice.surveyIds) {
      expect((await request(t.app, 'GET', `/api/surveys/${id}`, { token: admin.token })).statusCode).toBe(404);
      expect((await request(t.app, 'GET', `/api/surveys/${id}/results`, { token: admin.token })).statusCode).toBe(404);
    }
    const restore = await request(t.app, 'PATCH', `/api/surveys/${alice.surveyIds[1]}/state`, {
      token: admin.token,
      body: { state: 'draft' },
    });
    expect(restore.statusCode).toBe(404);
    // Bob's are all still there.
    const bobs = await request(t.app, 'GET', `/api/surveys?q=${encodeURIComponent(bob.account.email)}`, {
      token: admin.token,
    });
    expect(bobs.json<SurveyListResponse>().total).toBe(2);

    // One audit entry naming the account by id only.
    const entries = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'account.deleted')
      .where('target_id', '=', alice.account.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: alice.account.id,
      actor_role: 'user',
      target_type: 'user',
      address: '127.0.0.1',
    });
    expect(JSON.parse(entries[0]!.details)).toEqual({ surveys: 2, responses: 4 });
    expect(JSON.stringify(entries[0])).not.toContain(alice.account.email);
    expect(JSON.stringify(entries[0])).not.toContain('Alice');
  });

  it('keeps the surveys a member made for a team that stays, and removes the workspaces they were alone in', async () => {
    const [alice, bob] = await Promise.all([
      createUser(t.ctx, { name: 'Alice Member' }),
      createUser(t.ctx, { name: 'Bob Owner' }),
    ]);
    const shared = await createWorkspace(
      t.ctx,
      [
        [bob, 'owner'],
        [alice, 'owner'],
      ],
      'Shared team',
    );
    const solo = await createWorkspace(t.ctx, [[alice, 'owner']], 'Alice alone');
    const personal = await createSurvey(t.ctx, alice.id, { questions: [q1, q2] });
    const alone = await createSurvey(t.ctx, alice.id, { workspaceId: solo, state: 'active', questions: [q1, q2] });
    await recordResponses(
      t.ctx.db,
      alone.id,
      [q1, q2],
      [{ id: newId(), submittedAt: '2026-03-01T10:00:00.000Z', answers: { q1: 'Friday', q2: 4 } }],
    );
    // A survey Alice made for the team, with response emails on (they would go to her), and one of Bob's there.
    const forTeam = await createSurvey(t.ctx, alice.id, { workspaceId: shared, state: 'active', questions: [q1, q2] });
    await recordResponses(
      t.ctx.db,
      forTeam.id,
      [q1, q2],
      [{ id: newId(), submittedAt: '2026-03-01T10:00:00.000Z', answers: { q1: 'Saturday', q2: 5 } }],
    );
    await t.ctx.db.kysely
      .updateTable('surveys')
      .set({ notify_on_response: 'each' })
      .where('id', '=', forTeam.id)
      .execute();
    const bobsTeamSurvey = await createSurvey(t.ctx, bob.id, { workspaceId: shared });
    const bobsOwn = await createSurvey(t.ctx, bob.id);
    // An invitation Alice sent that nobody has accepted yet.
    const invitationId = newId();
    await t.ctx.db.kysely
      .insertInto('workspace_invitations')
      .values({
        id: invitationId,
        workspace_id: shared,
        email: 'colleague@example.com',
        role: 'viewer',
        token_hash: newId(),
        invited_by: alice.id,
        created_at: new Date().toISOString(),
        expires_at: '2999-01-01T00:00:00.000Z',
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      })
      .execute();

    const res = await remove(alice.token, { password: DEFAULT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    const db = t.ctx.db.kysely;
    const left = await db
      .selectFrom('surveys')
      .select(['id', 'user_id', 'workspace_id', 'notify_on_response'])
      .where('id', 'in', [personal.id, alone.id, forTeam.id, bobsTeamSurvey.id, bobsOwn.id])
      .execute();
    expect(new Map(left.map((row) => [row.id, row]))).toEqual(
      new Map([
        [forTeam.id, { id: forTeam.id, user_id: alice.id, workspace_id: shared, notify_on_response: 'off' }],
        [bobsTeamSurvey.id, expect.objectContaining({ workspace_id: shared })],
        [bobsOwn.id, expect.objectContaining({ workspace_id: bob.id })],
      ]),
    );
    // The team survey keeps its questions and responses; the ones that went took theirs with them.
    for (const table of ['questions', 'responses'] as const) {
      const rows = await db
        .selectFrom(table)
        .select('survey_id')
        .where('survey_id', 'in', [personal.id, alone.id, forTeam.id])
        .execute();
      expect(new Set(rows.map((r) => r.survey_id)), table).toEqual(new Set([forTeam.id]));
    }
    expect(await db.selectFrom('workspaces').select('id').where('id', 'in', [shared, solo]).execute()).toEqual([
      { id: shared },
    ]);
    const members = await db.selectFrom('workspace_members').select(['workspace_id', 'user_id']).execute();
    expect(members.filter((m) => m.user_id === alice.id)).toEqual([]);
    expect(members.filter((m) => m.workspace_id === shared)).toEqual([{ workspace_id: shared, user_id: bob.id }]);
    const invitation = await db
      .selectFrom('workspace_invitations')
      .select('revoked_at')
      .where('id', '=', invitationId)
      .executeTakeFirst();
    expect(invitation?.revoked_at).not.toBeNull();
    const [entry] = await db
      .selectFrom('audit_log')
      .select('details')
      .where('type', '=', 'account.deleted')
      .where('target_id', '=', alice.id)
      .execute();
    expect(JSON.parse(entry!.details)).toEqual({ surveys: 2, responses: 1 });
  });

  it('refuses the only owner of a team workspace with other members, deleting nothing', async () => {
    const [carol, dan] = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
    const id = await createWorkspace(
      t.ctx,
      [
        [carol, 'owner'],
        [dan, 'editor'],
      ],
      'Carol & Co',
    );
    const survey = await createSurvey(t.ctx, carol.id);
    const teamSurvey = await createSurvey(t.ctx, dan.id, { workspaceId: id });

    const res = await remove(carol.token, { password: DEFAULT_PASSWORD });
    expectError(res, 409, 'WORKSPACE_SOLE_OWNER', {
      message: errorMessage('WORKSPACE_SOLE_OWNER', { workspace: 'Carol & Co' }),
      params: { workspace: 'Carol & Co' },
    });
    const db = t.ctx.db.kysely;
    expect(await findAccount(t.ctx, 'users', { id: carol.id })).toBeDefined();
    const surveys = await db.selectFrom('surveys').select('id').where('id', 'in', [survey.id, teamSurvey.id]).execute();
    expect(surveys).toHaveLength(2);
    expect(
      await db.selectFrom('workspace_members').select('user_id').where('workspace_id', '=', id).execute(),
    ).toHaveLength(2);

    // Once Dan is an owner too, Carol may go; the workspace stays with Dan.
    await db
      .updateTable('workspace_members')
      .set({ role: 'owner' })
      .where('workspace_id', '=', id)
      .where('user_id', '=', dan.id)
      .execute();
    expect((await remove(carol.token, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    expect(await db.selectFrom('surveys').select('id').where('id', '=', teamSurvey.id).execute()).toHaveLength(1);
  });

  it('the same email can register again afterwards, and signing in with the old password fails', async () => {
    const { account } = await accountWithData('Rene Return');
    expect((await remove(account.token, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);

    const login = await request(t.app, 'POST', '/api/user/auth/login', {
      body: { email: account.email, password: DEFAULT_PASSWORD },
    });
    expectError(login, 401, 'INVALID_CREDENTIALS');

    const again = await request(t.app, 'POST', '/api/user/auth/register', {
      body: { name: 'Rene Again', email: account.email, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(201);
    const row = await findAccount(t.ctx, 'users', { email: account.email });
    expect(row?.id).toBeDefined();
    expect(row?.id).not.toBe(account.id);
    expect(row?.name).toBe('Rene Again');
  });
});
