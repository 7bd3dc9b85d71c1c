import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SETTINGS_MESSAGES,
  type Question,
  type Survey,
  type SurveyListResponse,
  type SurveyState,
} from '@quorum/contract';
import { createAdmin, createSurvey, createUser, question, type CreatedSurvey } from '@quorum/test-support/factories';
import { countActiveSurveys } from '../src/modules/surveys/surveys.repository';
import { closeSurveysDue } from '../src/modules/surveys/survey-closer';
import { createCsvExportStream } from '../src/modules/results/results.csv';
import { TEST_DIALECT, manualClock, request, useTestApp, useTwoInstances, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const START = '2026-12-01T09:00:00.000Z';

/** One optional text question: any submission of it is valid. */
function oneQuestion(): Question[] {
  return [{ ...question.text('Anything to add?'), required: false }];
}

const answersFor = (s: CreatedSurvey) => [{ questionId: s.questions[0]!.id, answer: 'Yes' }];

const submit = (t: Pick<TestApp, 'app'>, s: CreatedSurvey, extra: Record<string, unknown> = {}) =>
  request(t.app, 'POST', `/api/surveys/${s.id}/responses`, { body: { answers: answersFor(s), ...extra } });

async function surveyState(t: TestApp, surveyId: string) {
  return t.ctx.db.kysely
    .selectFrom('surveys')
    .select(['state', 'response_count'])
    .where('id', '=', surveyId)
    .executeTakeFirstOrThrow();
}

async function storedResponses(t: TestApp, surveyId: string) {
  return t.ctx.db.kysely
    .selectFrom('responses')
    .select(['hidden_fields', 'respondent_id'])
    .where('survey_id', '=', surveyId)
    .orderBy('id')
    .execute();
}

const settingsBody = {
  projectName: 'Workflow',
  title: 'Settings survey',
  questions: [{ text: 'How are you?', type: 'text' }],
  opensAt: '2026-12-02T10:00:00+01:00',
  closesAt: '2026-12-31T23:00:00Z',
  responseLimit: 250,
  oneResponsePerBrowser: true,
  hiddenFields: ['source', 'campaign_id'],
  welcome: { title: 'Hello', text: 'Two minutes', buttonLabel: 'Begin' },
  thankYou: { title: 'Merci', text: null, redirectUrl: 'https://example.com/done' },
};

describe(`survey settings: stored and returned (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('round-trips every setting through create, read and edit', async () => {
    const user = await createUser(t.ctx);
    const created = await request(t.app, 'POST', '/api/surveys', { token: user.token, body: settingsBody });
    expect(created.statusCode).toBe(201);
    const expected = {
      opensAt: '2026-12-02T09:00:00.000Z',
      closesAt: '2026-12-31T23:00:00.000Z',
      responseLimit: 250,
      oneResponsePerBrowser: true,
      hiddenFields: ['source', 'campaign_id'],
      welcome: { title: 'Hello', text: 'Two minutes', buttonLabel: 'Begin' },
      thankYou: { title: 'Merci', text: null, redirectUrl: 'https://example.com/done' },
    };
    const survey = created.json<Survey>();
    expect(survey).toMatchObject(expected);
    const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: user.token });
    expect(read.json()).toMatchObject(expected);

    const { opensAt: _o, closesAt: _c, responseLimit: _r, welcome: _w, ...withoutSome } = settingsBody;
    const edited = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: user.token,
      body: { ...withoutSome, hiddenFields: [], oneResponsePerBrowser: false, thankYou: null },
    });
    expect(edited.statusCode).toBe(200);
    const again = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: user.token });
    expect(again.json()).toMatchObject({
      opensAt: null,
      closesAt: null,
      responseLimit: null,
      oneResponsePerBrowser: false,
      hiddenFields: [],
      welcome: null,
      thankYou: null,
    });
  });

  it.each([
    'https:evil.example',
    'http:\\\\evil.example',
    'https://a@evil.example',
    'https://evil.example\\@good.example',
    'https://good.example%2f@evil',
    '//evil.example',
    'javascript:alert(1)',
  ])('refuses a thank-you redirect to %j on create and on save, storing nothing', async (redirectUrl) => {
    const user = await createUser(t.ctx);
    const body = { ...settingsBody, thankYou: { title: 'Merci', text: null, redirectUrl } };
    const refused = { message: SETTINGS_MESSAGES.redirectUrl, issue: 'custom', field: 'thankYou.redirectUrl' };
    const created = await request(t.app, 'POST', '/api/surveys', { token: user.token, body });
    expectError(created, 400, 'VALIDATION_FAILED');
    expect(created.json()).toMatchObject({
      message: refused.message,
      params: { issue: refused.issue, field: refused.field },
    });
    const mine = await t.ctx.db.kysely.selectFrom('surveys').select('id').where('user_id', '=', user.id).execute();
    expect(mine).toEqual([]);

    const s = await createSurvey(t.ctx, user.id);
    const saved = await request(t.app, 'PUT', `/api/surveys/${s.id}`, { token: user.token, body });
    expectError(saved, 400, 'VALIDATION_FAILED');
    expect(saved.json()).toMatchObject({ message: refused.message, params: { field: refused.field } });
    const row = await t.ctx.db.kysely
      .selectFrom('surveys')
      .select(['thank_you', 'title'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ thank_you: null, title: 'Test Survey' });
  });

  it('reads a survey without settings, or with damaged ones, as the default behaviour', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, { state: 'active' });
    await t.ctx.db.kysely
      .updateTable('surveys')
      .set({ hidden_fields: 'not json', welcome: '{"title": 5}', thank_you: '[', response_limit: -3 })
      .where('id', '=', s.id)
      .execute();
    const read = await request(t.app, 'GET', `/api/surveys/${s.id}`, { token: user.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ hiddenFields: [], welcome: null, thankYou: null, responseLimit: null });
    const list = await request(t.app, 'GET', '/api/surveys', { token: user.token });
    expect(list.statusCode).toBe(200);
  });

  it('shows respondents the settings they need, never the response limit', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, {
      state: 'active',
      settings: {
        responseLimit: 10,
        hiddenFields: ['source'],
        welcome: { title: 'Hi', text: null, buttonLabel: null },
      },
    });
    const res = await request(t.app, 'GET', `/api/surveys/${s.id}/public`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ hiddenFields: ['source'], welcome: { title: 'Hi' }, oneResponsePerBrowser: false });
    expect(body).not.toHaveProperty('responseLimit');
  });
});

describe(`survey settings: opening and closing times (${TEST_DIALECT})`, () => {
  const clock = manualClock(START);
  const t = useTestApp({}, { clock });

  it('refuses a submission before opensAt with 403 and takes it from then on', async () => {
    const user = await createUser(t.ctx);
    const opensAt = '2026-12-01T10:00:00.000Z';
    const s = await createSurvey(t.ctx, user.id, { state: 'active', questions: oneQuestion(), settings: { opensAt } });
    const early = await submit(t, s);
    expectError(early, 403, 'SURVEY_NOT_OPEN_YET', {
      message: 'This survey opens on 2026-12-01T10:00:00.000Z',
      params: { opensAt },
    });
    expect((await request(t.app, 'GET', `/api/surveys/${s.id}/public`)).json()).toMatchObject({ opensAt });
    clock.advanceMinutes(60);
    expect((await submit(t, s)).statusCode).toBe(201);
  });

  it('takes a submission at once when the opening time is moved earlier (no stale refusal)', async () => {
    const user = await createUser(t.ctx);
    const opensAt = new Date(clock.now().getTime() + 24 * 60 * 60_000).toISOString();
    const s = await createSurvey(t.ctx, user.id, { state: 'active', questions: oneQuestion(), settings: { opensAt } });
    expect((await submit(t, s)).statusCode).toBe(403);
    await t.ctx.db.kysely.updateTable('surveys').set({ opens_at: null }).where('id', '=', s.id).execute();
    expect((await submit(t, s)).statusCode).toBe(201);
  });

  it('refuses submissions from closesAt on, and the periodic close sets the state with no request', async () => {
    const user = await createUser(t.ctx);
    const closesAt = new Date(clock.now().getTime() + 30 * 60_000).toISOString();
    const s = await createSurvey(t.ctx, user.id, { state: 'active', questions: oneQuestion(), settings: { closesAt } });
    expect((await submit(t, s)).statusCode).toBe(201);
    expect(await countActiveSurveys(t.ctx.db.kysely, user.id, t.ctx.clock.now().toISOString())).toBe(1);
    expect(await closeSurveysDue(t.ctx)).toEqual({ closedSurveys: 0 });

    clock.advanceMinutes(30);
    // Not yet closed by the job: the submission checks closesAt itself.
    expect((await surveyState(t, s.id)).state).toBe('active');
    expectError(await submit(t, s), 404, 'SURVEY_NOT_FOUND');
    expectError(await request(t.app, 'GET', `/api/surveys/${s.id}/public`), 404, 'SURVEY_NOT_FOUND');

    expect(await closeSurveysDue(t.ctx)).toEqual({ closedSurveys: 1 });
    expect(await surveyState(t, s.id)).toMatchObject({ state: 'closed', response_count: 1 });
    expect(await countActiveSurveys(t.ctx.db.kysely, user.id, t.ctx.clock.now().toISOString())).toBe(0);
    expect(await closeSurveysDue(t.ctx)).toEqual({ closedSurveys: 0 });
  });

  it('closes a due survey when an instance starts, with no request at all', async () => {
    const user = await createUser(t.ctx);
    const closesAt = new Date(clock.now().getTime() - 60_000).toISOString();
    const s = await createSurvey(t.ctx, user.id, { state: 'active', settings: { closesAt } });
    // The running app's closer runs every 30 s of real time; wait for a run instead of calling it.
    const { startSurveyCloser } = await import('../src/modules/surveys/survey-closer');
    const stop = startSurveyCloser(t.ctx);
    await expect.poll(async () => (await surveyState(t, s.id)).state, { timeout: 5000 }).toBe('closed');
    await stop();
  });
});

describe(`survey settings: closed from the closing time on, before the periodic close runs (${TEST_DIALECT})`, () => {
  const clock = manualClock(START);
  const t = useTestApp({}, { clock });
  const now = () => clock.now().toISOString();

  /** An owner at the active limit: `timed` closes in ten minutes, `open` has no closing time; a draft waits. */
  async function ownerAtTheLimit() {
    const owner = await createUser(t.ctx);
    const closesAt = new Date(clock.now().getTime() + 10 * 60_000).toISOString();
    const timed = await createSurvey(t.ctx, owner.id, { state: 'active', title: 'Timed', settings: { closesAt } });
    const open = await createSurvey(t.ctx, owner.id, { state: 'active', title: 'Open' });
    const draft = await createSurvey(t.ctx, owner.id, { state: 'draft', title: 'Next' });
    return { owner, timed, open, draft };
  }

  const outboxRows = (userId: string) =>
    t.ctx.db.kysely.selectFrom('mail_outbox').select('payload').where('user_id', '=', userId).execute();

  it('reads closed everywhere at once, frees the active slot, and the close then stores it and mails once', async () => {
    const { owner, timed, draft } = await ownerAtTheLimit();
    const launch = () =>
      request(t.app, 'PATCH', `/api/surveys/${draft.id}/state`, { token: owner.token, body: { state: 'active' } });
    expectError(await launch(), 409, 'ACTIVE_LIMIT_REACHED');

    clock.advanceMinutes(10);
    // The periodic close has not run: the table still says active.
    expect((await surveyState(t, timed.id)).state).toBe('active');

    const read = await request(t.app, 'GET', `/api/surveys/${timed.id}`, { token: owner.token });
    expect(read.json<Survey>().state).toBe('closed');
    const listed = async (query: string, token = owner.token) => {
      const res = await request(t.app, 'GET', `/api/surveys${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SurveyListResponse>().surveys.map((s) => [s.title, s.state]);
    };
    expect(await listed('')).toEqual(
      expect.arrayContaining([
        ['Timed', 'closed'],
        ['Open', 'active'],
      ]),
    );
    expect(await listed('?state=active')).toEqual([['Open', 'active']]);
    expect(await listed('?state=closed')).toEqual([['Timed', 'closed']]);
    const admin = await createAdmin(t.ctx);
    expect(await listed(`?workspaceId=${owner.id}&state=closed`, admin.token)).toEqual([['Timed', 'closed']]);
    expect(await listed(`?workspaceId=${owner.id}&state=active`, admin.token)).toEqual([['Open', 'active']]);
    const results = await request(t.app, 'GET', `/api/surveys/${timed.id}/results`, { token: owner.token });
    expect(results.json()).toMatchObject({ state: 'closed' });
    const share = await request(t.app, 'POST', `/api/surveys/${timed.id}/results/share`, {
      token: owner.token,
      body: { includeTextAnswers: false },
    });
    expect(share.statusCode, share.body).toBe(200);
    const shared = await request(t.app, 'GET', `/api${share.json<{ url: string }>().url}`);
    expect(shared.json()).toMatchObject({ state: 'closed' });
    const workspaces = await request(t.app, 'GET', '/api/workspaces', { token: owner.token });
    expect(workspaces.json()).toMatchObject({ activeSurveys: { launched: 1, limit: 2 } });
    expect(await countActiveSurveys(t.ctx.db.kysely, owner.id, now())).toBe(1);
    expectError(await request(t.app, 'GET', `/api/surveys/${timed.id}/public`), 404, 'SURVEY_NOT_FOUND');
    expectError(await submit(t, timed), 404, 'SURVEY_NOT_FOUND');
    // Moves start from closed: pausing it is refused and changes nothing.
    const pause = await request(t.app, 'PATCH', `/api/surveys/${timed.id}/state`, {
      token: owner.token,
      body: { state: 'paused' },
    });
    expectError(pause, 409, 'INVALID_TRANSITION', {
      message: 'Cannot change a closed survey to paused',
      params: { from: 'closed', to: 'paused' },
    });
    expect((await surveyState(t, timed.id)).state).toBe('active');

    // The freed slot takes a launch at once.
    const launched = await launch();
    expect(launched.statusCode, launched.body).toBe(200);
    expect(await listed('?state=active')).toEqual(
      expect.arrayContaining([
        ['Open', 'active'],
        ['Next', 'active'],
      ]),
    );

    // The close stores what every read showed, and mails the owner once.
    expect(await outboxRows(owner.id)).toEqual([]);
    expect(await closeSurveysDue(t.ctx)).toEqual({ closedSurveys: 1 });
    expect((await surveyState(t, timed.id)).state).toBe('closed');
    expect(await closeSurveysDue(t.ctx)).toEqual({ closedSurveys: 0 });
    const rows = await outboxRows(owner.id);
    expect(rows.map((row) => JSON.parse(row.payload).surveyId)).toEqual([timed.id]);
  });

  it('deleting a survey past its closing time stores the close first: its mail is sent once, not lost', async () => {
    const { owner, timed } = await ownerAtTheLimit();
    clock.advanceMinutes(11);
    const deleted = await request(t.app, 'PATCH', `/api/surveys/${timed.id}/state`, {
      token: owner.token,
      body: { state: 'deleted' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await surveyState(t, timed.id)).state).toBe('deleted');
    expect(await closeSurveysDue(t.ctx)).toEqual({ closedSurveys: 0 });
    const rows = await outboxRows(owner.id);
    expect(rows.map((row) => JSON.parse(row.payload).surveyId)).toEqual([timed.id]);
  });
});

