import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { QuestionResult } from '@quorum/contract';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { migrationProvider } from '../src/db/migrations';
import { TEST_DIALECT, createTestApp, createTestDatabase, request } from './helpers';
import { counterProblems } from './support/data-checks';

const NOW = '2026-11-20T10:00:00.000Z';

/** A survey with responses, as the version before the question model grew stored it. */
async function seedOldSurvey(db: ReturnType<typeof openDatabase>) {
  const k = db.kysely;
  await sql`insert into users (id, name, email, password_hash, email_verified_at, token_version, created_at, updated_at)
    values ('u1', 'Olive', 'olive@example.com', 'x', ${NOW}, 0, ${NOW}, ${NOW})`.execute(k);
  await sql`insert into surveys (id, user_id, project_name, project_id, title, branding_image_url, state, generator,
      response_count, created_at, updated_at)
    values ('s1', 'u1', 'Fest', 'fest', 'Old survey', null, 'active', 'manual', 2, ${NOW}, ${NOW})`.execute(k);
  const questions: Array<[string, number, string, string, string, string | null]> = [
    ['q1', 0, 'Which day?', 'multiple_choice', '["Fri","Sat"]', null],
    ['q2', 1, 'What did you enjoy?', 'checkbox', '["Food","Sound"]', null],
    ['q3', 2, 'Anything else?', 'text', '[]', null],
    ['q4', 3, 'How was it?', 'rating', '["1","2","3","4","5"]', '{"min":1,"max":5,"labels":{}}'],
  ];
  for (const [id, position, text, type, options, scale] of questions) {
    await sql`insert into questions (survey_id, id, position, text, type, options, rating_scale, is_deleted)
      values ('s1', ${id}, ${position}, ${text}, ${type}, ${options}, ${scale}, 0)`.execute(k);
  }
  const responses: Array<[string, string]> = [
    ['0190a000-0000-7000-8000-000000000001', '{"q1":"Fri","q2":["Food"],"q3":"Great","q4":5}'],
    ['0190a000-0000-7000-8000-000000000002', '{"q1":"Sat","q2":["Food","Sound"],"q3":"Loud","q4":3}'],
  ];
  for (const [id, answers] of responses) {
    await sql`insert into responses (id, survey_id, submitted_at, answers) values (${id}, 's1', ${NOW}, ${answers})`.execute(
      k,
    );
  }
  const counts: Array<[string, string, number]> = [
    ['q1', 'Fri', 1],
    ['q1', 'Sat', 1],
    ['q2', 'Food', 2],
    ['q2', 'Sound', 1],
    ['q4', '5', 1],
    ['q4', '3', 1],
  ];
  for (const [question, answer, count] of counts) {
    await sql`insert into answer_counts (survey_id, question_id, answer, count)
      values ('s1', ${question}, ${answer}, ${count})`.execute(k);
  }
  for (const [question, sum] of [
    ['q1', 0],
    ['q2', 0],
    ['q3', 0],
    ['q4', 8],
  ] as const) {
    await sql`insert into question_totals (survey_id, question_id, answered, rating_sum)
      values ('s1', ${question}, 2, ${sum})`.execute(k);
  }
}

describe(`the question model migration (${TEST_DIALECT})`, () => {
  it('keeps a survey saved before: it loads, runs, counts and exports as before, every question seen by all', async () => {
    const testDb = await createTestDatabase();
    const db = openDatabase(testDb.database);
    try {
      const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
      expect((await migrator.migrateTo('2026-11-24T1330-single-sign-on')).error).toBeUndefined();
      await seedOldSurvey(db);
      await migrateToLatest(db);
      const rows = await db.kysely.selectFrom('questions').selectAll().orderBy('position').execute();
      expect(rows.map((r) => [r.required, r.description, r.settings, r.logic])).toEqual(
        Array.from({ length: 4 }, () => [1, null, null, null]),
      );
      // Before optional questions and skip logic, every response saw every question it answered.
      const totals = await db.kysely
        .selectFrom('question_totals')
        .select(['question_id', 'seen'])
        .orderBy('question_id')
        .execute();
      expect(totals.map((r) => [r.question_id, Number(r.seen)])).toEqual([
        ['q1', 2],
        ['q2', 2],
        ['q3', 2],
        ['q4', 2],
      ]);
    } finally {
      await db.close();
    }

    const t = await createTestApp({}, { database: testDb.database });
    try {
      const page = await request(t.app, 'GET', '/api/surveys/s1/public');
      expect(page.statusCode).toBe(200);
      expect(page.json().questions).toEqual([
        { id: 'q1', text: 'Which day?', type: 'multiple_choice', options: ['Fri', 'Sat'], required: true },
        { id: 'q2', text: 'What did you enjoy?', type: 'checkbox', options: ['Food', 'Sound'], required: true },
        { id: 'q3', text: 'Anything else?', type: 'text', options: [], required: true },
        {
          id: 'q4',
          text: 'How was it?',
          type: 'rating',
          options: ['1', '2', '3', '4', '5'],
          ratingScale: { min: 1, max: 5, labels: {} },
          required: true,
        },
      ]);
      // Every question is still required.
      const missing = await request(t.app, 'POST', '/api/surveys/s1/responses', {
        body: { answers: [{ questionId: 'q1', answer: 'Fri' }] },
      });
      expect(missing.json()).toMatchObject({ code: 'ANSWER_MISSING', params: { position: 2 } });
      const submitted = await request(t.app, 'POST', '/api/surveys/s1/responses', {
        body: {
          answers: [
            { questionId: 'q1', answer: 'Fri' },
            { questionId: 'q2', answer: ['Sound'] },
            { questionId: 'q3', answer: 'Again' },
            { questionId: 'q4', answer: 4 },
          ],
        },
      });
      expect(submitted.statusCode, submitted.body).toBe(201);

      const token = await t.ctx.tokens.sign({ sub: 'u1', role: 'user', ver: 0 });
      const results = await request(t.app, 'GET', '/api/surveys/s1/results', { token });
      expect(results.statusCode, results.body).toBe(200);
      const questions = results.json<{ questions: QuestionResult[] }>().questions;
      expect(questions.map((q) => [q.id, q.required, q.answeredCount, q.seenCount])).toEqual([
        ['q1', true, 3, 3],
        ['q2', true, 3, 3],
        ['q3', true, 3, 3],
        ['q4', true, 3, 3],
      ]);
      expect(questions[0]!.statistics).toEqual([
        { answer: 'Fri', count: 2, percentage: 66.7 },
        { answer: 'Sat', count: 1, percentage: 33.3 },
      ]);
      expect(questions[3]).toMatchObject({ average: 4, ratingCount: 3 });
      expect(questions.some((q) => 'allowOther' in q || 'description' in q)).toBe(false);

      const csv = await request(t.app, 'GET', '/api/surveys/s1/results.csv', { token });
      expect(
        csv.body
          .split('\r\n')
          .slice(1, 3)
          .map((line) => line.split(',').slice(2)),
      ).toEqual([
        ['Fri', 'Food', 'Great', '5'],
        ['Sat', 'Food; Sound', 'Loud', '3'],
      ]);
      expect(await counterProblems(t.ctx.db)).toEqual([]);
    } finally {
      await t.app.close();
      await testDb.drop();
    }
  });
});
