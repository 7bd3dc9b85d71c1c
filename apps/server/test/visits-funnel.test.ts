import { describe, expect, it } from 'vitest';
import {
  canFollow,
  VISIT_PROGRESS_HOURS,
  type AnswerValue,
  type CreateVisitResponse,
  type Question,
  type ResponseRow,
} from '@quorum/contract';
import { createSurvey, createUser, question, type CreatedSurvey } from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import { textFingerprint } from '../src/modules/responses/text-fingerprint';
import { readFunnel } from '../src/modules/results/funnel';
import { QUARTER_MS } from '../src/modules/tallies/timeline';
import { completeVisit, reachQuestion } from '../src/modules/visits/visit-progress';
import { sweepVisits, VISIT_RETENTION_DAYS } from '../src/modules/visits/visit-sweep';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

/** A clock the tests set by hand, in whole seconds. */
function settableClock(start: string) {
  let now = Date.parse(start);
  return {
    now: () => new Date(now),
    advanceSeconds(seconds: number) {
      now += seconds * 1000;
    },
    set(iso: string) {
      now = Date.parse(iso);
    },
  };
}

const clock = settableClock('2026-06-01T09:00:00.000Z');

const openVisit = async (t: TestApp, surveyId: string, remoteAddress?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/surveys/${surveyId}/visits`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreateVisitResponse>().visitId;
};

const progress = (t: TestApp, surveyId: string, visitId: string, questionId: string) =>
  request(t.app, 'POST', `/api/surveys/${surveyId}/visits/${visitId}/progress`, { body: { questionId } });

const reach = async (t: TestApp, surveyId: string, visitId: string, ...questionIds: string[]) => {
  for (const questionId of questionIds) {
    const res = await progress(t, surveyId, visitId, questionId);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
  }
};

const submit = (t: TestApp, surveyId: string, answers: Record<string, AnswerValue>, visitId?: string) =>
  request(t.app, 'POST', `/api/surveys/${surveyId}/responses`, {
    body: {
      answers: Object.entries(answers).map(([questionId, answer]) => ({ questionId, answer })),
      ...(visitId === undefined ? {} : { visitId }),
    },
  });

const funnelOf = (t: TestApp, s: CreatedSurvey) =>
  readFunnel(
    t.ctx.db.kysely,
    s.id,
    s.questions.map((q) => q.id),
  );

async function storedResponse(t: TestApp, responseId: string) {
  const row = await t.ctx.db.kysely
    .selectFrom('responses')
    .select(['duration_ms', 'visit_id', 'text_hash'])
    .where('id', '=', responseId)
    .executeTakeFirstOrThrow();
  return { ...row, duration_ms: row.duration_ms === null ? null : Number(row.duration_ms) };
}

const threeQuestions = (): Question[] => [
  question.multipleChoice('Which day?', ['Friday', 'Saturday'], 'q1'),
  question.rating('How was it?', undefined, 'q2'),
  question.text('Anything else?', 'q3'),
];
const fullAnswers = { q1: 'Friday', q2: 4, q3: 'Great sound' };

describe('visit progress rules', () => {
  it('counts a question reached once, and the question before it as answered, the first pass as a start', () => {
    const first = reachQuestion({ reached: [], passed: [] }, 'a');
    expect(first).toEqual({ path: { reached: ['a'], passed: [] }, reached: 'a', started: false });
    const second = reachQuestion(first.path, 'b');
    expect(second).toEqual({
      path: { reached: ['a', 'b'], passed: ['a'] },
      reached: 'b',
      answered: 'a',
      started: true,
    });
    // Back to a question already reached: nothing.
    expect(reachQuestion(second.path, 'a')).toEqual({ path: second.path, started: false });
    const third = reachQuestion(second.path, 'c');
    expect(third).toMatchObject({ reached: 'c', answered: 'b', started: false });
    expect(completeVisit(third.path)).toEqual({
      path: { reached: ['a', 'b', 'c'], passed: ['a', 'b', 'c'] },
      answered: 'c',
      started: false,
    });
  });

  it('counts a visit that never went on from a question as started when it completes', () => {
    expect(completeVisit({ reached: ['only'], passed: [] })).toEqual({
      path: { reached: ['only'], passed: ['only'] },
      answered: 'only',
      started: true,
    });
    expect(completeVisit({ reached: [], passed: [] })).toEqual({ path: { reached: [], passed: [] }, started: true });
  });
});

describe('which question can follow a visit', () => {
  const flow = [
    { id: 'a', logic: [{ when: { operator: 'skipped' as const }, goTo: 'd' }] },
    { id: 'b' },
    { id: 'c', logic: [{ when: { operator: 'answered' as const }, goTo: 'a' }] },
    { id: 'd' },
  ];

  it('allows the first question, a question reached, the next one, and a rule target from one reached', () => {
    expect(canFollow(flow, [], 'a')).toBe(true);
    expect(canFollow(flow, [], 'b')).toBe(false);
    expect(canFollow(flow, ['a'], 'b')).toBe(true);
    expect(canFollow(flow, ['a'], 'd')).toBe(true);
    expect(canFollow(flow, ['a'], 'c')).toBe(false);
    expect(canFollow(flow, ['a', 'b'], 'c')).toBe(true);
    expect(canFollow(flow, ['a', 'b'], 'b')).toBe(true);
    // A rule pointing backwards is no way forward, and an unknown question follows nothing.
    expect(canFollow([{ id: 'x' }, { id: 'y', logic: [{ when: { operator: 'answered' }, goTo: 'x' }] }], [], 'x')).toBe(
      true,
    );
    expect(canFollow(flow, ['a', 'b', 'c', 'd'], 'e')).toBe(false);
  });
});

describe('text fingerprint', () => {
  const questions = [question.text('A', 'b-text'), question.text('B', 'a-text'), question.rating('R', undefined, 'r')];

  it('is the same for the same text answers whatever their case, spacing and order of keys', () => {
    const one = textFingerprint(questions, { 'a-text': 'Great  Sound', 'b-text': ' Loved it\n', r: 4 });
    const two = textFingerprint(questions, { 'b-text': 'loved IT', 'a-text': 'great sound', r: 1 });
    expect(one).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(two).toBe(one);
    expect(textFingerprint(questions, { 'a-text': 'great sound', 'b-text': 'hated it' })).not.toBe(one);
    // Which question said it matters.
    expect(textFingerprint(questions, { 'a-text': 'x' })).not.toBe(textFingerprint(questions, { 'b-text': 'x' }));
  });

  it('is null without a non-empty text answer', () => {
    expect(textFingerprint(questions, { r: 5 })).toBeNull();
    expect(textFingerprint(questions, { 'a-text': '   ', r: 5 })).toBeNull();
  });
});

describe(`visits and the funnel (${TEST_DIALECT})`, () => {
  const t = useTestApp({ submitRateLimit: 1000 }, { clock });

  async function activeSurvey(questions = threeQuestions(), settings = {}) {
    const owner = await createUser(t.ctx);
    return createSurvey(t.ctx, owner.id, { state: 'active', questions, settings });
  }

  it('counts views, starts, completions and drop-off per question after partial runs', async () => {
    const s = await activeSurvey();
    // One visitor only looks.
    await openVisit(t, s.id);
    // One goes to the second question, back and forth, and leaves.
    const leaver = await openVisit(t, s.id);
    await reach(t, s.id, leaver, 'q1', 'q2', 'q1', 'q2', 'q2');
    // One answers everything and submits.
    const finisher = await openVisit(t, s.id);
    await reach(t, s.id, finisher, 'q1', 'q2', 'q3', 'q2', 'q3');
    const res = await submit(t, s.id, fullAnswers, finisher);
    expect(res.statusCode, res.body).toBe(201);

    expect(await funnelOf(t, s)).toEqual({
      views: 3,
      starts: 2,
      completions: 1,
      completionRate: 33.3,
      medianCompletionSeconds: 0,
      dropOff: [
        { questionId: 'q1', reached: 2, answered: 2 },
        { questionId: 'q2', reached: 2, answered: 1 },
        { questionId: 'q3', reached: 1, answered: 1 },
      ],
    });
    const visit = await t.ctx.db.kysely
      .selectFrom('visits')
      .selectAll()
      .where('id', '=', finisher)
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ survey_id: s.id, response_id: res.json().responseId });
    expect(JSON.parse(visit.reached)).toEqual(['q1', 'q2', 'q3']);
    expect(JSON.parse(visit.passed)).toEqual(['q1', 'q2', 'q3']);
    expect(visit.completed_at).not.toBeNull();
  });

  it('stores no answer before submission: a visit keeps question ids only', async () => {
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    await reach(t, s.id, visitId, 'q1');
    // Anything but the question id is refused.
    const extra = await request(t.app, 'POST', `/api/surveys/${s.id}/visits/${visitId}/progress`, {
      body: { questionId: 'q1', answer: 'Friday' },
    });
    expectError(extra, 400, 'VALIDATION_FAILED');
    const row = await t.ctx.db.kysely.selectFrom('visits').selectAll().where('id', '=', visitId).executeTakeFirst();
    expect(JSON.stringify(row)).not.toContain('Friday');
    expect(await t.ctx.db.kysely.selectFrom('responses').select('id').where('survey_id', '=', s.id).execute()).toEqual(
      [],
    );
  });

  it('keeps the median time from opening the page to submitting, and each response its duration', async () => {
    const s = await activeSurvey();
    const ids: string[] = [];
    for (const seconds of [30, 200, 90]) {
      const visitId = await openVisit(t, s.id);
      await reach(t, s.id, visitId, 'q1', 'q2', 'q3');
      clock.advanceSeconds(seconds);
      const res = await submit(t, s.id, fullAnswers, visitId);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().responseId as string);
    }
    expect((await funnelOf(t, s)).medianCompletionSeconds).toBe(90);
    expect((await storedResponse(t, ids[1]!)).duration_ms).toBe(200_000);
    const completions = await t.ctx.db.kysely
      .selectFrom('completion_times')
      .select(['seconds', 'count'])
      .where('survey_id', '=', s.id)
      .orderBy('seconds')
      .execute();
    expect(completions.map((r) => [Number(r.seconds), Number(r.count)])).toEqual([
      [30, 1],
      [90, 1],
      [200, 1],
    ]);
  });

  it('counts a one-question survey submitted straight away as started and its question as answered', async () => {
    const s = await activeSurvey([question.rating('Rate us', undefined, 'only')]);
    const visitId = await openVisit(t, s.id);
    await reach(t, s.id, visitId, 'only');
    expect((await submit(t, s.id, { only: 5 }, visitId)).statusCode).toBe(201);
    expect(await funnelOf(t, s)).toMatchObject({
      views: 1,
      starts: 1,
      completions: 1,
      completionRate: 100,
      dropOff: [{ questionId: 'only', reached: 1, answered: 1 }],
    });
  });

  it('answers 404 VISIT_NOT_FOUND for an unknown visit and a visit of another survey, 400 for an unknown question', async () => {
    const s = await activeSurvey();
    const other = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    expectError(await progress(t, s.id, newId(), 'q1'), 404, 'VISIT_NOT_FOUND');
    expectError(await progress(t, other.id, visitId, 'q1'), 404, 'VISIT_NOT_FOUND');
    expectError(await progress(t, s.id, visitId, 'nope'), 400, 'UNKNOWN_QUESTION', {
      message: 'This survey has no question with id "nope"',
      params: { questionId: 'nope' },
    });
    expect((await funnelOf(t, s)).dropOff.every((d) => d.reached === 0)).toBe(true);
    expect((await funnelOf(t, other)).views).toBe(0);
  });

  it('stores a response with an unknown, foreign or used visit id, without funnel data', async () => {
    const s = await activeSurvey();
    const other = await activeSurvey();
    const foreign = await openVisit(t, other.id);
    const used = await openVisit(t, s.id);
    expect((await submit(t, s.id, fullAnswers, used)).statusCode).toBe(201);
    for (const visitId of [newId(), foreign, used]) {
      const res = await submit(t, s.id, fullAnswers, visitId);
      expect(res.statusCode, res.body).toBe(201);
      expect(await storedResponse(t, res.json().responseId as string)).toMatchObject({
        duration_ms: null,
        visit_id: null,
      });
    }
    expect(await funnelOf(t, s)).toMatchObject({ views: 1, completions: 1, starts: 1 });
    expect(await funnelOf(t, other)).toMatchObject({ views: 1, completions: 0, starts: 0 });
  });

  it('lets two responses naming the same visit at once complete it only once', async () => {
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    const answers = await Promise.all([1, 2, 3].map(() => submit(t, s.id, fullAnswers, visitId)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await funnelOf(t, s)).toMatchObject({ completions: 1, starts: 1 });
    const linked = await t.ctx.db.kysely.selectFrom('responses').select('id').where('visit_id', '=', visitId).execute();
    expect(linked).toHaveLength(1);
  });

  it('counts concurrent progress calls of one visit once', async () => {
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    await reach(t, s.id, visitId, 'q1');
    const calls = await Promise.all(
      ['q2', 'q2', 'q2', 'q2', 'q2', 'q2'].map((questionId) => progress(t, s.id, visitId, questionId)),
    );
    expect(calls.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204, 204]);
    const funnel = await funnelOf(t, s);
    expect(funnel.starts).toBe(1);
    expect(funnel.dropOff).toEqual([
      { questionId: 'q1', reached: 1, answered: 1 },
      { questionId: 'q2', reached: 1, answered: 0 },
      { questionId: 'q3', reached: 0, answered: 0 },
    ]);
  });

  it('refuses progress to a question the visit cannot have reached, storing nothing', async () => {
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    // Straight to the last question: it can only follow the second.
    expectError(await progress(t, s.id, visitId, 'q3'), 409, 'VISIT_PROGRESS_OUT_OF_ORDER', {
      message: 'Question "q3" cannot follow the questions this visit has reached',
      params: { questionId: 'q3' },
    });
    await reach(t, s.id, visitId, 'q1');
    expectError(await progress(t, s.id, visitId, 'q3'), 409, 'VISIT_PROGRESS_OUT_OF_ORDER');
    const row = await t.ctx.db.kysely
      .selectFrom('visits')
      .select(['reached', 'passed'])
      .where('id', '=', visitId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.reached)).toEqual(['q1']);
    expect(JSON.parse(row.passed)).toEqual([]);
    expect(await funnelOf(t, s)).toMatchObject({
      views: 1,
      starts: 0,
      dropOff: [
        { questionId: 'q1', reached: 1, answered: 0 },
        { questionId: 'q2', reached: 0, answered: 0 },
        { questionId: 'q3', reached: 0, answered: 0 },
      ],
    });
  });

  it('counts a question reported again on the same visit once (a reload of the step)', async () => {
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    await reach(t, s.id, visitId, 'q1', 'q1', 'q2', 'q2', 'q1', 'q2');
    expect((await funnelOf(t, s)).dropOff).toEqual([
      { questionId: 'q1', reached: 1, answered: 1 },
      { questionId: 'q2', reached: 1, answered: 0 },
      { questionId: 'q3', reached: 0, answered: 0 },
    ]);
  });

  it('takes a path that jumps by a skip-logic rule, and only the jumps the rules allow', async () => {
    const questions: Question[] = [
      {
        ...question.multipleChoice('Did you attend?', ['Yes', 'No'], 'attended'),
        logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'why-not' }],
      },
      question.rating('How was it?', undefined, 'rating'),
      question.text('Best moment?', 'best'),
      question.text('Why not?', 'why-not'),
    ];
    const s = await activeSurvey(questions);
    const visitId = await openVisit(t, s.id);
    await reach(t, s.id, visitId, 'attended', 'why-not');
    // No rule leads from the questions reached to "best", and it does not come next after any of them.
    expectError(await progress(t, s.id, visitId, 'best'), 409, 'VISIT_PROGRESS_OUT_OF_ORDER');
    // Back to the first question and on in order is a path too.
    await reach(t, s.id, visitId, 'attended', 'rating', 'best');
    expect((await funnelOf(t, s)).dropOff).toEqual([
      { questionId: 'attended', reached: 1, answered: 1 },
      { questionId: 'rating', reached: 1, answered: 1 },
      { questionId: 'best', reached: 1, answered: 0 },
      { questionId: 'why-not', reached: 1, answered: 1 },
    ]);
  });

  it(`refuses progress for a visit opened ${VISIT_PROGRESS_HOURS} hours ago or more, storing nothing`, async () => {
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    await reach(t, s.id, visitId, 'q1');
    clock.advanceSeconds(VISIT_PROGRESS_HOURS * 3600 - 1);
    await reach(t, s.id, visitId, 'q2');
    clock.advanceSeconds(1);
    expectError(await progress(t, s.id, visitId, 'q3'), 409, 'VISIT_EXPIRED', {
      message: `This visit is over: a visit takes progress for ${VISIT_PROGRESS_HOURS} hours`,
      params: { hours: VISIT_PROGRESS_HOURS },
    });
    expect((await funnelOf(t, s)).dropOff).toEqual([
      { questionId: 'q1', reached: 1, answered: 1 },
      { questionId: 'q2', reached: 1, answered: 0 },
      { questionId: 'q3', reached: 0, answered: 0 },
    ]);
  });

  it('counts a respondent who reloads mid-survey once: the page continues its visit, no second view', async () => {
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    await reach(t, s.id, visitId, 'q1', 'q2');
    // The reload: the page shows q2 again on the same visit and goes on from it.
    clock.advanceSeconds(600);
    await reach(t, s.id, visitId, 'q2', 'q3');
    expect((await submit(t, s.id, fullAnswers, visitId)).statusCode).toBe(201);
    expect(await funnelOf(t, s)).toMatchObject({
      views: 1,
      starts: 1,
      completions: 1,
      dropOff: [
        { questionId: 'q1', reached: 1, answered: 1 },
        { questionId: 'q2', reached: 1, answered: 1 },
        { questionId: 'q3', reached: 1, answered: 1 },
      ],
    });
  });

  it('counts a page resumed mid-survey on a new visit as a view and a completion, not its progress', async () => {
    const s = await activeSurvey();
    const expired = await openVisit(t, s.id);
    await reach(t, s.id, expired, 'q1', 'q2');
    clock.advanceSeconds(VISIT_PROGRESS_HOURS * 3600);
    expectError(await progress(t, s.id, expired, 'q2'), 409, 'VISIT_EXPIRED');
    // The page opens a new visit; it has reached nothing, so q2 cannot be where it is.
    const fresh = await openVisit(t, s.id);
    expectError(await progress(t, s.id, fresh, 'q2'), 409, 'VISIT_PROGRESS_OUT_OF_ORDER');
    expectError(await progress(t, s.id, fresh, 'q3'), 409, 'VISIT_PROGRESS_OUT_OF_ORDER');
    expect((await submit(t, s.id, fullAnswers, fresh)).statusCode).toBe(201);
    expect(await funnelOf(t, s)).toMatchObject({
      views: 2,
      starts: 2,
      completions: 1,
      dropOff: [
        { questionId: 'q1', reached: 1, answered: 1 },
        { questionId: 'q2', reached: 1, answered: 0 },
        { questionId: 'q3', reached: 0, answered: 0 },
      ],
    });
  });

  it('accepts and ignores progress after the visit ended in a response', async () => {
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    await reach(t, s.id, visitId, 'q1');
    expect((await submit(t, s.id, fullAnswers, visitId)).statusCode).toBe(201);
    const before = await funnelOf(t, s);
    await reach(t, s.id, visitId, 'q2', 'q3');
    expect(await funnelOf(t, s)).toEqual(before);
  });

  it('takes visits only while the public page takes responses: 404 otherwise', async () => {
    const owner = await createUser(t.ctx);
    const now = clock.now().getTime();
    const surveys = await Promise.all([
      createSurvey(t.ctx, owner.id, { state: 'draft' }),
      createSurvey(t.ctx, owner.id, { state: 'paused' }),
      createSurvey(t.ctx, owner.id, { state: 'closed' }),
      createSurvey(t.ctx, owner.id, { state: 'deleted' }),
      createSurvey(t.ctx, owner.id, {
        state: 'active',
        settings: { opensAt: new Date(now + 3_600_000).toISOString() },
      }),
      createSurvey(t.ctx, owner.id, {
        state: 'active',
        settings: { closesAt: new Date(now - 1000).toISOString() },
      }),
    ]);
    for (const s of surveys) {
      expectError(await request(t.app, 'POST', `/api/surveys/${s.id}/visits`), 404, 'SURVEY_NOT_FOUND');
      expect((await funnelOf(t, s)).views).toBe(0);
    }
    expectError(await request(t.app, 'POST', `/api/surveys/${newId()}/visits`), 404, 'SURVEY_NOT_FOUND');
    // A visit opened while the survey took responses: its progress is refused once the survey is paused.
    const s = await activeSurvey();
    const visitId = await openVisit(t, s.id);
    await t.ctx.db.kysely.updateTable('surveys').set({ state: 'paused' }).where('id', '=', s.id).execute();
    expectError(await progress(t, s.id, visitId, 'q1'), 404, 'SURVEY_NOT_FOUND');
  });

  it('counts every response in the timeline by quarter hour, and fingerprints its text answers', async () => {
    const s = await activeSurvey();
    clock.set('2026-06-02T10:14:59.000Z');
    const a = await submit(t, s.id, { ...fullAnswers, q3: '  Great   SOUND ' });
    clock.set('2026-06-02T10:15:00.000Z');
    const b = await submit(t, s.id, fullAnswers);
    const c = await submit(t, s.id, { q1: 'Saturday', q2: 2, q3: 'Too loud' });
    const rows = await t.ctx.db.kysely
      .selectFrom('response_timeline')
      .select(['quarter', 'count'])
      .where('survey_id', '=', s.id)
      .orderBy('quarter')
      .execute();
    const quarter = Date.parse('2026-06-02T10:15:00.000Z') / QUARTER_MS;
    expect(rows.map((r) => [Number(r.quarter), Number(r.count)])).toEqual([
      [quarter - 1, 1],
      [quarter, 2],
    ]);
    const [ha, hb, hc] = await Promise.all(
      [a, b, c].map(async (r) => (await storedResponse(t, r.json().responseId as string)).text_hash),
    );
    expect(ha).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hb).toBe(ha);
    expect(hc).not.toBe(ha);
  });

  it('shows the duration in the response detail, to one decimal', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: threeQuestions() });
    const visitId = await openVisit(t, s.id);
    clock.advanceSeconds(61.25);
    const res = await submit(t, s.id, fullAnswers, visitId);
    const detail = await request(t.app, 'GET', `/api/surveys/${s.id}/responses/${res.json().responseId}`, {
      token: owner.token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<ResponseRow>()).toMatchObject({ durationSeconds: 61.3, flags: [] });
    const without = await submit(t, s.id, fullAnswers);
    const plain = await request(t.app, 'GET', `/api/surveys/${s.id}/responses/${without.json().responseId}`, {
      token: owner.token,
    });
    expect(plain.json<ResponseRow>().durationSeconds).toBeNull();
  });

  it(`removes visits older than ${VISIT_RETENTION_DAYS} days that never completed, keeping the counters`, async () => {
    const s = await activeSurvey();
    clock.set('2026-07-01T00:00:00.000Z');
    const old = await openVisit(t, s.id);
    const oldCompleted = await openVisit(t, s.id);
    expect((await submit(t, s.id, fullAnswers, oldCompleted)).statusCode).toBe(201);
    clock.set('2026-07-30T00:00:00.000Z');
    const recent = await openVisit(t, s.id);
    clock.set('2026-07-31T00:00:01.000Z');
    const before = await funnelOf(t, s);
    const removed = await sweepVisits(t.ctx);
    expect(removed.abandonedVisits).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.kysely
      .selectFrom('visits')
      .select('id')
      .where('survey_id', '=', s.id)
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([oldCompleted, recent].sort());
    expect(left.map((r) => r.id)).not.toContain(old);
    expect(await funnelOf(t, s)).toEqual(before);
  });
});

describe(`visits per client and survey per hour (${TEST_DIALECT})`, () => {
  const t = useTestApp({ submitRateLimit: 1000, visitsPerClientPerHour: 3 });

  it('caps the views one client address gives one survey in an hour; other clients and surveys go on', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: threeQuestions() });
    const other = await createSurvey(t.ctx, owner.id, { state: 'active', questions: threeQuestions() });
    const address = '10.1.2.3';
    for (let i = 0; i < 3; i++) await openVisit(t, s.id, address);
    const over = await t.app.inject({ method: 'POST', url: `/api/surveys/${s.id}/visits`, remoteAddress: address });
    expectError(over, 429, 'RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60);
    await openVisit(t, other.id, address);
    await openVisit(t, s.id, '10.1.2.4');
    expect((await funnelOf(t, s)).views).toBe(4);
    expect((await funnelOf(t, other)).views).toBe(1);
  });
});

describe(`visit rate limits (${TEST_DIALECT})`, () => {
  const t = useTestApp({ submitRateLimit: 2 });

  it('limits views per client like submissions, and progress calls to a multiple of it', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: threeQuestions() });
    const address = '10.9.8.7';
    const first = await openVisit(t, s.id, address);
    await openVisit(t, s.id, address);
    const third = await t.app.inject({ method: 'POST', url: `/api/surveys/${s.id}/visits`, remoteAddress: address });
    expectError(third, 429, 'RATE_LIMITED');
    // Another client is not held back, and the refused view was not counted.
    await openVisit(t, s.id, '10.9.8.6');
    expect((await funnelOf(t, s)).views).toBe(3);
    // Progress has its own, larger allowance.
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/surveys/${s.id}/visits/${first}/progress`,
        remoteAddress: address,
        payload: { questionId: 'q1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 40).every((status) => status === 204)).toBe(true);
    expect(statuses[40]).toBe(429);
  });
});