describe(`survey settings: launching or resuming past the closing time (${TEST_DIALECT})`, () => {
  const clock = manualClock(START);
  const t = useTestApp({}, { clock });
  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

  const moveTo = (token: string, surveyId: string, state: SurveyState) =>
    request(t.app, 'PATCH', `/api/surveys/${surveyId}/state`, { token, body: { state } });

  it.each(['draft', 'paused'] as const)(
    'refuses to make a %s survey active once its closing time has passed, changing nothing',
    async (state) => {
      const owner = await createUser(t.ctx);
      const closesAt = inMinutes(-1);
      const s = await createSurvey(t.ctx, owner.id, { state, settings: { closesAt } });
      const before = await t.ctx.db.kysely
        .selectFrom('surveys')
        .select(['state', 'updated_at', 'launched_by', 'version'])
        .where('id', '=', s.id)
        .executeTakeFirstOrThrow();

      expectError(await moveTo(owner.token, s.id, 'active'), 409, 'SURVEY_CLOSING_TIME_PASSED', {
        message: 'The closing time of this survey has passed; change it in the settings first',
        params: { closesAt },
      });
      const after = await t.ctx.db.kysely
        .selectFrom('surveys')
        .select(['state', 'updated_at', 'launched_by', 'version'])
        .where('id', '=', s.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expect(await countActiveSurveys(t.ctx.db.kysely, owner.id, clock.now().toISOString())).toBe(0);
      const read = await request(t.app, 'GET', `/api/surveys/${s.id}`, { token: owner.token });
      expect(read.json<Survey>().state).toBe(state);
    },
  );

  it('refuses it from the closing time itself on, and takes it once the closing time is moved later', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'draft', settings: { closesAt: inMinutes(0) } });
    expectError(await moveTo(owner.token, s.id, 'active'), 409, 'SURVEY_CLOSING_TIME_PASSED');
    await t.ctx.db.kysely
      .updateTable('surveys')
      .set({ closes_at: inMinutes(60) })
      .where('id', '=', s.id)
      .execute();
    const launched = await moveTo(owner.token, s.id, 'active');
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json<{ survey: Survey }>().survey.state).toBe('active');
  });

  it('launches and resumes a survey whose closing time is ahead', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'draft', settings: { closesAt: inMinutes(1) } });
    const launched = await moveTo(owner.token, s.id, 'active');
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json<{ survey: Survey }>().survey.state).toBe('active');
    expect((await moveTo(owner.token, s.id, 'paused')).statusCode).toBe(200);
    const resumed = await moveTo(owner.token, s.id, 'active');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await surveyState(t, s.id)).state).toBe('active');
  });

  it('closes an active survey at once when a closing time in the past is saved, and says so in the answer', async () => {
    const owner = await createUser(t.ctx);
    const created = await request(t.app, 'POST', '/api/surveys', {
      token: owner.token,
      body: { ...settingsBody, opensAt: null, closesAt: null, oneResponsePerBrowser: false },
    });
    const surveyId = created.json<Survey>().surveyId;
    expect((await moveTo(owner.token, surveyId, 'active')).statusCode).toBe(200);

    const closesAt = inMinutes(-5);
    const saved = await request(t.app, 'PUT', `/api/surveys/${surveyId}`, {
      token: owner.token,
      body: { ...settingsBody, opensAt: null, closesAt, oneResponsePerBrowser: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Survey>()).toMatchObject({ state: 'closed', closesAt });
    const read = await request(t.app, 'GET', `/api/surveys/${surveyId}`, { token: owner.token });
    expect(read.json<Survey>().state).toBe('closed');
    expectError(await request(t.app, 'GET', `/api/surveys/${surveyId}/public`), 404, 'SURVEY_NOT_FOUND');
    // Moves start from closed: resuming it is not a change this survey can make any more.
    expectError(await moveTo(owner.token, surveyId, 'active'), 409, 'INVALID_TRANSITION');
  });
});

