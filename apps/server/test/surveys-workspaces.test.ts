import { describe, expect, it } from 'vitest';
import {
  MAX_ACTIVE_SURVEYS,
  surveyListResponseSchema,
  surveySchema,
  type CreatedApiKey,
  type Survey,
  type SurveyInput,
  type SurveyListResponse,
  type WorkspaceRole,
} from '@quorum/contract';
import {
  createAdmin,
  createSurvey,
  createUser,
  createWorkspace,
  type CreatedAccount,
  type CreatedSurvey,
} from '@quorum/test-support/factories';
import { countActiveSurveys } from '../src/modules/surveys/surveys.repository';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const body = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  projectName: 'Team Project',
  title: 'Team survey',
  questions: [
    { text: 'How was it?', type: 'rating', ratingScale: { min: 1, max: 5 } },
    { text: 'Which day?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
  ],
  ...overrides,
});

const ROLE_FORBIDDEN = (role: WorkspaceRole) => ({
  message: `Your role in this workspace (${role}) does not allow this`,
  params: { role },
});

interface Team {
  id: string;
  owner: CreatedAccount;
  editor: CreatedAccount;
  viewer: CreatedAccount;
  outsider: CreatedAccount;
}

/** A team workspace with an owner, an editor and a viewer, written as its rows; and someone in no workspace of theirs. */
async function team(t: TestApp): Promise<Team> {
  const [owner, editor, viewer, outsider] = await Promise.all([
    createUser(t.ctx, { name: 'Olivia Owner' }),
    createUser(t.ctx, { name: 'Edith Editor' }),
    createUser(t.ctx, { name: 'Victor Viewer' }),
    createUser(t.ctx, { name: 'Oscar Outsider' }),
  ]);
  const id = await createWorkspace(
    t.ctx,
    [
      [owner, 'owner'],
      [editor, 'editor'],
      [viewer, 'viewer'],
    ],
    'Research',
  );
  return { id, owner, editor, viewer, outsider };
}

