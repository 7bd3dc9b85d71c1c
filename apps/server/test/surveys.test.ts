import { describe, expect, it } from 'vitest';
import {
  FIVE_POINT_SCALE,
  SURVEY_MESSAGES,
  TEN_POINT_SCALE,
  surveyListResponseSchema,
  surveySchema,
  type Survey,
  type SurveyInput,
  type SurveyListResponse,
} from '@quorum/contract';
import { createAdmin, createSurvey, createUser, sampleQuestions } from '@quorum/test-support/factories';
import type { AppContext } from '../src/context';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const validBody = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  projectName: 'Summer Festival',
  title: 'Visitor feedback',
  brandingImageUrl: 'https://cdn.example.com/logo.png',
  questions: [
    { text: 'Which day did you come?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
    { text: 'What did you like?', type: 'checkbox', options: ['Food', 'Music'] },
    { text: 'Anything else?', type: 'text', options: [] },
    { text: 'Overall?', type: 'rating', ratingScale: FIVE_POINT_SCALE },
  ],
  ...overrides,
});

/** What the responses module records when responses answer a question. */
async function recordAnswers(ctx: AppContext, surveyId: string, questionId: string, answered: number, answer = 'x') {
  await ctx.db.kysely
    .insertInto('question_totals')
    .values({ survey_id: surveyId, question_id: questionId, answered, rating_sum: 0, seen: answered })
    .execute();
  await ctx.db.kysely
    .insertInto('answer_counts')
    .values({ survey_id: surveyId, question_id: questionId, answer, count: answered })
    .execute();
}

async function questionRows(ctx: AppContext, surveyId: string) {
  return ctx.db.kysely
    .selectFrom('questions')
    .select(['id', 'type', 'text', 'position', 'is_deleted'])
    .where('survey_id', '=', surveyId)
    .orderBy('position')
    .execute();
}