/** Fires `count` submissions at once, spread over the given apps; returns their status codes. */
async function flood(apps: Array<Pick<TestApp, 'app'>>, s: CreatedSurvey, count: number): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => submit(apps[i % apps.length]!, s)));
  return answers.map((res) => res.statusCode);
}

describe(`survey settings: response limit on one instance (${TEST_DIALECT})`, () => {
  const t = useTestApp({ submitRateLimit: 10_000 });

  it('takes exactly the limit from 40 submissions in flight, closes the survey and frees the active count', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, {
      state: 'active',
      questions: oneQuestion(),
      settings: { responseLimit: 5 },
    });
    expect(await countActiveSurveys(t.ctx.db.kysely, user.id, t.ctx.clock.now().toISOString())).toBe(1);
    const statuses = await flood([t], s, 40);
    expect(statuses.filter((code) => code === 201)).toHaveLength(5);
    expect(statuses.filter((code) => code === 404)).toHaveLength(35);
    expect(await surveyState(t, s.id)).toEqual({ state: 'closed', response_count: 5 });
    expect(await storedResponses(t, s.id)).toHaveLength(5);
    expect(await countActiveSurveys(t.ctx.db.kysely, user.id, t.ctx.clock.now().toISOString())).toBe(0);
    expectError(await submit(t, s), 404, 'SURVEY_NOT_FOUND');
  });

  it('refuses the one over the limit when the survey is resumed without raising it', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, {
      state: 'active',
      questions: oneQuestion(),
      settings: { responseLimit: 1 },
    });
    expect((await submit(t, s)).statusCode).toBe(201);
    await t.ctx.db.kysely.updateTable('surveys').set({ state: 'active' }).where('id', '=', s.id).execute();
    expectError(await submit(t, s), 404, 'SURVEY_NOT_FOUND');
    expect(await surveyState(t, s.id)).toEqual({ state: 'closed', response_count: 1 });
  });
});