/** A survey created through the API by `who` in `workspaceId`. */
async function created(t: TestApp, who: CreatedAccount, workspaceId?: string, title = 'Team survey'): Promise<Survey> {
  const res = await request(t.app, 'POST', '/api/surveys', {
    token: who.token,
    body: { ...body({ title }), ...(workspaceId ? { workspaceId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return surveySchema.parse(res.json());
}

const get = async (t: TestApp, who: { token: string }, id: string) =>
  request(t.app, 'GET', `/api/surveys/${id}`, { token: who.token });

const move = (t: TestApp, who: { token: string }, id: string, state: string) =>
  request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token: who.token, body: { state } });

const listOf = async (t: TestApp, who: { token: string }, query = ''): Promise<SurveyListResponse> => {
  const res = await request(t.app, 'GET', `/api/surveys${query}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return surveyListResponseSchema.parse(res.json());
};

/** The stored row's content, to compare before and after a refused request. */
async function stored(t: TestApp, id: string) {
  const survey = await t.ctx.db.kysely.selectFrom('surveys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const questions = await t.ctx.db.kysely
    .selectFrom('questions')
    .select(['id', 'text', 'type', 'position', 'is_deleted'])
    .where('survey_id', '=', id)
    .orderBy('position')
    .execute();
  return { survey, questions };
}

async function submit(t: TestApp, survey: { id: string; questions: CreatedSurvey['questions'] }) {
  const answers = survey.questions.map((q) => ({
    questionId: q.id,
    answer:
      q.type === 'rating' ? 4 : q.type === 'checkbox' ? [q.options[0]!] : q.type === 'text' ? 'Fine' : q.options[0]!,
  }));
  const res = await request(t.app, 'POST', `/api/surveys/${survey.id}/responses`, { body: { answers } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { responseId: string }).responseId;
}

describe(`surveys in workspaces: roles (${TEST_DIALECT})`, () => {
  const t = useTestApp({ surveyWriteRateLimit: 10_000 });

  it('lets an editor create, edit, launch, pause, close and delete a team survey', async () => {
    const w = await team(t);
    const survey = await created(t, w.editor, w.id);
    expect(survey).toMatchObject({
      workspaceId: w.id,
      userId: w.editor.id,
      createdBy: { id: w.editor.id, name: 'Edith Editor' },
      updatedBy: null,
      version: 1,
      role: 'editor',
    });
    expect(survey.creator).toBeUndefined();

    const saved = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: w.editor.token,
      body: body({ title: 'Edited by the editor', version: 1 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Edited by the editor', version: 2, role: 'editor' });

    for (const state of ['active', 'paused', 'active', 'closed', 'deleted']) {
      const res = await move(t, w.editor, survey.surveyId, state);
      expect(res.statusCode, `${state}: ${res.body}`).toBe(200);
      expect(res.json().survey).toMatchObject({ state, version: 2, workspaceId: w.id });
    }
    expectError(await get(t, w.editor, survey.surveyId), 404, 'SURVEY_NOT_FOUND');
    expectError(await get(t, w.owner, survey.surveyId), 404, 'SURVEY_NOT_FOUND');
  });

  it("lets the workspace's owner work on an editor's survey, and a duplicate stays in the workspace", async () => {
    const w = await team(t);
    const survey = await created(t, w.editor, w.id);
    const copy = await request(t.app, 'POST', `/api/surveys/${survey.surveyId}/duplicate`, { token: w.owner.token });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      workspaceId: w.id,
      userId: w.owner.id,
      createdBy: { id: w.owner.id, name: 'Olivia Owner' },
      version: 1,
      role: 'owner',
      state: 'draft',
    });
    expect((await move(t, w.owner, survey.surveyId, 'active')).statusCode).toBe(200);
  });

  it('lets a viewer read, see results and export them, and refuses every change with 403, changing nothing', async () => {
    const w = await team(t);
    const survey = await created(t, w.editor, w.id);
    expect((await move(t, w.editor, survey.surveyId, 'active')).statusCode).toBe(200);
    const responseId = await submit(t, { id: survey.surveyId, questions: survey.questions });
    const before = await stored(t, survey.surveyId);
    const id = survey.surveyId;

    const read = await get(t, w.viewer, id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ role: 'viewer', createdBy: { id: w.editor.id, name: 'Edith Editor' } });
    for (const url of [
      `/api/surveys/${id}/preview`,
      `/api/surveys/${id}/results`,
      `/api/surveys/${id}/responses?limit=10`,
      `/api/surveys/${id}/responses/${responseId}`,
      `/api/surveys/${id}/results.csv`,
      `/api/surveys/${id}/results.xlsx`,
    ]) {
      const res = await request(t.app, 'GET', url, { token: w.viewer.token });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const link = await request(t.app, 'POST', `/api/surveys/${id}/results/export-link`, { token: w.viewer.token });
    expect(link.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link.json().url })).statusCode).toBe(200);

    const refused: Array<[string, string, unknown?]> = [
      ['PUT', `/api/surveys/${id}`, body({ title: 'Viewer was here' })],
      ['PATCH', `/api/surveys/${id}/state`, { state: 'paused' }],
      ['PATCH', `/api/surveys/${id}/state`, { state: 'closed' }],
      ['PATCH', `/api/surveys/${id}/state`, { state: 'deleted' }],
      ['POST', `/api/surveys/${id}/duplicate`],
      ['POST', '/api/surveys', body({ workspaceId: w.id })],
      ['POST', '/api/surveys/generate', { prompt: 'A survey about lunch', workspaceId: w.id }],
      ['POST', `/api/surveys/${id}/results/share`, { includeTextAnswers: false }],
      ['GET', `/api/surveys/${id}/results/share`],
      ['DELETE', `/api/surveys/${id}/results/share`],
      ['DELETE', `/api/surveys/${id}/responses/${responseId}`],
      ['POST', `/api/surveys/${id}/webhooks`, { url: 'https://93.184.215.14/hooks', events: ['response.created'] }],
      ['GET', `/api/surveys/${id}/webhooks`],
    ];
    for (const [method, url, payload] of refused) {
      const res = await request(t.app, method as 'GET', url, { token: w.viewer.token, body: payload });
      expectError(res, 403, 'WORKSPACE_ROLE_FORBIDDEN', ROLE_FORBIDDEN('viewer'), `${method} ${url}`);
    }
    expect(await stored(t, id)).toEqual(before);
    expect((await listOf(t, w.viewer, `?workspaceId=${w.id}`)).total).toBe(1);
  });

  it("shows the shared report's link to editors and owners, never to a viewer (403)", async () => {
    const w = await team(t);
    const survey = await created(t, w.editor, w.id);
    const url = `/api/surveys/${survey.surveyId}/results/share`;
    const shared = await request(t.app, 'POST', url, { token: w.editor.token, body: { includeTextAnswers: false } });
    expect(shared.statusCode, shared.body).toBe(200);
    const link = shared.json<{ url: string }>().url;
    for (const member of [w.editor, w.owner]) {
      const res = await request(t.app, 'GET', url, { token: member.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ share: { url: link } });
    }
    const refused = await request(t.app, 'GET', url, { token: w.viewer.token });
    expectError(refused, 403, 'WORKSPACE_ROLE_FORBIDDEN', ROLE_FORBIDDEN('viewer'));
    expect(refused.body).not.toContain(link.split('/').at(-1));
  });

  it('answers someone outside the workspace 404 for its surveys and the workspace itself', async () => {
    const w = await team(t);
    const survey = await created(t, w.editor, w.id);
    const before = await stored(t, survey.surveyId);
    expectError(await get(t, w.outsider, survey.surveyId), 404, 'SURVEY_NOT_FOUND');
    expectError(
      await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, { token: w.outsider.token, body: body() }),
      404,
      'SURVEY_NOT_FOUND',
    );
    expectError(await move(t, w.outsider, survey.surveyId, 'active'), 404, 'SURVEY_NOT_FOUND');
    expectError(
      await request(t.app, 'GET', `/api/surveys?workspaceId=${w.id}`, { token: w.outsider.token }),
      404,
      'WORKSPACE_NOT_FOUND',
      { message: 'Workspace not found' },
    );
    for (const workspaceId of [w.id, w.owner.id, 'no-such-workspace']) {
      expectError(
        await request(t.app, 'POST', '/api/surveys', { token: w.outsider.token, body: body({ workspaceId }) }),
        404,
        'WORKSPACE_NOT_FOUND',
        undefined,
        workspaceId,
      );
    }
    expectError(
      await request(t.app, 'POST', '/api/surveys/generate', {
        token: w.outsider.token,
        body: { prompt: 'A survey about lunch', workspaceId: w.id },
      }),
      404,
      'WORKSPACE_NOT_FOUND',
    );
    expect(await stored(t, survey.surveyId)).toEqual(before);
    // Someone else's personal workspace is no more theirs to list.
    expectError(
      await request(t.app, 'GET', `/api/surveys?workspaceId=${w.owner.id}`, { token: w.outsider.token }),
      404,
      'WORKSPACE_NOT_FOUND',
    );
  });

  it('ends access at once when a member leaves', async () => {
    const w = await team(t);
    const survey = await created(t, w.owner, w.id);
    expect((await get(t, w.editor, survey.surveyId)).statusCode).toBe(200);
    await t.ctx.db.kysely
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', w.id)
      .where('user_id', '=', w.editor.id)
      .execute();
    expectError(await get(t, w.editor, survey.surveyId), 404, 'SURVEY_NOT_FOUND');
    expectError(await move(t, w.editor, survey.surveyId, 'active'), 404, 'SURVEY_NOT_FOUND');
  });

  it("lets an editor's API key edit the team's surveys, and a viewer's key read but not change them", async () => {
    const w = await team(t);
    const survey = await created(t, w.owner, w.id);
    const keyOf = async (who: CreatedAccount) => {
      const res = await request(t.app, 'POST', '/api/user/api-keys', {
        token: who.token,
        body: { name: 'Team key', scopes: ['surveys:read', 'surveys:write', 'responses:read'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { token: (res.json() as CreatedApiKey).key };
    };
    const [editorKey, viewerKey, outsiderKey] = await Promise.all([
      keyOf(w.editor),
      keyOf(w.viewer),
      keyOf(w.outsider),
    ]);

    const edited = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: editorKey.token,
      body: body({ title: 'Edited with a key' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ updatedBy: { id: w.editor.id, name: 'Edith Editor' }, version: 2 });
    expect((await move(t, editorKey, survey.surveyId, 'active')).statusCode).toBe(200);

    const read = await get(t, viewerKey, survey.surveyId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ title: 'Edited with a key', role: 'viewer' });
    expect((await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results`, viewerKey)).statusCode).toBe(200);
    expectError(
      await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, { token: viewerKey.token, body: body() }),
      403,
      'WORKSPACE_ROLE_FORBIDDEN',
      ROLE_FORBIDDEN('viewer'),
    );
    expectError(await move(t, viewerKey, survey.surveyId, 'paused'), 403, 'WORKSPACE_ROLE_FORBIDDEN');
    expectError(
      await request(t.app, 'POST', '/api/surveys', { token: viewerKey.token, body: body({ workspaceId: w.id }) }),
      403,
      'WORKSPACE_ROLE_FORBIDDEN',
    );
    expectError(await get(t, outsiderKey, survey.surveyId), 404, 'SURVEY_NOT_FOUND');
    expect((await get(t, viewerKey, survey.surveyId)).json()).toMatchObject({ state: 'active', version: 2 });
  });

  it("mails new responses to the survey's creator, whoever set the notifications", async () => {
    const w = await team(t);
    const survey = await created(t, w.owner, w.id);
    const saved = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: w.editor.token,
      body: body({ notifications: { onResponse: 'each' } }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await move(t, w.editor, survey.surveyId, 'active')).statusCode).toBe(200);
    const current = surveySchema.parse((await get(t, w.owner, survey.surveyId)).json());
    await submit(t, { id: current.surveyId, questions: current.questions });
    const mail = await t.ctx.db.kysely.selectFrom('mail_outbox').select(['user_id', 'kind']).execute();
    expect(mail.filter((m) => m.kind === 'response').map((m) => m.user_id)).toEqual([w.owner.id]);
  });
});

