import type { AnswerValue, Question, ResponsesPage, ResultsResponse } from '@quorum/contract';
import { FIVE_POINT_SCALE, OTHER_TEXTS_LISTED } from '@quorum/contract';
import { describe, expect, it } from 'vitest';
import { createAdmin, createSurvey, createUser, question } from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import { recordResponses } from '../src/projections';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const mc = question.multipleChoice('Which day?', ['Friday', 'Saturday', 'Sunday'], 'q-day');
const cb = question.checkbox('What did you like?', ['Food', 'Sound', 'Tickets'], 'q-liked');
const tx = question.text('Anything else?', 'q-notes');
const rt = question.rating('Overall?', FIVE_POINT_SCALE, 'q-overall');

async function record(
  t: TestApp,
  surveyId: string,
  questions: Question[],
  answers: Array<Record<string, AnswerValue>>,
) {
  const items = answers.map((a) => ({ id: newId(), submittedAt: t.ctx.clock.now().toISOString(), answers: a }));
  await recordResponses(t.ctx.db, surveyId, questions, items);
  return items.map((i) => i.id);
}

describe(`results statistics (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('counts every option in order with zero counts, shares of those who answered, and rating averages', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      title: 'Festival',
      questions: [mc, cb, tx, rt],
    });
    await record(
      t,
      survey.id,
      [mc, cb, tx, rt],
      [
        { [mc.id]: 'Friday', [cb.id]: ['Food', 'Sound'], [tx.id]: 'Great', [rt.id]: 5 },
        { [mc.id]: 'Friday', [cb.id]: ['Food'], [tx.id]: 'Loud', [rt.id]: 4 },
        { [mc.id]: 'Saturday', [cb.id]: ['Food', 'Sound', 'Tickets'], [rt.id]: 2 },
        { [mc.id]: 'Friday', [cb.id]: ['Sound'], [tx.id]: 'ok', [rt.id]: 4 },
      ],
    );

    const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    const body = res.json<ResultsResponse>();
    expect(body).toMatchObject({ surveyId: survey.id, title: 'Festival', state: 'active', totalResponses: 4 });
    expect(body.questions.map((q) => q.id)).toEqual([mc.id, cb.id, tx.id, rt.id]);

    const [day, liked, notes, overall] = body.questions;
    expect(day).toEqual({
      id: mc.id,
      text: 'Which day?',
      type: 'multiple_choice',
      isDeleted: false,
      required: true,
      answeredCount: 4,
      seenCount: 4,
      statistics: [
        { answer: 'Friday', count: 3, percentage: 75 },
        { answer: 'Saturday', count: 1, percentage: 25 },
        { answer: 'Sunday', count: 0, percentage: 0 },
      ],
    });
    // A checkbox share is the share of respondents who ticked it: together past 100 %.
    expect(liked!.statistics).toEqual([
      { answer: 'Food', count: 3, percentage: 75 },
      { answer: 'Sound', count: 3, percentage: 75 },
      { answer: 'Tickets', count: 1, percentage: 25 },
    ]);
    expect(liked!.statistics.reduce((sum, s) => sum + s.percentage, 0)).toBe(175);
    // Text questions carry no statistics, only how many answered.
    expect(notes).toMatchObject({ type: 'text', answeredCount: 3, statistics: [] });
    expect(overall).toMatchObject({
      type: 'rating',
      answeredCount: 4,
      ratingCount: 4,
      average: 3.75,
      ratingScale: FIVE_POINT_SCALE,
      statistics: [
        { answer: '1', count: 0, percentage: 0 },
        { answer: '2', count: 1, percentage: 25 },
        { answer: '3', count: 0, percentage: 0 },
        { answer: '4', count: 2, percentage: 50 },
        { answer: '5', count: 1, percentage: 25 },
      ],
    });
    // The newest page of responses comes with the statistics, newest first.
    expect(body.responses).toHaveLength(4);
    expect(body.responses[0]!.answers).toEqual({ [mc.id]: 'Friday', [cb.id]: ['Sound'], [tx.id]: 'ok', [rt.id]: 4 });
    expect(body.nextCursor).toBeNull();
  });

  it('gives a survey without responses every option at zero and no average', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { questions: [mc, rt] });
    const body = (
      await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token })
    ).json<ResultsResponse>();
    expect(body.totalResponses).toBe(0);
    expect(body.responses).toEqual([]);
    expect(body.questions[0]!.statistics.map((s) => [s.answer, s.count, s.percentage])).toEqual([
      ['Friday', 0, 0],
      ['Saturday', 0, 0],
      ['Sunday', 0, 0],
    ]);
    expect(body.questions[1]).toMatchObject({ average: null, ratingCount: 0, answeredCount: 0 });
  });

  it('keeps answers no longer among the options, lists deleted questions last, and shares by who answered', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [mc, cb, rt] });
    await record(
      t,
      survey.id,
      [mc, cb, rt],
      [
        { [mc.id]: 'Friday', [cb.id]: ['Tickets'], [rt.id]: 1 },
        { [mc.id]: 'Friday', [cb.id]: ['Food', 'Tickets'], [rt.id]: 2 },
        { [mc.id]: 'Sunday', [cb.id]: ['Food'], [rt.id]: 2 },
      ],
    );
    // The owner edits: Friday is dropped and Monday added, the checkbox question is removed,
    // and a new question is added that only later respondents see.
    const added = question.multipleChoice('Come again?', ['Yes', 'No'], 'q-again');
    const db = t.ctx.db.kysely;
    await db
      .updateTable('questions')
      .set({ options: JSON.stringify(['Saturday', 'Sunday', 'Monday']) })
      .where('survey_id', '=', survey.id)
      .where('id', '=', mc.id)
      .execute();
    await db
      .updateTable('questions')
      .set({ is_deleted: 1 })
      .where('survey_id', '=', survey.id)
      .where('id', '=', cb.id)
      .execute();
    await db
      .insertInto('questions')
      .values({
        survey_id: survey.id,
        id: added.id,
        position: 3,
        text: added.text,
        type: added.type,
        options: JSON.stringify(added.options),
        rating_scale: null,
        is_deleted: 0,
        required: 1,
        description: null,
        settings: null,
        logic: null,
      })
      .execute();
    const mcNow: Question = { ...mc, options: ['Saturday', 'Sunday', 'Monday'] };
    await record(
      t,
      survey.id,
      [mcNow, rt, added],
      [
        { [mcNow.id]: 'Monday', [rt.id]: 5, [added.id]: 'Yes' },
        { [mcNow.id]: 'Saturday', [rt.id]: 4, [added.id]: 'Yes' },
        { [mcNow.id]: 'Sunday', [rt.id]: 5, [added.id]: 'No' },
      ],
    );

    const body = (
      await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token })
    ).json<ResultsResponse>();
    expect(body.totalResponses).toBe(6);
    expect(body.questions.map((q) => [q.id, q.isDeleted])).toEqual([
      [mc.id, false],
      [rt.id, false],
      [added.id, false],
      [cb.id, true],
    ]);
    const [day, overall, again, liked] = body.questions;
    expect(day!.statistics).toEqual([
      { answer: 'Saturday', count: 1, percentage: 16.7 },
      { answer: 'Sunday', count: 2, percentage: 33.3 },
      { answer: 'Monday', count: 1, percentage: 16.7 },
      { answer: 'Friday', count: 2, percentage: 33.3 },
    ]);
    expect(overall).toMatchObject({ ratingCount: 6, average: 19 / 6 });
    // Only three responses saw the new question: shares are of those three.
    expect(again).toMatchObject({
      answeredCount: 3,
      statistics: [
        { answer: 'Yes', count: 2, percentage: 66.7 },
        { answer: 'No', count: 1, percentage: 33.3 },
      ],
    });
    expect(liked).toMatchObject({
      text: cb.text,
      isDeleted: true,
      answeredCount: 3,
      statistics: [
        { answer: 'Food', count: 2, percentage: 66.7 },
        { answer: 'Sound', count: 0, percentage: 0 },
        { answer: 'Tickets', count: 2, percentage: 66.7 },
      ],
    });
  });

  it('reads statistics from the running counts, not from the stored responses', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { questions: [mc] });
    await record(t, survey.id, [mc], [{ [mc.id]: 'Sunday' }]);
    // Take the response row away: the kept counts still tell the answer.
    await t.ctx.db.kysely.deleteFrom('responses').where('survey_id', '=', survey.id).execute();
    const body = (
      await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token })
    ).json<ResultsResponse>();
    expect(body.totalResponses).toBe(1);
    expect(body.questions[0]!.statistics.find((s) => s.answer === 'Sunday')).toEqual({
      answer: 'Sunday',
      count: 1,
      percentage: 100,
    });
    expect(body.responses).toEqual([]);
  });
});

describe(`results: the "Other" texts with the statistics (${TEST_DIALECT})`, () => {
  const t = useTestApp();
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
  const questions = [mc, heard, liked];

  /** 60 responses, oldest first: every third hears of us by Radio, the others in their own words. */
  function answersOf(i: number): Record<string, AnswerValue> {
    return {
      'q-day': i % 2 === 0 ? 'Friday' : 'Saturday',
      'q-heard': i % 3 === 0 ? 'Radio' : `Own words ${i}`,
      'q-liked': i % 4 === 0 ? ['Food', `  Liked ${i}  `] : ['Sound'],
    };
  }

  async function surveyWithResponses() {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions });
    // One at a time, so each response is newer than the one before.
    for (let i = 0; i < 60; i += 1) await record(t, s.id, questions, [answersOf(i)]);
    return { owner, s };
  }

  const own = (keep: (i: number) => boolean, pick: (i: number) => string | undefined) =>
    Array.from({ length: 60 }, (_, i) => 59 - i)
      .filter(keep)
      .flatMap((i) => {
        const text = pick(i);
        return text === undefined ? [] : [text];
      });

  it('lists the newest 50 "Other" texts, newest first, with how many gave one', async () => {
    const { owner, s } = await surveyWithResponses();
    const res = await request(t.app, 'GET', `/api/surveys/${s.id}/results`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(res.json<ResultsResponse>().questions.map((q) => [q.id, q]));
    const heardTexts = own(
      () => true,
      (i) => (i % 3 === 0 ? undefined : `Own words ${i}`),
    );
    expect(heardTexts).toHaveLength(40);
    expect(byId.get('q-heard')!.otherTexts).toEqual({ texts: heardTexts, total: 40 });
    expect(byId.get('q-heard')!.statistics.find((st) => st.answer === 'Other')?.count).toBe(40);
    expect(byId.get('q-liked')!.otherTexts).toEqual({
      texts: own(
        () => true,
        (i) => (i % 4 === 0 ? `Liked ${i}` : undefined),
      ),
      total: 15,
    });
    // A question that offers no "Other" has none.
    expect(byId.get('q-day')).not.toHaveProperty('otherTexts');
  });

  it(`lists at most ${OTHER_TEXTS_LISTED} texts, the total counting them all`, async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [heard] });
    for (let i = 0; i < 60; i += 1) await record(t, s.id, [heard], [{ 'q-heard': `Mine ${i}` }]);
    const res = await request(t.app, 'GET', `/api/surveys/${s.id}/results`, { token: owner.token });
    const other = res.json<ResultsResponse>().questions[0]!.otherTexts!;
    expect(other.total).toBe(60);
    expect(other.texts).toEqual(Array.from({ length: OTHER_TEXTS_LISTED }, (_, i) => `Mine ${59 - i}`));
  });

  it('lists the texts of the responses a filter keeps, with their total', async () => {
    const { owner, s } = await surveyWithResponses();
    const filters = encodeURIComponent(JSON.stringify([{ questionId: 'q-day', operator: 'equals', value: 'Friday' }]));
    const res = await request(t.app, 'GET', `/api/surveys/${s.id}/results?filters=${filters}`, {
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ResultsResponse>();
    expect(body.matchingResponses).toBe(30);
    const byId = new Map(body.questions.map((q) => [q.id, q]));
    const friday = (i: number) => i % 2 === 0;
    const heardTexts = own(friday, (i) => (i % 3 === 0 ? undefined : `Own words ${i}`));
    expect(byId.get('q-heard')!.otherTexts).toEqual({ texts: heardTexts, total: heardTexts.length });
    expect(heardTexts).toHaveLength(20);
    expect(byId.get('q-liked')!.otherTexts).toEqual({
      texts: own(friday, (i) => (i % 4 === 0 ? `Liked ${i}` : undefined)),
      total: 15,
    });
  });
});

describe(`results access (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('lets the owner and any administrator in; others get 404, anonymous 401', async () => {
    const owner = await createUser(t.ctx);
    const stranger = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
    for (const path of [`/api/surveys/${survey.id}/results`, `/api/surveys/${survey.id}/responses`]) {
      expect((await request(t.app, 'GET', path, { token: owner.token })).statusCode).toBe(200);
      expect((await request(t.app, 'GET', path, { token: admin.token })).statusCode).toBe(200);
      const other = await request(t.app, 'GET', path, { token: stranger.token });
      expectError(other, 404, 'SURVEY_NOT_FOUND', { message: 'Survey not found' });
      expect((await request(t.app, 'GET', path)).statusCode).toBe(401);
      expect((await request(t.app, 'GET', path, { token: 'not-a-token' })).statusCode).toBe(401);
    }
    const unknown = await request(t.app, 'GET', `/api/surveys/${newId()}/results`, { token: owner.token });
    expectError(unknown, 404, 'SURVEY_NOT_FOUND', { message: 'Survey not found' });
  });

  it('hides a deleted survey from its owner but not from an administrator', async () => {
    const owner = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'deleted' });
    expect((await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token })).statusCode).toBe(
      404,
    );
    expect((await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: admin.token })).statusCode).toBe(
      200,
    );
  });
});