describe(`survey settings: response limit across two instances (${TEST_DIALECT})`, () => {
  const { a, b } = useTwoInstances({ submitRateLimit: 10_000 });

  it('never takes one over the limit with submissions spread over both instances', async () => {
    const user = await createUser(a.ctx);
    const s = await createSurvey(a.ctx, user.id, {
      state: 'active',
      questions: oneQuestion(),
      settings: { responseLimit: 5 },
    });
    const statuses = await flood([a, b], s, 40);
    expect(statuses.filter((code) => code === 201)).toHaveLength(5);
    expect(statuses.filter((code) => code !== 201 && code !== 404)).toEqual([]);
    expect(await surveyState(a, s.id)).toEqual({ state: 'closed', response_count: 5 });
    expect(await storedResponses(a, s.id)).toHaveLength(5);
  });

  it('takes one response per browser across both instances', async () => {
    const user = await createUser(a.ctx);
    const s = await createSurvey(a.ctx, user.id, {
      state: 'active',
      questions: oneQuestion(),
      settings: { oneResponsePerBrowser: true },
    });
    const respondentId = 'browser-on-two-instances';
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(i % 2 ? a : b, s, { respondentId })));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((code) => code === 201)).toHaveLength(1);
    expect(statuses.filter((code) => code === 409)).toHaveLength(9);
  });
});

