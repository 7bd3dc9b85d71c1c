import type { Question, ResponsesPage, ResultsResponse, Survey } from '@quorum/contract';
import { FIVE_POINT_SCALE, QUESTION_ID_PATTERN, SURVEY_MESSAGES, ratingOptions } from '@quorum/contract';
import { describe, expect, it } from 'vitest';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const body = (questions: unknown[]) => ({ projectName: 'Ids', title: 'Ids', questions });

/** The refusal of the first question's id under `rule`, with the rule's message. */
const idRefusal = (rule: 'reservedQuestionId' | 'invalidQuestionId') => ({
  message: SURVEY_MESSAGES[rule],
  params: { location: 'body', field: 'questions.0.id', issue: 'custom', rule },
});

describe(`question ids (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('refuses "__proto__", "constructor" and "prototype" as question ids with a clear 400', async () => {
    const owner = await createUser(t.ctx);
    const existing = await createSurvey(t.ctx, owner.id);
    for (const id of ['__proto__', 'constructor', 'prototype']) {
      // Sent as raw JSON so that "__proto__" reaches the server as an own key, as any client would send it.
      const payload = JSON.stringify(body([{ id, text: 'A', type: 'text' }]));
      const headers = { 'content-type': 'application/json' };
      for (const [method, url] of [
        ['POST', '/api/surveys'],
        ['PUT', `/api/surveys/${existing.id}`],
      ] as const) {
        const res = await request(t.app, method, url, { token: owner.token, body: payload, headers });
        expectError(res, 400, 'VALIDATION_FAILED', idRefusal('reservedQuestionId'), `${method} ${id}`);
      }
    }
  });

  it('takes author ids of letters, digits, "-" and "_" up to 64, and refuses any other', async () => {
    const owner = await createUser(t.ctx);
    const ok = await request(t.app, 'POST', '/api/surveys', {
      token: owner.token,
      body: body([
        { id: 'q-1_A', text: 'A', type: 'text' },
        { id: 'x'.repeat(64), text: 'B', type: 'text' },
        { text: 'C', type: 'text' },
      ]),
    });
    expect(ok.statusCode).toBe(201);
    const ids = ok.json<Survey>().questions.map((q) => q.id);
    expect(ids.slice(0, 2)).toEqual(['q-1_A', 'x'.repeat(64)]);
    // The server's own ids match the same pattern.
    expect(ids.every((id) => QUESTION_ID_PATTERN.test(id))).toBe(true);

    for (const id of ['q 1', 'q.1', 'x'.repeat(65), 'ü', '<script>']) {
      const res = await request(t.app, 'POST', '/api/surveys', {
        token: owner.token,
        body: body([{ id, text: 'A', type: 'text' }]),
      });
      expectError(res, 400, 'VALIDATION_FAILED', idRefusal('invalidQuestionId'), id);
    }
  });

  it('gives generated surveys ids that match the author pattern', async () => {
    const owner = await createUser(t.ctx);
    const res = await request(t.app, 'POST', '/api/surveys/generate', {
      token: owner.token,
      body: { prompt: 'Feedback on our summer festival' },
    });
    expect(res.statusCode).toBe(201);
    const ids = res.json<Survey>().questions.map((q) => q.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => QUESTION_ID_PATTERN.test(id))).toBe(true);
  });

  describe('a survey stored with ids that are object keys or outside the pattern', () => {
    const questions: Question[] = [
      { id: '__proto__', text: 'Liked?', type: 'checkbox', options: ['Food', 'Sound'] },
      { id: 'constructor', text: 'Day?', type: 'multiple_choice', options: ['Fri', 'Sat'] },
      {
        id: 'toString',
        text: 'Overall?',
        type: 'rating',
        options: ratingOptions(FIVE_POINT_SCALE),
        ratingScale: FIVE_POINT_SCALE,
      },
      { id: 'q 1 (old)', text: 'Notes?', type: 'text', options: [] },
      { id: 'hasOwnProperty', text: 'Never answered?', type: 'text', options: [] },
    ];
    const answer = (id: string, value: unknown) => ({ questionId: id, answer: value });

    it('loads, runs, counts and exports', async () => {
      const owner = await createUser(t.ctx);
      const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions });

      // Loads, for its owner and for respondents.
      const own = await request(t.app, 'GET', `/api/surveys/${survey.id}`, { token: owner.token });
      expect(own.statusCode).toBe(200);
      expect(own.json<Survey>().questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
      const pub = await request(t.app, 'GET', `/api/surveys/${survey.id}/public`);
      expect(pub.statusCode).toBe(200);
      expect(pub.json<{ questions: Question[] }>().questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));

      // Runs: two responses (hasOwnProperty left unanswered is refused, then answered).
      const submit = (answers: unknown[]) =>
        request(t.app, 'POST', `/api/surveys/${survey.id}/responses`, { body: { answers } });
      const first = [
        answer('__proto__', ['Sound', 'Food']),
        answer('constructor', 'Sat'),
        answer('toString', 4),
        answer('q 1 (old)', 'fine'),
      ];
      const missing = await submit(first);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: 'Every question must be answered: question 5 has no answer' });
      expect((await submit([...first, answer('hasOwnProperty', 'yes')])).statusCode).toBe(201);
      expect(
        (
          await submit([
            answer('__proto__', ['Food']),
            answer('constructor', 'Fri'),
            answer('toString', '2'),
            answer('q 1 (old)', 'meh'),
            answer('hasOwnProperty', 'no'),
          ])
        ).statusCode,
      ).toBe(201);

      // Counts: every question answered twice, no "[object Object]" anywhere.
      const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token });
      expect(res.statusCode).toBe(200);
      expect(res.payload).not.toContain('[object Object]');
      const results = res.json<ResultsResponse>();
      expect(results.totalResponses).toBe(2);
      const byId = new Map(results.questions.map((q) => [q.id, q]));
      expect(byId.get('__proto__')).toMatchObject({
        answeredCount: 2,
        statistics: [
          { answer: 'Food', count: 2, percentage: 100 },
          { answer: 'Sound', count: 1, percentage: 50 },
        ],
      });
      expect(byId.get('constructor')).toMatchObject({
        answeredCount: 2,
        statistics: [
          { answer: 'Fri', count: 1, percentage: 50 },
          { answer: 'Sat', count: 1, percentage: 50 },
        ],
      });
      expect(byId.get('toString')).toMatchObject({ answeredCount: 2, average: 3, ratingCount: 2 });
      expect(byId.get('q 1 (old)')).toMatchObject({ answeredCount: 2 });

      // The responses keep every answer, "__proto__" included, as ordinary keys.
      const newest = JSON.parse(res.payload) as ResultsResponse;
      expect(Object.keys(newest.responses[0]!.answers).sort()).toEqual(questions.map((q) => q.id).sort());
      expect(newest.responses[0]!.answers['__proto__']).toEqual(['Food']);
      const page = await request(t.app, 'GET', `/api/surveys/${survey.id}/responses`, { token: owner.token });
      const pageRows = (JSON.parse(page.payload) as ResponsesPage).responses;
      expect(pageRows.map((r) => r.answers['__proto__'])).toEqual([['Food'], ['Food', 'Sound']]);

      // Exports.
      const csv = await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`, { token: owner.token });
      expect(csv.statusCode).toBe(200);
      const lines = csv.payload.split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFFResponse ID,Submitted At,Q1: Liked?,Q2: Day?,Q3: Overall?,Q4: Notes?,Q5: Never answered?',
      );
      expect(lines[1]).toMatch(/^[\w-]+,[^,]+,Food; Sound,Sat,4,fine,yes$/);
      expect(lines[2]).toMatch(/^[\w-]+,[^,]+,Food,Fri,2,meh,no$/);
    });

    it('reads stored answers as own keys only, whatever the stored JSON holds', async () => {
      const owner = await createUser(t.ctx);
      const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions });
      // A row written before answers were checked this way: "constructor" and "toString" have no answer.
      await t.ctx.db.kysely
        .insertInto('responses')
        .values({
          id: '01900000-0000-7000-8000-000000000001',
          survey_id: survey.id,
          submitted_at: '2026-01-01T00:00:00.000Z',
          answers: '{"__proto__":["Food"],"q 1 (old)":{"not":"an answer"}}',
        })
        .execute();
      const page = await request(t.app, 'GET', `/api/surveys/${survey.id}/responses`, { token: owner.token });
      expect(page.statusCode).toBe(200);
      expect(page.payload).toContain('"answers":{"__proto__":["Food"]}');
      const csv = await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`, { token: owner.token });
      expect(csv.payload.split('\r\n')[1]).toBe(
        '01900000-0000-7000-8000-000000000001,2026-01-01T00:00:00.000Z,Food,,,,',
      );
    });
  });
});
