import type { Survey } from '@quorum/contract';
import { SURVEY_MESSAGES, surveyLimitMessage } from '@quorum/contract';
import { describe, expect, it } from 'vitest';
import { createAdmin, createSurvey, createUser } from '@quorum/test-support/factories';
import { countHeldSurveys } from '../src/modules/surveys/surveys.repository';
import { TEST_DIALECT, request, useTestApp, useTwoInstances } from './helpers';
import { expectError } from './support/expect-error';

const body = (title = 'Quota') => ({
  projectName: 'Quotas',
  title,
  questions: [{ text: 'Anything?', type: 'text' }],
});

describe(`survey write rate limit (${TEST_DIALECT})`, () => {
  const t = useTestApp({ surveyWriteRateLimit: 5 });

  it('counts creating, editing, state changes and generation against one budget per account', async () => {
    const owner = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const token = owner.token;

    const created = await request(t.app, 'POST', '/api/surveys', { token, body: body() });
    expect(created.statusCode).toBe(201);
    const id = created.json<Survey>().surveyId;
    expect((await request(t.app, 'PUT', `/api/surveys/${id}`, { token, body: body('Edited') })).statusCode).toBe(200);
    const launch = await request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token, body: { state: 'active' } });
    expect(launch.statusCode).toBe(200);
    const generated = await request(t.app, 'POST', '/api/surveys/generate', {
      token,
      body: { prompt: 'Feedback on our bakery' },
    });
    expect(generated.statusCode).toBe(201);
    expect((await request(t.app, 'POST', '/api/surveys', { token, body: body() })).statusCode).toBe(201);

    // The budget of five is spent: every kind of write is refused, with a clear message and Retry-After.
    const refusals = {
      create: await request(t.app, 'POST', '/api/surveys', { token, body: body() }),
      edit: await request(t.app, 'PUT', `/api/surveys/${id}`, { token, body: body('Again') }),
      state: await request(t.app, 'PATCH', `/api/surveys/${id}/state`, { token, body: { state: 'paused' } }),
      generate: await request(t.app, 'POST', '/api/surveys/generate', {
        token,
        body: { prompt: 'Feedback on our bakery' },
      }),
    };
    for (const [name, res] of Object.entries(refusals)) {
      expect(res.statusCode, name).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(res.json()).toEqual({
        message: SURVEY_MESSAGES.writeRateLimited,
        code: 'SURVEY_WRITE_RATE_LIMITED',
        params: { retryAfterSeconds: retryAfter },
      });
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Nothing was written by the refused requests.
    const after = await request(t.app, 'GET', `/api/surveys/${id}`, { token });
    expect(after.json<Survey>()).toMatchObject({ title: 'Edited', state: 'active' });
    expect(await countHeldSurveys(t.ctx.db.kysely, owner.id)).toBe(3);

    // Reading is not a write, and another account has a budget of its own.
    expect((await request(t.app, 'GET', '/api/surveys', { token })).statusCode).toBe(200);
    expect((await request(t.app, 'POST', '/api/surveys', { token: other.token, body: body() })).statusCode).toBe(201);
  });

  it('counts an administrator’s restores per administrator account', async () => {
    const owner = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const surveys = await Promise.all(
      Array.from({ length: 6 }, () => createSurvey(t.ctx, owner.id, { state: 'deleted' })),
    );
    const codes: number[] = [];
    for (const s of surveys) {
      codes.push(
        (await request(t.app, 'PATCH', `/api/surveys/${s.id}/state`, { token: admin.token, body: { state: 'draft' } }))
          .statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // The owner's own budget is untouched.
    expect((await request(t.app, 'POST', '/api/surveys', { token: owner.token, body: body() })).statusCode).toBe(201);
  });
});

describe(`surveys per account (${TEST_DIALECT})`, () => {
  const t = useTestApp({ maxSurveysPerAccount: 3, surveyWriteRateLimit: 1000 });

  it('refuses a new survey at the cap with 409 and a stable code; deleted surveys do not count', async () => {
    const owner = await createUser(t.ctx);
    await createSurvey(t.ctx, owner.id, { state: 'active' });
    const closed = await createSurvey(t.ctx, owner.id, { state: 'closed' });
    await createSurvey(t.ctx, owner.id, { state: 'deleted' });

    expect((await request(t.app, 'POST', '/api/surveys', { token: owner.token, body: body() })).statusCode).toBe(201);
    const refused = await request(t.app, 'POST', '/api/surveys', { token: owner.token, body: body() });
    expectError(refused, 409, 'SURVEY_LIMIT_REACHED', { message: surveyLimitMessage(3), params: { limit: 3 } });
    expect(surveyLimitMessage(1000)).toBe(
      'You have reached the limit of 1,000 surveys. Delete surveys you no longer need to create new ones.',
    );

    const generated = await request(t.app, 'POST', '/api/surveys/generate', {
      token: owner.token,
      body: { prompt: 'Feedback on our bakery' },
    });
    expectError(generated, 409, 'SURVEY_LIMIT_REACHED', { message: surveyLimitMessage(3), params: { limit: 3 } });

    // Editing a survey at the cap is still allowed; deleting one makes room for one more.
    expect(await countHeldSurveys(t.ctx.db.kysely, owner.id)).toBe(3);
    const del = await request(t.app, 'PATCH', `/api/surveys/${closed.id}/state`, {
      token: owner.token,
      body: { state: 'deleted' },
    });
    expect(del.statusCode).toBe(200);
    const again = await request(t.app, 'POST', '/api/surveys/generate', {
      token: owner.token,
      body: { prompt: 'Feedback on our bakery' },
    });
    expect(again.statusCode).toBe(201);
    expect(await countHeldSurveys(t.ctx.db.kysely, owner.id)).toBe(3);
  });

  it('never lets concurrent creates by one account pass the cap', async () => {
    const owner = await createUser(t.ctx);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(t.app, 'POST', '/api/surveys', { token: owner.token, body: body(`Race ${i}`) }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await countHeldSurveys(t.ctx.db.kysely, owner.id)).toBe(3);
  });

  it('lets an administrator restore a survey for an owner at the cap', async () => {
    const owner = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    for (let i = 0; i < 3; i += 1) await createSurvey(t.ctx, owner.id);
    const deleted = await createSurvey(t.ctx, owner.id, { state: 'deleted' });

    const restored = await request(t.app, 'PATCH', `/api/surveys/${deleted.id}/state`, {
      token: admin.token,
      body: { state: 'draft' },
    });
    expect(restored.statusCode).toBe(200);
    expect(await countHeldSurveys(t.ctx.db.kysely, owner.id)).toBe(4);
    // Above the cap the owner cannot create more until below it again.
    const refused = await request(t.app, 'POST', '/api/surveys', { token: owner.token, body: body() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SURVEY_LIMIT_REACHED' });
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))(`survey write budget across instances (${TEST_DIALECT})`, () => {
  const { a, b } = useTwoInstances({ redisUrl: process.env.REDIS_URL, surveyWriteRateLimit: 4 });

  it('is one budget for an account whichever instance its writes reach', async () => {
    const owner = await createUser(a.ctx);
    const codes: number[] = [];
    for (const app of [a, b, a, b, a, b]) {
      codes.push((await request(app.app, 'POST', '/api/surveys', { token: owner.token, body: body() })).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 429, 429]);
  });
});