describe(`response pages (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('pages newest first by cursor with no gaps or repeats while new responses arrive', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [mc] });
    const first = await record(
      t,
      survey.id,
      [mc],
      Array.from({ length: 120 }, (_, i) => ({ [mc.id]: mc.options[i % 3]! })),
    );

    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const query = cursor ? `?limit=50&cursor=${cursor}` : '?limit=50';
      const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/responses${query}`, { token: owner.token });
      expect(res.statusCode).toBe(200);
      const page = res.json<ResponsesPage>();
      seen.push(...page.responses.map((r) => r.responseId));
      cursor = page.nextCursor;
      pages += 1;
      // Responses keep arriving between pages.
      await record(t, survey.id, [mc], [{ [mc.id]: 'Sunday' }, { [mc.id]: 'Friday' }]);
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen).toEqual([...first].reverse());
    expect(new Set(seen).size).toBe(120);
  });

  it('gives the newest 50 with the results and a cursor to the rest', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { questions: [mc] });
    const ids = await record(
      t,
      survey.id,
      [mc],
      Array.from({ length: 51 }, () => ({ [mc.id]: 'Friday' })),
    );
    const body = (
      await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token })
    ).json<ResultsResponse>();
    expect(body.responses.map((r) => r.responseId)).toEqual(ids.slice(1).reverse());
    expect(body.nextCursor).toBe(ids[1]);
    const rest = (
      await request(t.app, 'GET', `/api/surveys/${survey.id}/responses?cursor=${body.nextCursor}`, {
        token: owner.token,
      })
    ).json<ResponsesPage>();
    expect(rest).toEqual({
      responses: [
        {
          responseId: ids[0],
          submittedAt: expect.any(String),
          answers: { [mc.id]: 'Friday' },
          durationSeconds: null,
          flags: [],
          language: 'en',
        },
      ],
      nextCursor: null,
    });
    const defaultPage = (
      await request(t.app, 'GET', `/api/surveys/${survey.id}/responses`, { token: owner.token })
    ).json<ResponsesPage>();
    expect(defaultPage.responses).toHaveLength(50);
  });

  it('refuses limits outside 1–500 and malformed cursors with 400', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id);
    for (const query of ['limit=501', 'limit=0', 'limit=abc', "cursor=x'%20or%201=1"]) {
      const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/responses?${query}`, { token: owner.token });
      expectError(res, 400, 'VALIDATION_FAILED', undefined, query);
    }
    expect(
      (await request(t.app, 'GET', `/api/surveys/${survey.id}/responses?limit=500`, { token: owner.token })).statusCode,
    ).toBe(200);
  });
});