describe(`survey settings: one response per browser (${TEST_DIALECT})`, () => {
  const t = useTestApp({ submitRateLimit: 10_000 });

  it('refuses a second response with the same respondentId with 409, within one batch too', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, {
      state: 'active',
      questions: oneQuestion(),
      settings: { oneResponsePerBrowser: true },
    });
    const [first, second] = await Promise.all([
      submit(t, s, { respondentId: 'browser-aaaa-1' }),
      submit(t, s, { respondentId: 'browser-aaaa-1' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expectError(
      [first, second].find((res) => res.statusCode === 409)!,
      409,
      'ALREADY_RESPONDED',
    );
    expectError(await submit(t, s, { respondentId: 'browser-aaaa-1' }), 409, 'ALREADY_RESPONDED');
    expect((await submit(t, s, { respondentId: 'browser-bbbb-2' })).statusCode).toBe(201);
    expect((await storedResponses(t, s.id)).map((r) => r.respondent_id).sort()).toEqual(
      ['browser-aaaa-1', 'browser-bbbb-2'].sort(),
    );
  });

  it('refuses a response without a respondentId with 400 RESPONDENT_ID_REQUIRED, storing nothing', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, {
      state: 'active',
      questions: oneQuestion(),
      settings: { oneResponsePerBrowser: true },
    });
    const message = 'This survey takes one response per browser: the response must carry a respondentId';
    expectError(await submit(t, s), 400, 'RESPONDENT_ID_REQUIRED', { message });
    // Several at once (one group commit): each refused alike.
    const together = await Promise.all([submit(t, s), submit(t, s), submit(t, s, { respondentId: 'browser-dddd-4' })]);
    expect(together.map((res) => res.statusCode)).toEqual([400, 400, 201]);
    expectError(together[0]!, 400, 'RESPONDENT_ID_REQUIRED', { message });
    expect((await storedResponses(t, s.id)).map((r) => r.respondent_id)).toEqual(['browser-dddd-4']);
    expect(await surveyState(t, s.id)).toEqual({ state: 'active', response_count: 1 });
  });

  it('refuses a response without a respondentId once the setting is on, even if it was checked before', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, { state: 'active', questions: oneQuestion() });
    // Read and kept by the service while the setting is off.
    expect((await submit(t, s)).statusCode).toBe(201);
    await t.ctx.db.kysely.updateTable('surveys').set({ one_response_per_browser: 1 }).where('id', '=', s.id).execute();
    expectError(await submit(t, s), 400, 'RESPONDENT_ID_REQUIRED');
    expect(await storedResponses(t, s.id)).toHaveLength(1);
  });

  it('ignores the respondentId on a survey without the setting', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, { state: 'active', questions: oneQuestion() });
    expect((await submit(t, s, { respondentId: 'browser-cccc-3' })).statusCode).toBe(201);
    expect((await submit(t, s, { respondentId: 'browser-cccc-3' })).statusCode).toBe(201);
    expect((await storedResponses(t, s.id)).map((r) => r.respondent_id)).toEqual([null, null]);
  });

  it('keeps the database from holding two responses of one respondent to one survey', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, { state: 'active', questions: oneQuestion() });
    const row = { survey_id: s.id, submitted_at: START, answers: '{}', hidden_fields: null, respondent_id: 'same-one' };
    await t.ctx.db.kysely
      .insertInto('responses')
      .values({ ...row, id: 'r1' })
      .execute();
    await expect(
      t.ctx.db.kysely
        .insertInto('responses')
        .values({ ...row, id: 'r2' })
        .execute(),
    ).rejects.toThrow();
    await t.ctx.db.kysely
      .insertInto('responses')
      .values([
        { ...row, id: 'r3', respondent_id: null },
        { ...row, id: 'r4', respondent_id: null },
      ])
      .execute();
  });
});

