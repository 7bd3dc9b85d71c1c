import { describe, expect, it } from 'vitest';
import {
  MAX_SUBMISSION_BYTES,
  PUBLIC_MESSAGES,
  TEN_POINT_SCALE,
  ratingOptions,
  type AnswerValue,
  type Question,
  type SurveyState,
} from '@quorum/contract';
import { createSurvey, createUser, sampleQuestions, type CreatedSurvey } from '@quorum/test-support/factories';
import type { ResponseStoredEvent } from '../src/events/live-events';
import { newId } from '../src/lib/ids';
import { recordResponses } from '../src/projections';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';
import { storedCounters } from './support/stored-counters';

/** Everything a response writes (the row and every counter), to prove a refused one writes nothing. */
async function snapshot(t: TestApp, surveyId: string) {
  const responses = await t.ctx.db.kysely
    .selectFrom('responses')
    .select(['id', 'answers'])
    .where('survey_id', '=', surveyId)
    .orderBy('id')
    .execute();
  return { ...(await storedCounters(t, surveyId)), responses };
}

/** A valid answer set for sampleQuestions(): choice, checkbox, text, rating. */
function validAnswers(s: CreatedSurvey, overrides: Partial<Record<number, AnswerValue>> = {}) {
  const defaults: AnswerValue[] = ['Saturday', ['Tickets', 'Food'], '  Loved the stage  ', 4];
  return s.questions.map((q, i) => ({ questionId: q.id, answer: i in overrides ? overrides[i]! : defaults[i]! }));
}

const submit = (t: TestApp, surveyId: string, body: unknown, headers?: Record<string, string>) =>
  request(t.app, 'POST', `/api/surveys/${surveyId}/responses`, { body, headers });

