import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  OTHER_TEXTS_LISTED,
  type AnswerValue,
  type Question,
  type QuestionResult,
  type ResultsResponse,
  type Survey,
} from '@quorum/contract';
import { createSurvey, createUser, type CreatedAccount } from '@quorum/test-support/factories';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { migrationProvider } from '../src/db/migrations';
import { newId } from '../src/lib/ids';
import type { NewResponse } from '../src/modules/responses/responses.repository';
import { recordResponses } from '../src/projections';
import { TEST_DIALECT, createTestApp, createTestDatabase, request, useTestApp, type TestApp } from './helpers';

const heard: Question = {
  id: 'q-heard',
  text: 'Where did you hear of us?',
  type: 'multiple_choice',
  options: ['Friends', 'Radio'],
  allowOther: true,
};
const liked: Question = {
  id: 'q-liked',
  text: 'What did you like?',
  type: 'checkbox',
  options: ['Food', 'Sound'],
  allowOther: true,
};

/** Responses one millisecond apart from `start` on, in one batch of the write path (ids newer one after another). */
function responses(answers: Array<Record<string, AnswerValue>>, start = Date.UTC(2026, 2, 1)): NewResponse[] {
  return answers.map((a, i) => ({ id: newId(), submittedAt: new Date(start + i).toISOString(), answers: a }));
}