describe(`survey settings: hidden fields (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('stores declared hidden fields, refuses others, and shows them in rows and the CSV', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, {
      state: 'active',
      questions: oneQuestion(),
      settings: { hiddenFields: ['source', 'ref'] },
    });
    expect((await submit(t, s, { hiddenFields: { source: 'newsletter', ref: '=HYPERLINK("x")' } })).statusCode).toBe(
      201,
    );
    expect((await submit(t, s, { hiddenFields: { ref: 'r2' } })).statusCode).toBe(201);
    expect((await submit(t, s)).statusCode).toBe(201);
    expectError(await submit(t, s, { hiddenFields: { source: 'x', other: 'y' } }), 400, 'HIDDEN_FIELD_UNKNOWN', {
      message: 'This survey has no hidden field "other"',
      params: { key: 'other' },
    });
    // A prototype key never reaches the survey: the body parser refuses it, as it refuses it anywhere.
    const proto = await request(t.app, 'POST', `/api/surveys/${s.id}/responses`, {
      body: `{"answers":${JSON.stringify(answersFor(s))},"hiddenFields":{"__proto__":"x"}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.statusCode).toBe(400);
    expectError(await submit(t, s, { hiddenFields: { constructor: 'x' } }), 400, 'HIDDEN_FIELD_UNKNOWN', {
      message: 'This survey has no hidden field "constructor"',
      params: { key: 'constructor' },
    });
    expect((await submit(t, s, { hiddenFields: { source: 'x'.repeat(501) } })).statusCode).toBe(400);
    expect((await submit(t, s, { hiddenFields: { source: 5 } })).statusCode).toBe(400);
    expect((await storedResponses(t, s.id)).map((r) => r.hidden_fields)).toEqual([
      JSON.stringify({ source: 'newsletter', ref: '=HYPERLINK("x")' }),
      JSON.stringify({ ref: 'r2' }),
      null,
    ]);

    const page = await request(t.app, 'GET', `/api/surveys/${s.id}/responses`, { token: user.token });
    expect(page.statusCode).toBe(200);
    const rows = page.json<{ responses: Array<{ hiddenFields?: Record<string, string> }> }>().responses;
    expect(rows.map((r) => r.hiddenFields)).toEqual([
      undefined,
      { ref: 'r2' },
      { source: 'newsletter', ref: '=HYPERLINK("x")' },
    ]);
    const results = await request(t.app, 'GET', `/api/surveys/${s.id}/results`, { token: user.token });
    expect(results.json<{ hiddenFields: string[] }>().hiddenFields).toEqual(['source', 'ref']);

    let csv = '';
    for await (const chunk of await createCsvExportStream(t.ctx.db.kysely, s.id)) csv += String(chunk);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Response ID,Submitted At,Q1: Anything to add?,source,ref');
    expect(lines[1]).toMatch(/,Yes,newsletter,"'=HYPERLINK\(""x""\)"$/);
    expect(lines[2]).toMatch(/,Yes,,r2$/);
    expect(lines[3]).toMatch(/,Yes,,$/);
  });

  it('keeps the CSV of a survey without hidden fields as it was', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, { state: 'active', questions: oneQuestion() });
    expect((await submit(t, s)).statusCode).toBe(201);
    let csv = '';
    for await (const chunk of await createCsvExportStream(t.ctx.db.kysely, s.id)) csv += String(chunk);
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Response ID,Submitted At,Q1: Anything to add?');
  });
});