describe(`public survey (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('shows an active survey with its current questions and nothing about the owner', async () => {
    const owner = await createUser(t.ctx, { name: 'Olive Owner' });
    const questions = sampleQuestions();
    const s = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      projectName: 'Summer  Fest',
      title: 'Festival feedback',
      brandingImageUrl: 'https://example.com/logo.png',
      questions,
    });
    await t.ctx.db.kysely
      .updateTable('questions')
      .set({ is_deleted: 1 })
      .where('survey_id', '=', s.id)
      .where('id', '=', questions[1]!.id)
      .execute();

    const res = await request(t.app, 'GET', `/api/surveys/${s.id}/public`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      surveyId: s.id,
      projectId: 'summer-fest',
      title: 'Festival feedback',
      brandingImageUrl: 'https://example.com/logo.png',
      // Every question reads with `required` set: true for questions saved without it.
      questions: [questions[0], questions[2], questions[3]].map((q) => ({ ...q, required: true })),
      // A survey without settings: the specification's behaviour (never the response limit).
      opensAt: null,
      closesAt: null,
      oneResponsePerBrowser: false,
      hiddenFields: [],
      welcome: null,
      thankYou: null,
      // A survey made before languages: English only.
      language: 'en',
      languages: ['en'],
    });
    expect(res.body).not.toContain(owner.id);
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toContain('Olive Owner');
  });

  it.each<SurveyState>(['draft', 'paused', 'closed', 'deleted'])('answers 404 for a %s survey', async (state) => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state });
    const res = await request(t.app, 'GET', `/api/surveys/${s.id}/public`);
    expectError(res, 404, 'SURVEY_NOT_FOUND', { message: 'Survey not found' });
  });

  it('answers 404 for an unknown survey', async () => {
    const res = await request(t.app, 'GET', `/api/surveys/${newId()}/public`);
    expectError(res, 404, 'SURVEY_NOT_FOUND', { message: 'Survey not found' });
  });
});

describe(`submitting a response (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('records an accepted response, its answers in stored form and the counts, in one go', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const events: ResponseStoredEvent[] = [];
    const stop = await t.ctx.liveEvents.subscribe(s.id, (e) => events.push(e));

    const res = await submit(t, s.id, { answers: validAnswers(s, { 3: ' 4 ' }) });
    stop();
    expect(res.statusCode).toBe(201);
    const { responseId } = res.json();
    expect(Object.keys(res.json())).toEqual(['responseId']);

    const [q1, q2, q3, q4] = s.questions.map((q) => q.id) as [string, string, string, string];
    const after = await snapshot(t, s.id);
    expect(after.responseCount).toBe(1);
    expect(after.responses).toHaveLength(1);
    expect(after.responses[0]!.id).toBe(responseId);
    // Checkbox in option order, text trimmed, a numeric-string rating stored as a number.
    expect(JSON.parse(after.responses[0]!.answers)).toEqual({
      [q1]: 'Saturday',
      [q2]: ['Food', 'Tickets'],
      [q3]: 'Loved the stage',
      [q4]: 4,
    });
    const expectedCounts = [
      { question_id: q1, answer: 'Saturday', count: 1 },
      { question_id: q2, answer: 'Food', count: 1 },
      { question_id: q2, answer: 'Tickets', count: 1 },
      { question_id: q4, answer: '4', count: 1 },
    ];
    expect(after.counts).toEqual(expect.arrayContaining(expectedCounts));
    expect(after.counts).toHaveLength(expectedCounts.length);
    expect(after.totals).toEqual(
      expect.arrayContaining([
        { question_id: q1, answered: 1, rating_sum: 0, seen: 1 },
        { question_id: q2, answered: 1, rating_sum: 0, seen: 1 },
        { question_id: q3, answered: 1, rating_sum: 0, seen: 1 },
        { question_id: q4, answered: 1, rating_sum: 4, seen: 1 },
      ]),
    );
    expect(events).toEqual([{ surveyId: s.id, responseId, totalResponses: 1 }]);
  });

  it('keeps the counts right over several responses', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const plan: AnswerValue[][] = [
      ['Friday', ['Food'], 'a', 1],
      ['Friday', ['Food', 'Sound'], 'b', 5],
      ['Sunday', ['Sound', 'Tickets', 'Food'], 'c', '5'],
      ['Friday', ['Tickets'], 'd', 3],
    ];
    for (const answers of plan) {
      const res = await submit(t, s.id, {
        answers: s.questions.map((q, i) => ({ questionId: q.id, answer: answers[i] })),
      });
      expect(res.statusCode).toBe(201);
    }
    const [q1, q2, q3, q4] = s.questions.map((q) => q.id) as [string, string, string, string];
    const after = await snapshot(t, s.id);
    expect(after.responseCount).toBe(4);
    expect(after.responses).toHaveLength(4);
    const count = (questionId: string, answer: string) =>
      after.counts.find((c) => c.question_id === questionId && c.answer === answer)?.count ?? 0;
    expect([count(q1, 'Friday'), count(q1, 'Saturday'), count(q1, 'Sunday')]).toEqual([3, 0, 1]);
    expect([count(q2, 'Food'), count(q2, 'Sound'), count(q2, 'Tickets')]).toEqual([3, 2, 2]);
    expect([count(q4, '1'), count(q4, '3'), count(q4, '5')]).toEqual([1, 1, 2]);
    expect(after.counts.filter((c) => c.question_id === q3)).toEqual([]);
    const total = (questionId: string) => after.totals.find((r) => r.question_id === questionId);
    expect(total(q2)).toMatchObject({ answered: 4 });
    expect(total(q3)).toMatchObject({ answered: 4, rating_sum: 0 });
    expect(total(q4)).toMatchObject({ answered: 4, rating_sum: 14 });
  });

  it('counts every one of many concurrent submissions', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const events: ResponseStoredEvent[] = [];
    const stop = await t.ctx.liveEvents.subscribe(s.id, (e) => events.push(e));
    const n = 150;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        submit(t, s.id, { answers: validAnswers(s, { 0: ['Friday', 'Saturday', 'Sunday'][i % 3]!, 3: (i % 5) + 1 }) }),
      ),
    );
    stop();
    expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(201));
    expect(new Set(results.map((r) => r.json().responseId)).size).toBe(n);
    const after = await snapshot(t, s.id);
    expect(after.responseCount).toBe(n);
    expect(after.responses).toHaveLength(n);
    const [q1, , , q4] = s.questions.map((q) => q.id) as [string, string, string, string];
    expect(after.counts.filter((c) => c.question_id === q1).reduce((sum, c) => sum + c.count, 0)).toBe(n);
    expect(after.totals.find((r) => r.question_id === q4)).toMatchObject({ answered: n, rating_sum: 30 * 15 });
    // Each response is announced once, with the running total it made.
    expect(events.map((e) => e.totalResponses).sort((a, b) => a - b)).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    );
  });

  describe('answer rules', () => {
    const refused: Array<[string, (s: CreatedSurvey) => unknown, RegExp]> = [
      [
        'a choice that is not an option',
        (s) => ({ answers: validAnswers(s, { 0: 'Monday' }) }),
        /question 1 must be one of the options/,
      ],
      [
        'a choice given as a list',
        (s) => ({ answers: validAnswers(s, { 0: ['Friday'] }) }),
        /question 1 must be one of the options/,
      ],
      [
        'a choice given as a number',
        (s) => ({ answers: validAnswers(s, { 0: 1 }) }),
        /question 1 must be one of the options/,
      ],
      ['an empty choice', (s) => ({ answers: validAnswers(s, { 0: '' }) }), /question 1 must be one of the options/],
      [
        'an empty checkbox list',
        (s) => ({ answers: validAnswers(s, { 1: [] }) }),
        /question 2 must be a non-empty list/,
      ],
      [
        'a checkbox option twice',
        (s) => ({ answers: validAnswers(s, { 1: ['Food', 'Food'] }) }),
        /question 2 lists an option twice/,
      ],
      [
        'a checkbox option that does not exist',
        (s) => ({ answers: validAnswers(s, { 1: ['Food', 'Beer'] }) }),
        /question 2 must only list the options/,
      ],
      [
        'a checkbox answer given as text',
        (s) => ({ answers: validAnswers(s, { 1: 'Food' }) }),
        /question 2 must be a non-empty list/,
      ],
      ['an empty text', (s) => ({ answers: validAnswers(s, { 2: '' }) }), /question 3 must not be empty/],
      ['a text of spaces only', (s) => ({ answers: validAnswers(s, { 2: '   \n ' }) }), /question 3 must not be empty/],
      [
        'a text over 5,000 characters',
        (s) => ({ answers: validAnswers(s, { 2: 'x'.repeat(5001) }) }),
        /at most 5000 characters/,
      ],
      ['a text given as a number', (s) => ({ answers: validAnswers(s, { 2: 7 }) }), /question 3 must be text/],
      [
        'a rating below the scale',
        (s) => ({ answers: validAnswers(s, { 3: 0 }) }),
        /question 4 must be a whole number from 1 to 5/,
      ],
      [
        'a rating above the scale',
        (s) => ({ answers: validAnswers(s, { 3: 6 }) }),
        /question 4 must be a whole number from 1 to 5/,
      ],
      ['a fractional rating', (s) => ({ answers: validAnswers(s, { 3: 2.5 }) }), /question 4 must be a whole number/],
      [
        'a fractional rating as text',
        (s) => ({ answers: validAnswers(s, { 3: '3.5' }) }),
        /question 4 must be a whole number/,
      ],
      [
        'a rating that is not a number',
        (s) => ({ answers: validAnswers(s, { 3: 'good' }) }),
        /question 4 must be a whole number/,
      ],
      [
        'a rating given as a list',
        (s) => ({ answers: validAnswers(s, { 3: ['4'] }) }),
        /question 4 must be a whole number/,
      ],
      ['a missing answer', (s) => ({ answers: validAnswers(s).slice(1) }), /question 1 has no answer/],
      ['no answers at all', () => ({ answers: [] }), /Please answer every question/],
      [
        'an unknown question id',
        (s) => ({ answers: [...validAnswers(s), { questionId: 'nope', answer: 'x' }] }),
        /no question with id "nope"/,
      ],
      [
        'a question answered twice',
        (s) => ({ answers: [...validAnswers(s), validAnswers(s)[2]] }),
        /^Question 3 is answered more than once$/,
      ],
      ['answers that are not a list', () => ({ answers: { a: 1 } }), /answers/],
      ['a body without answers', () => ({}), /answers/],
      [
        'an answer of the wrong shape',
        (s) => ({ answers: [{ questionId: s.questions[0]!.id, answer: { x: 1 } }] }),
        /.+/,
      ],
    ];

    it.each(refused)('refuses %s with 400 and writes nothing', async (_name, body, message) => {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
      expect((await submit(t, s.id, { answers: validAnswers(s) })).statusCode).toBe(201);
      const before = await snapshot(t, s.id);
      const res = await submit(t, s.id, body(s));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await snapshot(t, s.id)).toEqual(before);
    });

    it('names each refusal of the answers with its code and params', async () => {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
      const answers = validAnswers(s);
      const refusal = async (body: object) => (await submit(t, s.id, body)).json();
      expect(await refusal({ answers: [] })).toEqual({
        message: 'Please answer every question before submitting',
        code: 'NO_ANSWERS',
      });
      expect(await refusal({ answers: answers.slice(1) })).toEqual({
        message: 'Every question must be answered: question 1 has no answer',
        code: 'ANSWER_MISSING',
        params: { position: 1 },
      });
      expect(await refusal({ answers: [...answers, answers[2]] })).toEqual({
        message: 'Question 3 is answered more than once',
        code: 'ANSWER_REPEATED',
        params: { position: 3 },
      });
      expect(await refusal({ answers: [...answers, { questionId: 'nope', answer: 'x' }] })).toEqual({
        message: 'This survey has no question with id "nope"',
        code: 'UNKNOWN_QUESTION',
        params: { questionId: 'nope' },
      });
      expect(await refusal({ answers: validAnswers(s, { 3: 6 }) })).toEqual({
        message: 'The answer to question 4 must be a whole number from 1 to 5',
        code: 'ANSWER_INVALID',
        params: { position: 4, reason: 'must be a whole number from 1 to 5' },
      });
    });

    it.each<[string, number, AnswerValue, AnswerValue]>([
      ['a choice', 0, 'Sunday', 'Sunday'],
      ['a single checkbox option', 1, ['Sound'], ['Sound']],
      ['a text of exactly 5,000 characters', 2, 'y'.repeat(5000), 'y'.repeat(5000)],
      ['a rating at the bottom of the scale', 3, 1, 1],
      ['a rating at the top of the scale as text', 3, '5', 5],
    ])('accepts %s', async (_name, index, answer, stored) => {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
      const res = await submit(t, s.id, { answers: validAnswers(s, { [index]: answer }) });
      expect(res.statusCode).toBe(201);
      const [row] = (await snapshot(t, s.id)).responses;
      expect(JSON.parse(row!.answers)[s.questions[index]!.id]).toEqual(stored);
    });

    it('accepts every value of a ten-point scale and refuses 11', async () => {
      const owner = await createUser(t.ctx);
      const rating: Question = {
        id: newId(),
        text: 'How likely are you to recommend us?',
        type: 'rating',
        options: ratingOptions(TEN_POINT_SCALE),
        ratingScale: TEN_POINT_SCALE,
      };
      const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [rating] });
      for (let value = 1; value <= 10; value += 1) {
        expect((await submit(t, s.id, { answers: [{ questionId: rating.id, answer: value }] })).statusCode).toBe(201);
      }
      const res = await submit(t, s.id, { answers: [{ questionId: rating.id, answer: 11 }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The answer to question 1 must be a whole number from 1 to 10');
      const after = await snapshot(t, s.id);
      expect(after.totals).toEqual([{ question_id: rating.id, answered: 10, rating_sum: 55, seen: 10 }]);
    });

    it('neither needs nor accepts answers to deleted questions', async () => {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
      await t.ctx.db.kysely
        .updateTable('questions')
        .set({ is_deleted: 1 })
        .where('survey_id', '=', s.id)
        .where('id', '=', s.questions[2]!.id)
        .execute();
      const without = validAnswers(s).filter((_, i) => i !== 2);
      expect((await submit(t, s.id, { answers: validAnswers(s) })).json().message).toBe(
        `This survey has no question with id "${s.questions[2]!.id}"`,
      );
      expect((await submit(t, s.id, { answers: without })).statusCode).toBe(201);
      expect((await snapshot(t, s.id)).totals.map((r) => r.question_id)).not.toContain(s.questions[2]!.id);
    });
  });

  describe('survey states', () => {
    it.each<SurveyState>(['draft', 'paused', 'closed', 'deleted'])(
      'refuses a response to a %s survey with 404 and writes nothing',
      async (state) => {
        const owner = await createUser(t.ctx);
        const s = await createSurvey(t.ctx, owner.id, { state });
        const res = await submit(t, s.id, { answers: validAnswers(s) });
        expectError(res, 404, 'SURVEY_NOT_FOUND', { message: PUBLIC_MESSAGES.notFound });
        expect(await snapshot(t, s.id)).toEqual({
          responseCount: 0,
          state,
          responses: [],
          counts: [],
          totals: [],
          timeline: [],
          funnel: undefined,
          times: [],
        });
      },
    );

    it('refuses a response to an unknown survey with 404', async () => {
      const res = await submit(t, newId(), { answers: [{ questionId: 'q', answer: 'x' }] });
      expectError(res, 404, 'SURVEY_NOT_FOUND', { message: PUBLIC_MESSAGES.notFound });
    });

    it('sees a pause and a resume at once, although it keeps recent questions', async () => {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
      const setState = (state: SurveyState) =>
        t.ctx.db.kysely.updateTable('surveys').set({ state }).where('id', '=', s.id).execute();
      expect((await submit(t, s.id, { answers: validAnswers(s) })).statusCode).toBe(201);
      await setState('paused');
      expect((await submit(t, s.id, { answers: validAnswers(s) })).statusCode).toBe(404);
      await setState('active');
      expect((await submit(t, s.id, { answers: validAnswers(s) })).statusCode).toBe(201);
      await setState('closed');
      expect((await submit(t, s.id, { answers: validAnswers(s) })).statusCode).toBe(404);
      expect((await snapshot(t, s.id)).responseCount).toBe(2);
    });

    it('checks answers against edited questions at once', async () => {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
      expect((await submit(t, s.id, { answers: validAnswers(s) })).statusCode).toBe(201);
      // An edit as the product saves one: the questions and, in the same transaction, the survey's version.
      await t.ctx.db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('surveys')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .where('id', '=', s.id)
          .execute();
        await trx
          .updateTable('questions')
          .set({ options: JSON.stringify(['Friday', 'Monday']) })
          .where('survey_id', '=', s.id)
          .where('id', '=', s.questions[0]!.id)
          .execute();
      });
      const old = await submit(t, s.id, { answers: validAnswers(s, { 0: 'Saturday' }) });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe('The answer to question 1 must be one of the options');
      expect((await submit(t, s.id, { answers: validAnswers(s, { 0: 'Monday' }) })).statusCode).toBe(201);
      const after = await snapshot(t, s.id);
      expect(after.responseCount).toBe(2);
      expect(after.counts).toEqual(
        expect.arrayContaining([{ question_id: s.questions[0]!.id, answer: 'Monday', count: 1 }]),
      );
    });
  });

  it('refuses a body over the limit with 413', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const res = await submit(t, s.id, { answers: validAnswers(s, { 2: 'z'.repeat(MAX_SUBMISSION_BYTES + 10) }) });
    expect(res.statusCode).toBe(413);
    expect((await snapshot(t, s.id)).responseCount).toBe(0);
  });

  it('offers no way to read responses without signing in', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    expect((await submit(t, s.id, { answers: validAnswers(s) })).statusCode).toBe(201);
    const results = await request(t.app, 'GET', `/api/surveys/${s.id}/results`);
    expect([401, 404]).toContain(results.statusCode);
    const list = await request(t.app, 'GET', `/api/surveys/${s.id}/responses`);
    expect([401, 404]).toContain(list.statusCode);
    expect((await request(t.app, 'GET', `/api/surveys/${s.id}/public`)).body).not.toContain('Loved the stage');
  });
});