async function surveyCount(ctx: AppContext): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('surveys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`surveys: create (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('stores a draft with a server-derived projectId and generated question ids', async () => {
    const user = await createUser(t.ctx);
    const res = await request(t.app, 'POST', '/api/surveys', {
      token: user.token,
      body: {
        ...validBody({ projectName: '  Summer   Festival 2026 ' }),
        projectId: 'attacker-chosen',
        state: 'active',
        userId: 'someone-else',
        surveyId: 'my-own-id',
        generator: 'ai',
        responseCount: 99,
      },
    });
    expect(res.statusCode).toBe(201);
    const survey = surveySchema.parse(res.json());
    expect(survey).toMatchObject({
      projectName: 'Summer   Festival 2026',
      projectId: 'summer-festival-2026',
      title: 'Visitor feedback',
      state: 'draft',
      userId: user.id,
      generator: 'manual',
      responseCount: 0,
      brandingImageUrl: 'https://cdn.example.com/logo.png',
    });
    expect(survey.surveyId).not.toBe('my-own-id');
    expect(survey.surveyId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(survey.questions).toHaveLength(4);
    for (const q of survey.questions) expect(q.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(survey.questions.map((q) => q.id)).size).toBe(4);

    const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: user.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(survey);
  });

  it('normalises questions on save', async () => {
    const user = await createUser(t.ctx);
    const res = await request(t.app, 'POST', '/api/surveys', {
      token: user.token,
      body: validBody({
        questions: [
          {
            id: 'q-choice',
            text: '  Pick one ',
            type: 'multiple_choice',
            options: [' A ', '', '  ', 'B'],
            ratingScale: FIVE_POINT_SCALE,
          },
          { id: 'q-text', text: 'Say', type: 'text', options: ['stray'], ratingScale: FIVE_POINT_SCALE },
          { id: 'q-ten', text: 'Ten', type: 'rating', options: ['a'], ratingScale: { min: 1, max: 10 } },
          { id: 'q-five', text: 'Five', type: 'rating' },
        ],
      }),
    });
    expect(res.statusCode).toBe(201);
    const survey = res.json<Survey>();
    expect(survey.questions).toEqual([
      { id: 'q-choice', text: 'Pick one', type: 'multiple_choice', options: ['A', 'B'], required: true },
      { id: 'q-text', text: 'Say', type: 'text', options: [], required: true },
      {
        id: 'q-ten',
        text: 'Ten',
        type: 'rating',
        options: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
        ratingScale: TEN_POINT_SCALE,
        required: true,
      },
      {
        id: 'q-five',
        text: 'Five',
        type: 'rating',
        options: ['1', '2', '3', '4', '5'],
        ratingScale: FIVE_POINT_SCALE,
        required: true,
      },
    ]);
    const rows = await t.ctx.db.kysely
      .selectFrom('questions')
      .select(['id', 'options', 'rating_scale'])
      .where('survey_id', '=', survey.surveyId)
      .orderBy('position')
      .execute();
    expect(rows.map((r) => r.rating_scale === null)).toEqual([true, true, false, false]);
    expect(JSON.parse(rows[1]!.options)).toEqual([]);
  });

  it.each([
    [
      'no project name',
      { projectName: '   ', title: '', questions: [], brandingImageUrl: 'ftp://x' },
      SURVEY_MESSAGES.projectNameRequired,
    ],
    [
      'no title',
      { projectName: 'P', title: ' ', questions: [], brandingImageUrl: 'ftp://x' },
      SURVEY_MESSAGES.titleRequired,
    ],
    [
      'no question',
      { projectName: 'P', title: 'T', questions: [], brandingImageUrl: 'ftp://x' },
      SURVEY_MESSAGES.questionRequired,
    ],
    ['a bad image URL', { ...validBody(), brandingImageUrl: 'javascript:alert(1)' }, SURVEY_MESSAGES.invalidImageUrl],
    ['missing fields', {}, SURVEY_MESSAGES.projectNameRequired],
    [
      'a blank question',
      { ...validBody(), questions: [{ text: '  ', type: 'text' }] },
      SURVEY_MESSAGES.questionTextRequired,
    ],
    [
      'a choice question without options',
      { ...validBody(), questions: [{ text: 'Q', type: 'checkbox', options: ['', ' '] }] },
      SURVEY_MESSAGES.optionRequired,
    ],
    [
      'duplicate question ids',
      {
        ...validBody(),
        questions: [
          { id: 'same', text: 'A', type: 'text' },
          { id: 'same', text: 'B', type: 'text' },
        ],
      },
      SURVEY_MESSAGES.duplicateQuestionId,
    ],
    [
      'an unknown question type',
      { ...validBody(), questions: [{ text: 'Q', type: 'essay' }] },
      /Question type must be/,
    ],
    [
      'a rating scale that is no preset',
      { ...validBody(), questions: [{ text: 'Q', type: 'rating', ratingScale: { min: 1, max: 7 } }] },
      /5 or to 10/,
    ],
  ])('refuses %s with 400 and the first message the form shows, storing nothing', async (_name, body, message) => {
    const user = await createUser(t.ctx);
    const before = await surveyCount(t.ctx);
    const res = await request(t.app, 'POST', '/api/surveys', { token: user.token, body });
    expectError(res, 400, 'VALIDATION_FAILED');
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
    expect(await surveyCount(t.ctx)).toBe(before);
  });

  const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));
  it.each([
    ['a title of 200 characters', { title: 'x'.repeat(200) }, 201],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 400],
    ['100 questions', { questions: many(100, (i) => ({ text: `Q${i}`, type: 'text' })) }, 201],
    ['101 questions', { questions: many(101, (i) => ({ text: `Q${i}`, type: 'text' })) }, 400],
    ['50 options', { questions: [{ text: 'Q', type: 'checkbox', options: many(50, (i) => `o${i}`) }] }, 201],
    ['51 options', { questions: [{ text: 'Q', type: 'checkbox', options: many(51, (i) => `o${i}`) }] }, 400],
    ['a question text of 1000 characters', { questions: [{ text: 'x'.repeat(1000), type: 'text' }] }, 201],
    ['a question text of 1001 characters', { questions: [{ text: 'x'.repeat(1001), type: 'text' }] }, 400],
    [
      'an option of 1001 characters',
      { questions: [{ text: 'Q', type: 'checkbox', options: ['x'.repeat(1001)] }] },
      400,
    ],
    ['a project name of 201 characters', { projectName: 'x'.repeat(201) }, 400],
    ['an image URL of 2049 characters', { brandingImageUrl: `https://e.com/${'x'.repeat(2035)}` }, 400],
  ])('bounds: %s → %i', async (_name, overrides, status) => {
    const user = await createUser(t.ctx);
    const res = await request(t.app, 'POST', '/api/surveys', {
      token: user.token,
      body: validBody(overrides as Partial<SurveyInput>),
    });
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json().message).toMatch(/at most|valid image URL/);
  });

  it('answers malformed bodies with 400, not 500', async () => {
    const user = await createUser(t.ctx);
    for (const body of [
      { ...validBody(), questions: 'nope' },
      { ...validBody(), questions: [null] },
      { ...validBody(), questions: [{ text: 5, type: 'text' }] },
      { ...validBody(), questions: [{ text: 'Q', type: 'checkbox', options: [1, 2] }] },
      { ...validBody(), title: ['x'] },
      { ...validBody(), brandingImageUrl: 12 },
    ]) {
      const res = await request(t.app, 'POST', '/api/surveys', { token: user.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('needs a signed-in user: no token 401, an administrator 403', async () => {
    const admin = await createAdmin(t.ctx);
    const before = await surveyCount(t.ctx);
    expect((await request(t.app, 'POST', '/api/surveys', { body: validBody() })).statusCode).toBe(401);
    const res = await request(t.app, 'POST', '/api/surveys', { token: admin.token, body: validBody() });
    expectError(res, 403, 'ADMIN_CANNOT_CREATE', { message: SURVEY_MESSAGES.adminCannotCreate });
    expect(await surveyCount(t.ctx)).toBe(before);
  });
});

describe(`surveys: read and ownership (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it("answers another user's survey and an unknown id with the same 404, on read, update and state", async () => {
    const owner = await createUser(t.ctx);
    const stranger = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id, { state: 'draft' });
    const notFound = { message: 'Survey not found', code: 'SURVEY_NOT_FOUND' };
    for (const surveyId of [id, '0190a0a0-0000-7000-8000-000000000000']) {
      const read = await request(t.app, 'GET', `/api/surveys/${surveyId}`, { token: stranger.token });
      expect([read.statusCode, read.json()]).toEqual([404, notFound]);
      const put = await request(t.app, 'PUT', `/api/surveys/${surveyId}`, { token: stranger.token, body: validBody() });
      expect([put.statusCode, put.json()]).toEqual([404, notFound]);
      const patch = await request(t.app, 'PATCH', `/api/surveys/${surveyId}/state`, {
        token: stranger.token,
        body: { state: 'active' },
      });
      expect([patch.statusCode, patch.json()]).toEqual([404, notFound]);
    }
    const after = await request(t.app, 'GET', `/api/surveys/${id}`, { token: owner.token });
    expect(after.json()).toMatchObject({ state: 'draft', title: 'Test Survey' });
  });

  it('lets an administrator read any survey, with its creator', async () => {
    const owner = await createUser(t.ctx, { name: 'Olive Owner' });
    const admin = await createAdmin(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id, { state: 'deleted' });
    const res = await request(t.app, 'GET', `/api/surveys/${id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      surveyId: id,
      userId: owner.id,
      state: 'deleted',
      creator: { id: owner.id, name: 'Olive Owner', email: owner.email },
    });
  });

  it('hides a deleted survey from its owner', async () => {
    const owner = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id, { state: 'deleted' });
    expect((await request(t.app, 'GET', `/api/surveys/${id}`, { token: owner.token })).statusCode).toBe(404);
    expect(
      (await request(t.app, 'PUT', `/api/surveys/${id}`, { token: owner.token, body: validBody() })).statusCode,
    ).toBe(404);
  });

  it('needs a token', async () => {
    const owner = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id);
    expect((await request(t.app, 'GET', `/api/surveys/${id}`)).statusCode).toBe(401);
    expect((await request(t.app, 'GET', '/api/surveys')).statusCode).toBe(401);
  });
});