async function resultsOf(t: TestApp, owner: CreatedAccount, surveyId: string): Promise<Map<string, QuestionResult>> {
  const res = await request(t.app, 'GET', `/api/surveys/${surveyId}/results`, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(res.json<ResultsResponse>().questions.map((q) => [q.id, q]));
}

async function storedTexts(t: TestApp, surveyId: string) {
  const rows = await t.ctx.db.kysely
    .selectFrom('other_texts')
    .select(['question_id', 'response_id', 'text'])
    .where('survey_id', '=', surveyId)
    .orderBy('question_id')
    .orderBy('response_id')
    .execute();
  return rows;
}

/** Saves the survey with its questions changed by `edit` (PUT, as the editor does). */
async function saveQuestions(
  t: TestApp,
  owner: CreatedAccount,
  surveyId: string,
  edit: (qs: Question[]) => Question[],
) {
  const survey = (await request(t.app, 'GET', `/api/surveys/${surveyId}`, { token: owner.token })).json<Survey>();
  const res = await request(t.app, 'PUT', `/api/surveys/${surveyId}`, {
    token: owner.token,
    body: { projectName: survey.projectName, title: survey.title, questions: edit(survey.questions) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe(`"Other" texts stored with the responses (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it(`lists the newest ${OTHER_TEXTS_LISTED} and counts them all, from a batch of the write path`, async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [heard, liked] });
    await recordResponses(
      t.ctx.db,
      s.id,
      [heard, liked],
      responses(
        Array.from({ length: 70 }, (_, i) => ({
          'q-heard': i % 7 === 0 ? 'Radio' : `Mine ${i}`,
          'q-liked': i % 2 === 0 ? ['Sound', `Liked ${i}`] : ['Food'],
        })),
      ),
    );
    const byId = await resultsOf(t, owner, s.id);
    const mine = Array.from({ length: 70 }, (_, i) => 69 - i).filter((i) => i % 7 !== 0);
    expect(byId.get('q-heard')!.otherTexts).toEqual({
      texts: mine.slice(0, OTHER_TEXTS_LISTED).map((i) => `Mine ${i}`),
      total: 60,
    });
    expect(byId.get('q-liked')!.otherTexts).toEqual({
      texts: Array.from({ length: 35 }, (_, i) => `Liked ${68 - 2 * i}`),
      total: 35,
    });
    expect(await storedTexts(t, s.id)).toHaveLength(95);
  });

  it('lists a rare "Other" however many newer responses chose an option', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [heard] });
    await recordResponses(t.ctx.db, s.id, [heard], responses([{ 'q-heard': 'A poster at the station' }]));
    // 5,000 newer responses without "Other": more than a scan of the newest responses would read.
    await recordResponses(
      t.ctx.db,
      s.id,
      [heard],
      responses(
        Array.from({ length: 5_000 }, (_, i) => ({ 'q-heard': i % 2 === 0 ? 'Friends' : 'Radio' })),
        Date.UTC(2026, 2, 2),
      ),
    );
    const byId = await resultsOf(t, owner, s.id);
    expect(byId.get('q-heard')!.otherTexts).toEqual({ texts: ['A poster at the station'], total: 1 });
    expect(byId.get('q-heard')!.answeredCount).toBe(5_001);
  });

  it('a survey where nobody chose "Other" lists none, and a question that offers none has none', async () => {
    const owner = await createUser(t.ctx);
    const day: Question = { id: 'q-day', text: 'Which day?', type: 'multiple_choice', options: ['Fri', 'Sat'] };
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [heard, day] });
    await recordResponses(t.ctx.db, s.id, [heard, day], responses([{ 'q-heard': 'Friends', 'q-day': 'Fri' }]));
    const byId = await resultsOf(t, owner, s.id);
    expect(byId.get('q-heard')!.otherTexts).toEqual({ texts: [], total: 0 });
    expect(byId.get('q-day')).not.toHaveProperty('otherTexts');
    expect(await storedTexts(t, s.id)).toEqual([]);
  });

  it('submissions over HTTP store their texts trimmed, and deleting a response takes its texts away', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [heard, liked] });
    const ids: string[] = [];
    for (const [own, likedOwn] of [
      ['  From a friend of a friend ', 'The lights'],
      ['A blog', null],
    ] as const) {
      const res = await request(t.app, 'POST', `/api/surveys/${s.id}/responses`, {
        body: {
          answers: [
            { questionId: 'q-heard', answer: own },
            { questionId: 'q-liked', answer: likedOwn ? ['Food', likedOwn] : ['Sound'] },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ responseId: string }>().responseId);
    }
    let byId = await resultsOf(t, owner, s.id);
    expect(byId.get('q-heard')!.otherTexts).toEqual({ texts: ['A blog', 'From a friend of a friend'], total: 2 });
    expect(byId.get('q-liked')!.otherTexts).toEqual({ texts: ['The lights'], total: 1 });

    const deleted = await request(t.app, 'DELETE', `/api/surveys/${s.id}/responses/${ids[0]}`, {
      token: owner.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    byId = await resultsOf(t, owner, s.id);
    expect(byId.get('q-heard')!.otherTexts).toEqual({ texts: ['A blog'], total: 1 });
    expect(byId.get('q-liked')!.otherTexts).toEqual({ texts: [], total: 0 });
    expect(await storedTexts(t, s.id)).toEqual([{ question_id: 'q-heard', response_id: ids[1], text: 'A blog' }]);
  });

  it('an answered question taken out of the survey keeps its texts; a question dropped for good loses them', async () => {
    const owner = await createUser(t.ctx);
    const spare: Question = { ...heard, id: 'q-spare', text: 'Anything to add?' };
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [heard, liked, spare] });
    await recordResponses(
      t.ctx.db,
      s.id,
      [heard, liked, spare],
      responses([{ 'q-heard': 'Mine', 'q-liked': ['Own'] }]),
    );
    // Something stored under a question nobody answers (say, the last response answering it went): dropped with it.
    await t.ctx.db.kysely
      .insertInto('other_texts')
      .values({ survey_id: s.id, question_id: 'q-spare', response_id: newId(), text: 'Left over' })
      .execute();

    await saveQuestions(t, owner, s.id, (qs) => qs.filter((q) => q.id === 'q-liked'));
    const byId = await resultsOf(t, owner, s.id);
    expect(byId.get('q-heard')).toMatchObject({ isDeleted: true, otherTexts: { texts: ['Mine'], total: 1 } });
    expect(byId.has('q-spare')).toBe(false);
    expect((await storedTexts(t, s.id)).map((r) => [r.question_id, r.text])).toEqual([
      ['q-heard', 'Mine'],
      ['q-liked', 'Own'],
    ]);
  });

  it('an option removed later stays counted under its own name and never becomes an "Other" text', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [heard] });
    await recordResponses(
      t.ctx.db,
      s.id,
      [heard],
      responses([{ 'q-heard': 'Radio' }, { 'q-heard': 'A poster' }, { 'q-heard': 'Radio' }]),
    );
    await saveQuestions(t, owner, s.id, (qs) =>
      qs.map((q) => (q.type === 'multiple_choice' ? { ...q, options: ['Friends', 'Television'] } : q)),
    );
    const result = (await resultsOf(t, owner, s.id)).get('q-heard')!;
    expect(result.statistics.map((st) => [st.answer, st.count])).toEqual([
      ['Friends', 0],
      ['Television', 0],
      ['Other', 1],
      ['Radio', 2],
    ]);
    expect(result.otherTexts).toEqual({ texts: ['A poster'], total: 1 });
  });
});

describe(`the "Other" texts migration (${TEST_DIALECT})`, () => {
  const NOW = '2026-11-26T10:00:00.000Z';
  const rid = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

  it('fills the table from the responses stored before, as the counters counted them', async () => {
    const testDb = await createTestDatabase();
    const db = openDatabase(testDb.database);
    try {
      const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
      expect((await migrator.migrateTo('2026-11-25T1200-survey-languages')).error).toBeUndefined();
      const k = db.kysely;
      await sql`insert into users (id, name, email, password_hash, email_verified_at, token_version, created_at, updated_at)
        values ('u1', 'Olive', 'olive@example.com', 'x', ${NOW}, 0, ${NOW}, ${NOW})`.execute(k);
      await sql`insert into surveys (id, user_id, workspace_id, project_name, project_id, title, state, response_count,
          created_at, updated_at)
        values ('s1', 'u1', 'u1', 'Fest', 'fest', 'Festival', 'active', 5002, ${NOW}, ${NOW})`.execute(k);
      const other = '{"allowOther":true}';
      const questions: Array<[string, number, string, string, string | null, number]> = [
        // "Poster" was an option once: its answers were counted as "Poster".
        ['q1', 0, 'multiple_choice', '["Friends","Radio"]', other, 0],
        ['q2', 1, 'checkbox', '["Food","Sound"]', other, 0],
        ['q3', 2, 'multiple_choice', '["A","B"]', null, 0],
        ['q4', 3, 'text', '[]', null, 0],
        ['q5', 4, 'dropdown', '["X"]', other, 1],
      ];
      for (const [id, position, type, options, settings, deleted] of questions) {
        await sql`insert into questions (survey_id, id, position, text, type, options, settings, is_deleted)
          values ('s1', ${id}, ${position}, ${`Question ${id}`}, ${type}, ${options}, ${settings}, ${deleted})`.execute(
          k,
        );
      }
      // More responses than one page of the backfill: the first and the last give texts.
      const answers = (n: number): Record<string, AnswerValue> => {
        if (n === 1) return { q1: 'A blog', q2: ['Food', 'The stalls'], q3: 'A', q4: 'Lovely' };
        if (n === 2) return { q1: 'Poster', q2: ['Sound'], q3: 'B' };
        if (n === 5002) return { q1: 'Podcast', q5: 'My own' };
        return { q1: n % 2 === 0 ? 'Friends' : 'Radio', q3: 'A' };
      };
      const rows = Array.from({ length: 5002 }, (_, i) => ({
        id: rid(i + 1),
        survey_id: 's1',
        submitted_at: NOW,
        answers: JSON.stringify(answers(i + 1)),
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await k
          .insertInto('responses')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      const counts: Array<[string, string, number]> = [
        ['q1', 'Friends', 2500],
        ['q1', 'Radio', 2499],
        ['q1', 'Poster', 1],
        ['q1', 'Other', 2],
        ['q2', 'Food', 1],
        ['q2', 'Sound', 1],
        ['q2', 'Other', 1],
        ['q5', 'Other', 1],
      ];
      await k
        .insertInto('answer_counts')
        .values(counts.map(([question_id, answer, count]) => ({ survey_id: 's1', question_id, answer, count })))
        .execute();

      await migrateToLatest(db);
      const stored = await k
        .selectFrom('other_texts')
        .select(['question_id', 'response_id', 'text'])
        .orderBy('question_id')
        .orderBy('response_id')
        .execute();
      expect(stored).toEqual([
        { question_id: 'q1', response_id: rid(1), text: 'A blog' },
        { question_id: 'q1', response_id: rid(5002), text: 'Podcast' },
        { question_id: 'q2', response_id: rid(1), text: 'The stalls' },
        { question_id: 'q5', response_id: rid(5002), text: 'My own' },
      ]);
    } finally {
      await db.close();
    }

    const t = await createTestApp({}, { database: testDb.database });
    try {
      const token = await t.ctx.tokens.sign({ sub: 'u1', role: 'user', ver: 0 });
      const res = await request(t.app, 'GET', '/api/surveys/s1/results', { token });
      expect(res.statusCode, res.body).toBe(200);
      const byId = new Map(res.json<ResultsResponse>().questions.map((q) => [q.id, q]));
      expect(byId.get('q1')!.otherTexts).toEqual({ texts: ['Podcast', 'A blog'], total: 2 });
      expect(byId.get('q2')!.otherTexts).toEqual({ texts: ['The stalls'], total: 1 });
      expect(byId.get('q5')).toMatchObject({ isDeleted: true, otherTexts: { texts: ['My own'], total: 1 } });
    } finally {
      await t.close();
      await testDb.drop();
    }
  });
});