describe(`surveys in workspaces: lists and who made and saved (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it("lists one workspace: the caller's personal one by default, a team's with workspaceId", async () => {
    const w = await team(t);
    const personal = await created(t, w.editor, undefined, 'Personal notes');
    const mine = await created(t, w.editor, w.id, 'By the editor');
    const theirs = await created(t, w.owner, w.id, 'By the owner');
    await created(t, w.owner, undefined, "The owner's own");
    await request(t.app, 'PUT', `/api/surveys/${theirs.surveyId}`, {
      token: w.editor.token,
      body: body({ title: 'By the owner' }),
    });

    const own = await listOf(t, w.editor);
    expect(own.surveys.map((s) => s.surveyId)).toEqual([personal.surveyId]);
    expect(own.surveys[0]).toMatchObject({ workspaceId: w.editor.id, role: 'owner' });
    expect(await listOf(t, w.editor, `?workspaceId=${w.editor.id}`)).toEqual(own);

    const shared = await listOf(t, w.viewer, `?workspaceId=${w.id}`);
    expect(shared.total).toBe(2);
    const byId = new Map(shared.surveys.map((s) => [s.surveyId, s]));
    expect(byId.get(mine.surveyId)).toMatchObject({
      workspaceId: w.id,
      role: 'viewer',
      createdBy: { id: w.editor.id, name: 'Edith Editor' },
      updatedBy: null,
      version: 1,
    });
    expect(byId.get(theirs.surveyId)).toMatchObject({
      createdBy: { id: w.owner.id, name: 'Olivia Owner' },
      updatedBy: { id: w.editor.id, name: 'Edith Editor' },
      version: 2,
    });
    expect(shared.surveys.every((s) => s.creator === undefined)).toBe(true);
    // The viewer's personal workspace has none of them.
    expect((await listOf(t, w.viewer)).total).toBe(0);
    // Deleted surveys leave the list.
    expect((await move(t, w.editor, mine.surveyId, 'deleted')).statusCode).toBe(200);
    expect((await listOf(t, w.owner, `?workspaceId=${w.id}`)).surveys.map((s) => s.surveyId)).toEqual([
      theirs.surveyId,
    ]);
  });

  it('shows who made and who last saved a survey when it is read', async () => {
    const w = await team(t);
    const survey = await created(t, w.owner, w.id);
    await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, { token: w.editor.token, body: body() });
    const read = surveySchema.parse((await get(t, w.viewer, survey.surveyId)).json());
    expect(read).toMatchObject({
      createdBy: { id: w.owner.id, name: 'Olivia Owner' },
      updatedBy: { id: w.editor.id, name: 'Edith Editor' },
      version: 2,
      role: 'viewer',
    });
    // A change of state does not touch the content: the version and who saved it stay.
    const launched = await move(t, w.owner, survey.surveyId, 'active');
    expect(launched.json().survey).toMatchObject({
      state: 'active',
      version: 2,
      updatedBy: { id: w.editor.id, name: 'Edith Editor' },
      role: 'owner',
    });
  });

  it('lets an administrator list every survey, or one workspace, and see who created each', async () => {
    const w = await team(t);
    const admin = await createAdmin(t.ctx);
    const inTeam = await created(t, w.editor, w.id);
    const personal = await created(t, w.outsider);
    const all = await listOf(t, admin, '?limit=500');
    const ids = all.surveys.map((s) => s.surveyId);
    expect(ids).toEqual(expect.arrayContaining([inTeam.surveyId, personal.surveyId]));

    const one = await listOf(t, admin, `?workspaceId=${w.id}`);
    expect(one.surveys.map((s) => s.surveyId)).toEqual([inTeam.surveyId]);
    expect(one.surveys[0]).toMatchObject({
      role: null,
      createdBy: { id: w.editor.id, name: 'Edith Editor' },
      creator: { id: w.editor.id, name: 'Edith Editor', email: w.editor.email },
    });
    const read = await get(t, admin, inTeam.surveyId);
    expect(read.json()).toMatchObject({ role: null, creator: { email: w.editor.email } });
    // A workspace with no surveys (or none of that id) lists nothing for an administrator, rather than failing.
    expect((await listOf(t, admin, '?workspaceId=no-such-workspace')).total).toBe(0);
    expectError(
      await request(t.app, 'POST', '/api/surveys', { token: admin.token, body: body({ workspaceId: w.id }) }),
      403,
      'ADMIN_CANNOT_CREATE',
    );
  });
});

describe(`surveys in workspaces: no lost edits (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('refuses a save naming an older version with 409, who saved and when, and changes nothing', async () => {
    const w = await team(t);
    const survey = await created(t, w.owner, w.id);
    const first = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: w.editor.token,
      body: body({ title: 'The editor saved first', version: 1 }),
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = surveySchema.parse(first.json());
    expect(saved).toMatchObject({ version: 2, updatedBy: { id: w.editor.id, name: 'Edith Editor' } });
    const before = await stored(t, survey.surveyId);

    const stale = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: w.owner.token,
      body: body({
        title: 'The owner overwrites',
        version: 1,
        questions: [{ text: 'A wholly other question', type: 'text', options: [] }],
      }),
    });
    expectError(stale, 409, 'SURVEY_VERSION_CONFLICT', {
      message: 'This survey was changed by someone else',
      params: { version: 2, updatedBy: 'Edith Editor', updatedAt: saved.updatedAt },
    });
    const after = await stored(t, survey.surveyId);
    expect(after).toEqual(before);
    expect(after.survey.title).toBe('The editor saved first');
    expect(after.questions.map((q) => q.text)).toEqual(['How was it?', 'Which day?']);

    // With the version it has now, the save passes and the version goes up; without one, it is not checked.
    const fresh = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: w.owner.token,
      body: body({ title: 'The owner saves on top', version: 2 }),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ version: 3, updatedBy: { id: w.owner.id, name: 'Olivia Owner' } });
    const unchecked = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: w.editor.token,
      body: body({ title: 'No version named' }),
    });
    expect(unchecked.json()).toMatchObject({ title: 'No version named', version: 4 });
    expect((await stored(t, survey.surveyId)).survey).toMatchObject({ version: 4, updated_by: w.editor.id });
  });

  it('names "someone else" when the last save was by nobody known', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id);
    await t.ctx.db.kysely.updateTable('surveys').set({ version: 5 }).where('id', '=', survey.id).execute();
    const res = await request(t.app, 'PUT', `/api/surveys/${survey.id}`, {
      token: owner.token,
      body: body({ version: 4 }),
    });
    expectError(res, 409, 'SURVEY_VERSION_CONFLICT');
    expect(res.json().params).toMatchObject({ version: 5, updatedBy: 'someone else' });
  });

  it('lets exactly one of two saves of the same version through', async () => {
    const w = await team(t);
    const survey = await created(t, w.owner, w.id);
    const [a, b] = await Promise.all([
      request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
        token: w.owner.token,
        body: body({ title: 'Saved by the owner', version: 1 }),
      }),
      request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
        token: w.editor.token,
        body: body({ title: 'Saved by the editor', version: 1 }),
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json()).toMatchObject({ code: 'SURVEY_VERSION_CONFLICT', params: { version: 2 } });
    const row = (await stored(t, survey.surveyId)).survey;
    expect(row).toMatchObject({ version: 2, title: winner.json().title });
  });
});

