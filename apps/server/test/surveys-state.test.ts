import { describe, expect, it } from 'vitest';
import { SURVEY_MESSAGES, stateChangeResponseSchema, surveyStates, type SurveyState } from '@quorum/contract';
import { createAdmin, createSurvey, createUser } from '@quorum/test-support/factories';
import type { AppContext } from '../src/context';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

/** The state changes an owner may make, written out again so a change to the contract's table shows up here. */
const OWNER_ALLOWED = new Set([
  'draft>active',
  'draft>deleted',
  'active>paused',
  'active>closed',
  'paused>active',
  'paused>closed',
  'closed>deleted',
]);
const pairs = surveyStates.flatMap((from) => surveyStates.map((to) => [from, to] as [SurveyState, SurveyState]));

async function stateOf(ctx: AppContext, surveyId: string): Promise<string> {
  const row = await ctx.db.kysely
    .selectFrom('surveys')
    .select('state')
    .where('id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return row.state;
}

async function activeCount(ctx: AppContext, userId: string): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('surveys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`survey states: the owner's transitions (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it.each(pairs)('%s → %s', async (from, to) => {
    const owner = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id, { state: from });
    const res = await request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token: owner.token, body: { state: to } });
    if (from === 'deleted') {
      // A deleted survey is gone for its owner: only an administrator can see and restore it.
      expectError(res, 404, 'SURVEY_NOT_FOUND', { message: 'Survey not found' });
    } else if (OWNER_ALLOWED.has(`${from}>${to}`)) {
      expect(res.statusCode).toBe(200);
      const body = stateChangeResponseSchema.parse(res.json());
      expect(body.survey).toMatchObject({ surveyId: id, state: to, userId: owner.id });
      expect(body.survey.questions).toHaveLength(4);
      expect(body.message).toMatch(/^Survey /);
    } else {
      expectError(res, 409, from === to ? 'SURVEY_ALREADY_IN_STATE' : 'INVALID_TRANSITION', {
        message:
          from === to
            ? `The survey is already ${to}`
            : `Cannot change ${from === 'active' ? 'an' : 'a'} ${from} survey to ${to}`,
        params: { from, to },
      });
    }
    expect(await stateOf(t.ctx, id)).toBe(res.statusCode === 200 ? to : from);
  });

  it('answers with a message naming what happened', async () => {
    const owner = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id);
    const say = async (state: SurveyState) =>
      (await request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token: owner.token, body: { state } })).json()
        .message;
    expect(await say('active')).toBe('Survey launched');
    expect(await say('paused')).toBe('Survey paused');
    expect(await say('active')).toBe('Survey resumed');
    expect(await say('closed')).toBe('Survey closed');
    expect(await say('deleted')).toBe('Survey deleted');
  });

  it('refuses an unknown state or a missing body with 400', async () => {
    const owner = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id);
    for (const body of [{ state: 'archived' }, {}, { state: null }]) {
      const res = await request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token: owner.token, body });
      expect(res.statusCode).toBe(400);
    }
    expect(await stateOf(t.ctx, id)).toBe('draft');
  });

  it('needs a token', async () => {
    const owner = await createUser(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id);
    const res = await request(t.app, 'PATCH', `/api/surveys/${id}/state`, { body: { state: 'active' } });
    expect(res.statusCode).toBe(401);
  });
});