describe(`surveys: duplicate (${TEST_DIALECT})`, () => {
  const t = useTestApp({ maxSurveysPerAccount: 3 });

  it('makes a draft copy with new question ids, remapped logic, the settings and no responses', async () => {
    const user = await createUser(t.ctx);
    const questions: Question[] = [
      {
        id: 'qa',
        text: 'Coming?',
        type: 'multiple_choice',
        options: ['Yes', 'No'],
        logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'qc' }],
      },
      {
        id: 'qb',
        text: 'Why?',
        type: 'text',
        options: [],
        required: false,
        logic: [{ when: { operator: 'answered' }, goTo: 'end' }],
      },
      { id: 'qc', text: 'Anything else?', type: 'text', options: [], required: false },
    ];
    const s = await createSurvey(t.ctx, user.id, {
      state: 'active',
      title: 'T'.repeat(200),
      questions,
      settings: {
        responseLimit: 9,
        hiddenFields: ['source'],
        thankYou: { title: 'Bye', text: null, redirectUrl: null },
      },
    });
    expect(
      (
        await request(t.app, 'POST', `/api/surveys/${s.id}/responses`, {
          body: { answers: [{ questionId: 'qa', answer: 'No' }] },
        })
      ).statusCode,
    ).toBe(201);

    const res = await request(t.app, 'POST', `/api/surveys/${s.id}/duplicate`, { token: user.token });
    expect(res.statusCode).toBe(201);
    const copy = res.json<Survey>();
    expect(copy.surveyId).not.toBe(s.id);
    expect(copy).toMatchObject({
      state: 'draft',
      responseCount: 0,
      projectId: s.projectId,
      responseLimit: 9,
      hiddenFields: ['source'],
      thankYou: { title: 'Bye', text: null, redirectUrl: null },
    });
    expect(copy.title).toBe(`Copy of ${'T'.repeat(192)}`);
    const ids = copy.questions.map((q) => q.id);
    expect(ids.filter((id) => ['qa', 'qb', 'qc'].includes(id))).toEqual([]);
    expect(new Set(ids).size).toBe(3);
    expect(copy.questions[0]!.logic).toEqual([{ when: { operator: 'equals', value: 'No' }, goTo: ids[2] }]);
    expect(copy.questions[1]!.logic).toEqual([{ when: { operator: 'answered' }, goTo: 'end' }]);
    const read = await request(t.app, 'GET', `/api/surveys/${copy.surveyId}`, { token: user.token });
    expect(read.json()).toMatchObject({ questions: copy.questions, responseCount: 0 });
    expect(await storedResponses(t, copy.surveyId)).toEqual([]);
    const totals = await t.ctx.db.kysely
      .selectFrom('question_totals')
      .selectAll()
      .where('survey_id', '=', copy.surveyId)
      .execute();
    expect(totals).toEqual([]);
    // The original is untouched.
    expect(await surveyState(t, s.id)).toEqual({ state: 'active', response_count: 1 });
  });

  it('is held to the survey cap', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id);
    await createSurvey(t.ctx, user.id);
    expect((await request(t.app, 'POST', `/api/surveys/${s.id}/duplicate`, { token: user.token })).statusCode).toBe(
      201,
    );
    expectError(
      await request(t.app, 'POST', `/api/surveys/${s.id}/duplicate`, { token: user.token }),
      409,
      'SURVEY_LIMIT_REACHED',
    );
  });
});