describe(`submission rate limit (${TEST_DIALECT})`, () => {
  const t = useTestApp({ submitRateLimit: 3 });

  it('allows the configured number per client and minute, then answers 429 without writing', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const from = (ip: string) => ({ body: { answers: validAnswers(s) }, ip });
    const send = ({ body, ip }: { body: unknown; ip: string }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/surveys/${s.id}/responses`,
        payload: body as object,
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i += 1) expect((await send(from('203.0.113.7'))).statusCode).toBe(201);
    const limited = await send(from('203.0.113.7'));
    expectError(limited, 429, 'SUBMIT_RATE_LIMITED', {
      message: PUBLIC_MESSAGES.tooMany,
      params: { retryAfterSeconds: Number(limited.headers['retry-after']) },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind another address is not affected.
    expect((await send(from('198.51.100.4'))).statusCode).toBe(201);
    expect((await snapshot(t, s.id)).responseCount).toBe(4);
  });
});

describe(`recordResponses (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('writes rows, counts and totals for a batch in one transaction', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'closed' });
    const [q1, q2, q3, q4] = s.questions.map((q) => q.id) as [string, string, string, string];
    const items = Array.from({ length: 1200 }, (_, i) => ({
      id: newId(),
      submittedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      answers: { [q1]: 'Friday', [q2]: i % 2 ? ['Food'] : ['Food', 'Sound'], [q3]: `note ${i}`, [q4]: (i % 5) + 1 },
    }));
    await recordResponses(t.ctx.db, s.id, s.questions, items);
    await recordResponses(t.ctx.db, s.id, s.questions, items.slice(0, 0));
    const after = await snapshot(t, s.id);
    expect(after.responseCount).toBe(1200);
    expect(after.responses).toHaveLength(1200);
    const count = (q: string, a: string) => after.counts.find((c) => c.question_id === q && c.answer === a)?.count;
    expect(count(q1, 'Friday')).toBe(1200);
    expect([count(q2, 'Food'), count(q2, 'Sound')]).toEqual([1200, 600]);
    expect(count(q4, '3')).toBe(240);
    expect(after.totals.find((r) => r.question_id === q4)).toMatchObject({ answered: 1200, rating_sum: 240 * 15 });
  });

  it('writes nothing when any part fails', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const id = newId();
    const item = { id, submittedAt: new Date().toISOString(), answers: { [s.questions[0]!.id]: 'Friday' } };
    // The second batch repeats a response id: its insert fails, and so must the whole batch.
    await recordResponses(t.ctx.db, s.id, s.questions, [item]);
    const before = await snapshot(t, s.id);
    await expect(recordResponses(t.ctx.db, s.id, s.questions, [{ ...item, id: newId() }, item])).rejects.toThrow();
    expect(await snapshot(t, s.id)).toEqual(before);
  });
});