describe(`surveys: list (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('gives a user their own surveys, newest first, deleted ones left out, with question counts', async () => {
    const user = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
    const old = await createSurvey(t.ctx, user.id, { title: 'Old', state: 'closed', createdAt: at(1) });
    const mid = await createSurvey(t.ctx, user.id, {
      title: 'Mid',
      state: 'active',
      createdAt: at(2),
      questions: sampleQuestions().slice(0, 2),
    });
    await createSurvey(t.ctx, user.id, { title: 'Gone', state: 'deleted', createdAt: at(3) });
    const recent = await createSurvey(t.ctx, user.id, { title: 'New', state: 'draft', createdAt: at(4) });
    await createSurvey(t.ctx, other.id, { title: 'Not mine', createdAt: at(5) });

    const res = await request(t.app, 'GET', '/api/surveys', { token: user.token });
    expect(res.statusCode).toBe(200);
    const body = surveyListResponseSchema.parse(res.json());
    expect(body.total).toBe(3);
    expect(body.surveys.map((s) => s.surveyId)).toEqual([recent.id, mid.id, old.id]);
    expect(body.surveys.map((s) => s.questionCount)).toEqual([4, 2, 4]);
    expect(body.surveys[0]).not.toHaveProperty('creator');
    expect(body.surveys[0]).not.toHaveProperty('questions');
    expect(body.surveys[1]).toMatchObject({ title: 'Mid', state: 'active', projectId: mid.projectId, userId: user.id });

    const deletedOnly = await request(t.app, 'GET', '/api/surveys?state=deleted', { token: user.token });
    expect(deletedOnly.json()).toEqual({ surveys: [], total: 0 });
    const activeOnly = await request(t.app, 'GET', '/api/surveys?state=active', { token: user.token });
    expect(activeOnly.json<SurveyListResponse>().surveys.map((s) => s.title)).toEqual(['Mid']);
  });

  it('does not count deleted questions', async () => {
    const user = await createUser(t.ctx);
    const { id, questions } = await createSurvey(t.ctx, user.id);
    await t.ctx.db.kysely
      .updateTable('questions')
      .set({ is_deleted: 1 })
      .where('survey_id', '=', id)
      .where('id', '=', questions[0]!.id)
      .execute();
    const res = await request(t.app, 'GET', '/api/surveys', { token: user.token });
    expect(res.json<SurveyListResponse>().surveys.find((s) => s.surveyId === id)?.questionCount).toBe(3);
  });

  describe('for an administrator', () => {
    const a = useTestApp();
    const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 9, minute)).toISOString();
    let admin: Awaited<ReturnType<typeof createAdmin>>;
    let ids: Record<string, string>;
    let ann: Awaited<ReturnType<typeof createUser>>;
    let bob: Awaited<ReturnType<typeof createUser>>;

    const list = async (query = '') => {
      const res = await request(a.app, 'GET', `/api/surveys${query}`, { token: admin.token });
      expect(res.statusCode).toBe(200);
      return surveyListResponseSchema.parse(res.json());
    };

    it('lists every survey of every user, deleted ones included, each with its creator', async () => {
      admin = await createAdmin(a.ctx);
      ann = await createUser(a.ctx, { name: 'Ann Archer', email: 'ann.archer@example.com' });
      bob = await createUser(a.ctx, { name: 'Bob Baker', email: 'bob@builders.test' });
      ids = {
        annDraft: (await createSurvey(a.ctx, ann.id, { title: 'Coffee 100% feedback', createdAt: at(1) })).id,
        annDeleted: (await createSurvey(a.ctx, ann.id, { title: 'Old poll', state: 'deleted', createdAt: at(2) })).id,
        bobActive: (await createSurvey(a.ctx, bob.id, { title: 'Team lunch', state: 'active', createdAt: at(3) })).id,
        bobClosed: (await createSurvey(a.ctx, bob.id, { title: 'Coffee_beans', state: 'closed', createdAt: at(4) })).id,
      };
      const body = await list();
      expect(body.total).toBe(4);
      expect(body.surveys.map((s) => s.surveyId)).toEqual([ids.bobClosed, ids.bobActive, ids.annDeleted, ids.annDraft]);
      expect(body.surveys[2]).toMatchObject({
        state: 'deleted',
        userId: ann.id,
        creator: { id: ann.id, name: 'Ann Archer', email: 'ann.archer@example.com' },
      });
      expect(body.surveys[0]!.creator).toEqual({ id: bob.id, name: 'Bob Baker', email: 'bob@builders.test' });
    });

    it('searches title, creator name and creator email, ignoring case', async () => {
      expect((await list('?q=COFFEE')).surveys.map((s) => s.surveyId)).toEqual([ids.bobClosed, ids.annDraft]);
      expect((await list('?q=ann%20arch')).surveys.map((s) => s.surveyId)).toEqual([ids.annDeleted, ids.annDraft]);
      expect((await list('?q=BUILDERS.TEST')).surveys.map((s) => s.surveyId)).toEqual([ids.bobClosed, ids.bobActive]);
      expect((await list('?q=nothing-like-this')).total).toBe(0);
    });

    it('treats LIKE wildcards in the search as plain characters', async () => {
      expect((await list('?q=100%25')).surveys.map((s) => s.surveyId)).toEqual([ids.annDraft]);
      expect((await list('?q=coffee_')).surveys.map((s) => s.surveyId)).toEqual([ids.bobClosed]);
      expect((await list('?q=%25')).surveys.map((s) => s.surveyId)).toEqual([ids.annDraft]);
    });

    it('filters by state and combines the filter with the search', async () => {
      expect((await list('?state=deleted')).surveys.map((s) => s.surveyId)).toEqual([ids.annDeleted]);
      expect((await list('?state=closed&q=coffee')).surveys.map((s) => s.surveyId)).toEqual([ids.bobClosed]);
    });

    it('pages with limit and offset, giving the total of all matches', async () => {
      const first = await list('?limit=3');
      expect(first.total).toBe(4);
      expect(first.surveys).toHaveLength(3);
      const second = await list('?limit=3&offset=3');
      expect(second.total).toBe(4);
      expect(second.surveys.map((s) => s.surveyId)).toEqual([ids.annDraft]);
    });

    it('refuses a bad query with 400', async () => {
      for (const query of ['?limit=0', '?limit=501', '?offset=-1', '?state=archived', '?limit=abc']) {
        const res = await request(a.app, 'GET', `/api/surveys${query}`, { token: admin.token });
        expect(res.statusCode, query).toBe(400);
      }
    });
  });
});

describe(`surveys: update (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('updates a draft: fields, re-derived projectId, order of questions, new ids', async () => {
    const user = await createUser(t.ctx);
    const { id, questions } = await createSurvey(t.ctx, user.id);
    const [q1, q2, q3, q4] = questions;
    const res = await request(t.app, 'PUT', `/api/surveys/${id}`, {
      token: user.token,
      body: {
        projectName: 'Winter  Fair',
        projectId: 'ignored',
        title: 'Renamed',
        brandingImageUrl: '',
        questions: [
          { ...q4, text: 'Overall, really?' },
          { ...q2, options: ['Food', ' ', 'Sound'] },
          { text: 'Brand new', type: 'text', options: [] },
          q1,
          q3,
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const survey = surveySchema.parse(res.json());
    expect(survey).toMatchObject({
      surveyId: id,
      projectName: 'Winter  Fair',
      projectId: 'winter-fair',
      title: 'Renamed',
      brandingImageUrl: null,
      state: 'draft',
    });
    expect(survey.questions.map((q) => q.id).filter((qid) => qid !== survey.questions[2]!.id)).toEqual([
      q4!.id,
      q2!.id,
      q1!.id,
      q3!.id,
    ]);
    expect(survey.questions[0]!.text).toBe('Overall, really?');
    expect(survey.questions[1]!.options).toEqual(['Food', 'Sound']);
    expect(survey.questions[2]).toMatchObject({ text: 'Brand new', type: 'text' });
    expect(survey.questions[2]!.id).toMatch(/^[0-9a-f-]{36}$/);
    const read = await request(t.app, 'GET', `/api/surveys/${id}`, { token: user.token });
    expect(read.json<Survey>().questions).toEqual(survey.questions);
    expect((await questionRows(t.ctx, id)).map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('updates an active survey and keeps it active', async () => {
    const user = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, user.id, { state: 'active' });
    const res = await request(t.app, 'PUT', `/api/surveys/${id}`, { token: user.token, body: validBody() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'active', title: 'Visitor feedback' });
  });

  it.each(['paused', 'closed'] as const)('refuses to edit a %s survey with 409', async (state) => {
    const user = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, user.id, { state, title: 'Unchanged' });
    const res = await request(t.app, 'PUT', `/api/surveys/${id}`, { token: user.token, body: validBody() });
    expectError(res, 409, 'SURVEY_NOT_EDITABLE', { message: SURVEY_MESSAGES.notEditable });
    const read = await request(t.app, 'GET', `/api/surveys/${id}`, { token: user.token });
    expect(read.json().title).toBe('Unchanged');
  });

  it('refuses an administrator with 403', async () => {
    const user = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const { id } = await createSurvey(t.ctx, user.id, { title: 'Unchanged' });
    const res = await request(t.app, 'PUT', `/api/surveys/${id}`, { token: admin.token, body: validBody() });
    expectError(res, 403, 'ADMIN_CANNOT_EDIT', { message: SURVEY_MESSAGES.adminCannotEdit });
  });

  it('validates an edit like a creation and changes nothing when refused', async () => {
    const user = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, user.id, { title: 'Unchanged' });
    const res = await request(t.app, 'PUT', `/api/surveys/${id}`, {
      token: user.token,
      body: { ...validBody(), title: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SURVEY_MESSAGES.titleRequired);
    const read = await request(t.app, 'GET', `/api/surveys/${id}`, { token: user.token });
    expect(read.json().title).toBe('Unchanged');
  });

  describe('removed questions', () => {
    it('keeps an answered question marked deleted and removes an unanswered one', async () => {
      const user = await createUser(t.ctx);
      const { id, questions } = await createSurvey(t.ctx, user.id, { state: 'active' });
      const [choice, checkbox, text, rating] = questions;
      await recordAnswers(t.ctx, id, choice!.id, 3, 'Friday');
      const res = await request(t.app, 'PUT', `/api/surveys/${id}`, {
        token: user.token,
        body: { ...validBody(), questions: [rating, text] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Survey>().questions.map((q) => q.id)).toEqual([rating!.id, text!.id]);

      const rows = await questionRows(t.ctx, id);
      expect(rows).toEqual([
        { id: rating!.id, type: 'rating', text: rating!.text, position: 0, is_deleted: 0 },
        { id: text!.id, type: 'text', text: text!.text, position: 1, is_deleted: 0 },
        { id: choice!.id, type: 'multiple_choice', text: choice!.text, position: 2, is_deleted: 1 },
      ]);
      expect(rows.some((r) => r.id === checkbox!.id)).toBe(false);
      const totals = await t.ctx.db.kysely
        .selectFrom('question_totals')
        .select(['question_id', 'answered'])
        .where('survey_id', '=', id)
        .execute();
      expect(totals).toEqual([{ question_id: choice!.id, answered: 3 }]);

      // The deleted question never comes back in the survey itself.
      const read = await request(t.app, 'GET', `/api/surveys/${id}`, { token: user.token });
      expect(read.json<Survey>().questions.map((q) => q.id)).toEqual([rating!.id, text!.id]);
      // A later edit keeps it.
      await request(t.app, 'PUT', `/api/surveys/${id}`, {
        token: user.token,
        body: { ...validBody(), questions: [text] },
      });
      expect((await questionRows(t.ctx, id)).map((r) => [r.id, r.is_deleted])).toEqual([
        [text!.id, 0],
        [choice!.id, 1],
      ]);
    });

    it('drops the counters of a question removed for good', async () => {
      const user = await createUser(t.ctx);
      const { id, questions } = await createSurvey(t.ctx, user.id);
      await t.ctx.db.kysely
        .insertInto('question_totals')
        .values({ survey_id: id, question_id: questions[0]!.id, answered: 0, rating_sum: 0, seen: 0 })
        .execute();
      await request(t.app, 'PUT', `/api/surveys/${id}`, {
        token: user.token,
        body: { ...validBody(), questions: questions.slice(1) },
      });
      const totals = await t.ctx.db.kysely
        .selectFrom('question_totals')
        .selectAll()
        .where('survey_id', '=', id)
        .execute();
      expect(totals).toEqual([]);
    });

    it('gives an answered question whose type changed a new id, keeping the old one deleted', async () => {
      const user = await createUser(t.ctx);
      const { id, questions } = await createSurvey(t.ctx, user.id, { state: 'active' });
      const [choice, checkbox] = questions;
      await recordAnswers(t.ctx, id, choice!.id, 2, 'Friday');
      const res = await request(t.app, 'PUT', `/api/surveys/${id}`, {
        token: user.token,
        body: {
          ...validBody(),
          questions: [
            { id: choice!.id, text: 'Now free text', type: 'text', options: [] },
            // Unanswered: its type changes in place.
            { id: checkbox!.id, text: checkbox!.text, type: 'multiple_choice', options: ['Food'] },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const saved = res.json<Survey>().questions;
      expect(saved[0]!.id).not.toBe(choice!.id);
      expect(saved[0]).toMatchObject({ text: 'Now free text', type: 'text' });
      expect(saved[1]).toMatchObject({ id: checkbox!.id, type: 'multiple_choice', options: ['Food'] });
      const rows = await questionRows(t.ctx, id);
      expect(rows.find((r) => r.id === choice!.id)).toMatchObject({ type: 'multiple_choice', is_deleted: 1 });
      const counts = await t.ctx.db.kysely
        .selectFrom('answer_counts')
        .select(['question_id', 'count'])
        .where('survey_id', '=', id)
        .execute();
      expect(counts).toEqual([{ question_id: choice!.id, count: 2 }]);
    });

    it('treats a changed rating scale of an answered question like a type change', async () => {
      const user = await createUser(t.ctx);
      const { id, questions } = await createSurvey(t.ctx, user.id, { state: 'active' });
      const rating = questions[3]!;
      await recordAnswers(t.ctx, id, rating.id, 1, '4');
      const sameScale = await request(t.app, 'PUT', `/api/surveys/${id}`, {
        token: user.token,
        body: { ...validBody(), questions: [{ ...rating, text: 'Reworded' }] },
      });
      expect(sameScale.json<Survey>().questions[0]!.id).toBe(rating.id);
      const newScale = await request(t.app, 'PUT', `/api/surveys/${id}`, {
        token: user.token,
        body: { ...validBody(), questions: [{ ...rating, ratingScale: TEN_POINT_SCALE }] },
      });
      expect(newScale.json<Survey>().questions[0]!.id).not.toBe(rating.id);
      expect((await questionRows(t.ctx, id)).find((r) => r.id === rating.id)?.is_deleted).toBe(1);
    });

    it('revives a deleted question sent again with its id', async () => {
      const user = await createUser(t.ctx);
      const { id, questions } = await createSurvey(t.ctx, user.id, { state: 'active' });
      const [choice, checkbox] = questions;
      await recordAnswers(t.ctx, id, choice!.id, 1, 'Friday');
      await request(t.app, 'PUT', `/api/surveys/${id}`, {
        token: user.token,
        body: { ...validBody(), questions: [checkbox] },
      });
      const res = await request(t.app, 'PUT', `/api/surveys/${id}`, {
        token: user.token,
        body: { ...validBody(), questions: [choice, checkbox] },
      });
      expect(res.json<Survey>().questions.map((q) => q.id)).toEqual([choice!.id, checkbox!.id]);
      expect((await questionRows(t.ctx, id)).map((r) => [r.id, r.is_deleted])).toEqual([
        [choice!.id, 0],
        [checkbox!.id, 0],
      ]);
    });
  });
});