describe(`surveys: preview (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('gives the owner the public shape of a draft, without the response limit', async () => {
    const user = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, user.id, {
      settings: { responseLimit: 3, welcome: { title: 'Hi', text: null, buttonLabel: null } },
    });
    const res = await request(t.app, 'GET', `/api/surveys/${s.id}/preview`, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ surveyId: s.id, welcome: { title: 'Hi' }, questions: s.questions });
    expect(body).not.toHaveProperty('responseLimit');
    expect(body).not.toHaveProperty('userId');
    expectError(await request(t.app, 'GET', `/api/surveys/${s.id}/public`), 404, 'SURVEY_NOT_FOUND');
  });
});

describe(`surveys: list sort and order (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('sorts by created, title or responses, in either order, ties broken by id', async () => {
    const user = await createUser(t.ctx);
    const made = [
      { title: 'banana', createdAt: '2026-01-02T00:00:00.000Z', responses: 5 },
      { title: 'apple', createdAt: '2026-01-03T00:00:00.000Z', responses: 1 },
      { title: 'cherry', createdAt: '2026-01-01T00:00:00.000Z', responses: 9 },
    ];
    for (const m of made) {
      const s = await createSurvey(t.ctx, user.id, { title: m.title, createdAt: m.createdAt });
      await t.ctx.db.kysely
        .updateTable('surveys')
        .set({ response_count: m.responses })
        .where('id', '=', s.id)
        .execute();
    }
    const titles = async (query: string) => {
      const res = await request(t.app, 'GET', `/api/surveys${query}`, { token: user.token });
      expect(res.statusCode).toBe(200);
      return res.json<SurveyListResponse>().surveys.map((s) => s.title);
    };
    expect(await titles('')).toEqual(['apple', 'banana', 'cherry']);
    expect(await titles('?sort=created&order=asc')).toEqual(['cherry', 'banana', 'apple']);
    expect(await titles('?sort=title')).toEqual(['apple', 'banana', 'cherry']);
    expect(await titles('?sort=title&order=desc')).toEqual(['cherry', 'banana', 'apple']);
    expect(await titles('?sort=responses')).toEqual(['cherry', 'banana', 'apple']);
    expect(await titles('?sort=responses&order=asc')).toEqual(['apple', 'banana', 'cherry']);
    const list = await request(t.app, 'GET', '/api/surveys?sort=responses', { token: user.token });
    expect(list.json<SurveyListResponse>().surveys.map((s) => s.responseCount)).toEqual([9, 5, 1]);
    expect((await request(t.app, 'GET', '/api/surveys?sort=size', { token: user.token })).statusCode).toBe(400);

    const tie = await createUser(t.ctx);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1)
      ids.push((await createSurvey(t.ctx, tie.id, { title: 'same', createdAt: START })).id);
    const page = async (order: string) =>
      (await request(t.app, 'GET', `/api/surveys?sort=title&order=${order}`, { token: tie.token }))
        .json<SurveyListResponse>()
        .surveys.map((s) => s.surveyId);
    expect(await page('asc')).toEqual([...ids].sort());
    expect(await page('desc')).toEqual([...ids].sort().reverse());
  });
});

describe(`surveys: the list at 1,000 surveys (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('pages through 1,000 surveys in every order quickly, with their response counts', async () => {
    const user = await createUser(t.ctx);
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: `s-${String(i).padStart(4, '0')}`,
      user_id: user.id,
      project_name: 'Big',
      project_id: 'big',
      title: `Survey ${String((i * 7919) % 1000).padStart(4, '0')}`,
      branding_image_url: null,
      state: 'draft' as const,
      generator: 'manual' as const,
      response_count: i % 37,
      created_at: new Date(Date.parse(START) + i * 1000).toISOString(),
      updated_at: START,
      opens_at: null,
      closes_at: null,
      response_limit: null,
      one_response_per_browser: 0,
      hidden_fields: '[]',
      welcome: null,
      thank_you: null,
      notify_on_response: 'off' as const,
      webhook_count: 0,
      digest_sent_at: null,
      workspace_id: user.id,
      version: 1,
      updated_by: null,
      launched_by: null,
      default_language: 'en',
      translations: null,
    }));
    for (let i = 0; i < rows.length; i += 100) {
      await t.ctx.db.kysely
        .insertInto('surveys')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    for (const query of ['sort=created', 'sort=title&order=asc', 'sort=responses&order=desc']) {
      const res = await request(t.app, 'GET', `/api/surveys?${query}&limit=100&offset=900`, { token: user.token });
      expect(res.statusCode).toBe(200);
      const body = res.json<SurveyListResponse>();
      expect(body.total).toBe(1000);
      expect(body.surveys).toHaveLength(100);
    }
    const top = await request(t.app, 'GET', '/api/surveys?sort=responses&limit=1', { token: user.token });
    expect(top.json<SurveyListResponse>().surveys[0]!.responseCount).toBe(36);
  });
});

describe(`public survey pages may be framed, no other page (${TEST_DIALECT})`, () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'quorum-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Quorum</title>');
  const t = useTestApp({ webDist });

  it('sends frame-ancestors * and no X-Frame-Options on a survey page and its thank-you page', async () => {
    for (const url of [
      '/projects/fest/surveys/0193',
      '/projects/fest/surveys/0193/thank-you',
      '/projects/fest/surveys/0193?source=x',
    ]) {
      const res = await request(t.app, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(res.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('keeps refusing framing everywhere else', async () => {
    for (const url of [
      '/dashboard',
      '/surveys/0193/preview',
      '/projects/fest/surveys/0193/edit',
      '/login',
      '/api/config',
      '/api/surveys/0193/public',
    ]) {
      const res = await request(t.app, 'GET', url);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});