describe(`survey states: administrators (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it.each(pairs)('%s → %s', async (from, to) => {
    const owner = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id, { state: from });
    const res = await request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token: admin.token, body: { state: to } });
    if (from === 'deleted' && to === 'draft') {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Survey restored to draft',
        survey: { surveyId: id, state: 'draft', userId: owner.id, creator: { id: owner.id, email: owner.email } },
      });
    } else {
      expectError(res, 409, from === to ? 'SURVEY_ALREADY_IN_STATE' : 'ADMIN_CANNOT_CHANGE_STATE', {
        message:
          from === to ? `The survey is already ${to}` : 'Administrators can only restore deleted surveys to draft',
        params: { from, to },
      });
    }
    expect(await stateOf(t.ctx, id)).toBe(res.statusCode === 200 ? to : from);
  });

  it('cannot launch a survey, even for an owner below the limit', async () => {
    const owner = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id);
    const res = await request(t.app, 'PATCH', `/api/surveys/${id}/state`, {
      token: admin.token,
      body: { state: 'active' },
    });
    expectError(res, 409, 'ADMIN_CANNOT_CHANGE_STATE', {
      message: 'Administrators can only restore deleted surveys to draft',
      params: { from: 'draft', to: 'active' },
    });
  });

  it('restores a survey the owner then sees again as a draft', async () => {
    const owner = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const { id } = await createSurvey(t.ctx, owner.id, { state: 'deleted' });
    expect((await request(t.app, 'GET', `/api/surveys/${id}`, { token: owner.token })).statusCode).toBe(404);
    await request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token: admin.token, body: { state: 'draft' } });
    const read = await request(t.app, 'GET', `/api/surveys/${id}`, { token: owner.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().state).toBe('draft');
    const list = await request(t.app, 'GET', '/api/surveys', { token: owner.token });
    expect(list.json().surveys.map((s: { surveyId: string }) => s.surveyId)).toContain(id);
  });

  it('answers an unknown survey with 404', async () => {
    const admin = await createAdmin(t.ctx);
    const res = await request(t.app, 'PATCH', '/api/surveys/0190a0a0-0000-7000-8000-000000000000/state', {
      token: admin.token,
      body: { state: 'draft' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe(`survey states: the active limit (${TEST_DIALECT})`, () => {
  const t = useTestApp();
  const patch = (token: string, id: string, state: SurveyState) =>
    request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token, body: { state } });

  it('refuses a third launch, and a resume, while two surveys are active', async () => {
    const owner = await createUser(t.ctx);
    const [a, b, c] = [
      await createSurvey(t.ctx, owner.id),
      await createSurvey(t.ctx, owner.id),
      await createSurvey(t.ctx, owner.id),
    ];
    const paused = await createSurvey(t.ctx, owner.id, { state: 'paused' });
    expect((await patch(owner.token, a.id, 'active')).statusCode).toBe(200);
    expect((await patch(owner.token, b.id, 'active')).statusCode).toBe(200);

    const launch = await patch(owner.token, c.id, 'active');
    expectError(launch, 409, 'ACTIVE_LIMIT_REACHED', { message: SURVEY_MESSAGES.activeLimit, params: { limit: 2 } });
    const resume = await patch(owner.token, paused.id, 'active');
    expectError(resume, 409, 'ACTIVE_LIMIT_REACHED', {
      message: 'Maximum active surveys limit reached',
      params: { limit: 2 },
    });
    expect(await stateOf(t.ctx, c.id)).toBe('draft');
    expect(await stateOf(t.ctx, paused.id)).toBe('paused');

    // Pausing one frees a place.
    expect((await patch(owner.token, a.id, 'paused')).statusCode).toBe(200);
    expect((await patch(owner.token, c.id, 'active')).statusCode).toBe(200);
    expect(await activeCount(t.ctx, owner.id)).toBe(2);
    // Closing one frees a place too.
    expect((await patch(owner.token, b.id, 'closed')).statusCode).toBe(200);
    expect((await patch(owner.token, paused.id, 'active')).statusCode).toBe(200);
    expect(await activeCount(t.ctx, owner.id)).toBe(2);
  });

  it("does not count other users' active surveys", async () => {
    const owner = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    await createSurvey(t.ctx, other.id, { state: 'active' });
    await createSurvey(t.ctx, other.id, { state: 'active' });
    const mine = await createSurvey(t.ctx, owner.id);
    expect((await patch(owner.token, mine.id, 'active')).statusCode).toBe(200);
  });

  it('still allows pausing, closing and deleting at the limit', async () => {
    const owner = await createUser(t.ctx);
    const a = await createSurvey(t.ctx, owner.id, { state: 'active' });
    await createSurvey(t.ctx, owner.id, { state: 'active' });
    const draft = await createSurvey(t.ctx, owner.id);
    expect((await patch(owner.token, draft.id, 'deleted')).statusCode).toBe(200);
    expect((await patch(owner.token, a.id, 'closed')).statusCode).toBe(200);
  });

  it('never makes a third survey active when ten launches arrive at once', async () => {
    const owner = await createUser(t.ctx);
    const drafts = [];
    for (let i = 0; i < 10; i += 1) drafts.push(await createSurvey(t.ctx, owner.id));
    const answers = await Promise.all(drafts.map((d) => patch(owner.token, d.id, 'active')));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().code).toBe('ACTIVE_LIMIT_REACHED');
    expect(await activeCount(t.ctx, owner.id)).toBe(2);
  });

  it('holds the limit when launches and resumes race with one survey already active', async () => {
    const owner = await createUser(t.ctx);
    await createSurvey(t.ctx, owner.id, { state: 'active' });
    const surveys = [];
    for (let i = 0; i < 5; i += 1) surveys.push(await createSurvey(t.ctx, owner.id));
    for (let i = 0; i < 5; i += 1) surveys.push(await createSurvey(t.ctx, owner.id, { state: 'paused' }));
    const answers = await Promise.all(surveys.map((s) => patch(owner.token, s.id, 'active')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await activeCount(t.ctx, owner.id)).toBe(2);
  });

  it('keeps owners apart under concurrency: each of three owners gets exactly two', async () => {
    const owners = [await createUser(t.ctx), await createUser(t.ctx), await createUser(t.ctx)];
    const jobs: Array<Promise<unknown>> = [];
    for (const owner of owners) {
      for (let i = 0; i < 4; i += 1) {
        const { id } = await createSurvey(t.ctx, owner.id);
        jobs.push(patch(owner.token, id, 'active'));
      }
    }
    await Promise.all(jobs);
    for (const owner of owners) expect(await activeCount(t.ctx, owner.id)).toBe(2);
  });
});