describe(`surveys in workspaces: the active limit per person who launches (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('counts the active surveys a person launched in every workspace; a colleague can still launch', async () => {
    expect(MAX_ACTIVE_SURVEYS).toBe(2);
    const w = await team(t);
    const personal = [await created(t, w.editor), await created(t, w.editor)];
    for (const survey of personal) expect((await move(t, w.editor, survey.surveyId, 'active')).statusCode).toBe(200);
    const teamSurvey = await created(t, w.editor, w.id);

    expectError(await move(t, w.editor, teamSurvey.surveyId, 'active'), 409, 'ACTIVE_LIMIT_REACHED', {
      message: 'Maximum active surveys limit reached',
      params: { limit: 2 },
    });
    expect((await stored(t, teamSurvey.surveyId)).survey).toMatchObject({ state: 'draft', launched_by: null });

    // The owner of the workspace launched nothing yet: the editor's survey goes live on the owner's count.
    expect((await move(t, w.owner, teamSurvey.surveyId, 'active')).statusCode).toBe(200);
    expect((await stored(t, teamSurvey.surveyId)).survey.launched_by).toBe(w.owner.id);
    expect(await countActiveSurveys(t.ctx.db.kysely, w.editor.id, t.ctx.clock.now().toISOString())).toBe(2);
    expect(await countActiveSurveys(t.ctx.db.kysely, w.owner.id, t.ctx.clock.now().toISOString())).toBe(1);

    // Pausing frees a place; resuming records who resumed it.
    expect((await move(t, w.editor, personal[0]!.surveyId, 'paused')).statusCode).toBe(200);
    expect((await move(t, w.owner, teamSurvey.surveyId, 'paused')).statusCode).toBe(200);
    expect((await move(t, w.editor, teamSurvey.surveyId, 'active')).statusCode).toBe(200);
    expect((await stored(t, teamSurvey.surveyId)).survey.launched_by).toBe(w.editor.id);
    expect(await countActiveSurveys(t.ctx.db.kysely, w.owner.id, t.ctx.clock.now().toISOString())).toBe(0);
    expectError(await move(t, w.editor, personal[0]!.surveyId, 'active'), 409, 'ACTIVE_LIMIT_REACHED');
  });

  it('never passes the limit when one person launches three surveys of two workspaces at once', async () => {
    const w = await team(t);
    const surveys = [await created(t, w.editor), await created(t, w.editor, w.id), await created(t, w.owner, w.id)];
    const answers = await Promise.all(surveys.map((s) => move(t, w.editor, s.surveyId, 'active')));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 409]);
    expect(await countActiveSurveys(t.ctx.db.kysely, w.editor.id, t.ctx.clock.now().toISOString())).toBe(2);
  });
});
