import { describe, expect, it } from 'vitest';
import type {
  AnswerValue,
  CreateVisitResponse,
  Question,
  ResponseRow,
  ResponsesPage,
  ResultsResponse,
} from '@quorum/contract';
import {
  createAdmin,
  createSurvey,
  createUser,
  question,
  type CreatedAccount,
  type CreatedSurvey,
} from '@quorum/test-support/factories';
import type { ResponseStoredEvent } from '../src/events/live-events';
import { newId } from '../src/lib/ids';
import { readFunnel } from '../src/modules/results/funnel';
import { storedCounters } from './support/stored-counters';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

/** Three questions with a skip: "Saturday" goes straight to the last one, so paths differ between responses. */
const questions = (): Question[] => [
  {
    ...question.multipleChoice('Which day?', ['Friday', 'Saturday'], 'q1'),
    logic: [{ when: { operator: 'equals', value: 'Saturday' }, goTo: 'q3' }],
  },
  question.rating('How was it?', undefined, 'q2'),
  question.text('Anything else?', 'q3'),
];

const ANSWERS: Record<string, AnswerValue>[] = [
  { q1: 'Friday', q2: 4, q3: 'Great sound' },
  { q1: 'Saturday', q3: 'Too loud' },
  { q1: 'Friday', q2: 2, q3: 'Long queues' },
];

/** The time, set by each submission: response n opens its page n × 20 minutes after the start. */
let now = Date.parse('2026-06-01T09:00:00.000Z');
const clock = { now: () => new Date(now) };
const START = now;

describe(`response detail and deletion (${TEST_DIALECT})`, () => {
  const t = useTestApp({ submitRateLimit: 1000 }, { clock });

  /** Submits ANSWERS[n]: its page opened at START + n × 20 minutes, submitted (n + 1) × 45 seconds later. */
  async function submit(surveyId: string, n: number, withVisit = true) {
    const answers = ANSWERS[n]!;
    now = START + n * 20 * 60_000;
    let visitId: string | undefined;
    if (withVisit) {
      const visit = await request(t.app, 'POST', `/api/surveys/${surveyId}/visits`);
      expect(visit.statusCode, visit.body).toBe(201);
      visitId = visit.json<CreateVisitResponse>().visitId;
    }
    now += (n + 1) * 45_000;
    const res = await request(t.app, 'POST', `/api/surveys/${surveyId}/responses`, {
      body: {
        answers: Object.entries(answers).map(([questionId, answer]) => ({ questionId, answer })),
        ...(visitId ? { visitId } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ responseId: string }>().responseId;
  }

  /** An owner's active survey with the three responses, each with a visit. */
  async function surveyWithResponses(
    settings = {},
  ): Promise<{ owner: CreatedAccount; survey: CreatedSurvey; ids: string[] }> {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: questions(), settings });
    const ids: string[] = [];
    for (const n of ANSWERS.keys()) ids.push(await submit(survey.id, n));
    return { owner, survey, ids };
  }

  const remove = (surveyId: string, responseId: string, token?: string) =>
    request(t.app, 'DELETE', `/api/surveys/${surveyId}/responses/${responseId}`, { token });
  const detail = (surveyId: string, responseId: string, token?: string) =>
    request(t.app, 'GET', `/api/surveys/${surveyId}/responses/${responseId}`, { token });

  it('shows one response in full to the owner and to administrators', async () => {
    const { owner, survey, ids } = await surveyWithResponses();
    const admin = await createAdmin(t.ctx);
    for (const token of [owner.token, admin.token]) {
      const res = await detail(survey.id, ids[1]!, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ResponseRow>()).toEqual({
        responseId: ids[1],
        submittedAt: expect.any(String),
        answers: ANSWERS[1],
        durationSeconds: expect.any(Number),
        flags: [],
        language: 'en',
      });
    }
  });

  it('answers 404 for an unknown response, one of another survey, and another user asking', async () => {
    const { owner, survey, ids } = await surveyWithResponses();
    const second = await createSurvey(t.ctx, owner.id, { state: 'active', questions: questions() });
    const stranger = await createUser(t.ctx);
    expectError(await detail(survey.id, newId(), owner.token), 404, 'RESPONSE_NOT_FOUND');
    expectError(await detail(second.id, ids[0]!, owner.token), 404, 'RESPONSE_NOT_FOUND');
    expectError(await detail(survey.id, ids[0]!, stranger.token), 404, 'SURVEY_NOT_FOUND');
    expectError(await detail(survey.id, ids[0]!), 401, 'UNAUTHORIZED');
    const before = await storedCounters(t, survey.id);
    expectError(await remove(survey.id, newId(), owner.token), 404, 'RESPONSE_NOT_FOUND');
    expectError(await remove(second.id, ids[0]!, owner.token), 404, 'RESPONSE_NOT_FOUND');
    expect(await storedCounters(t, survey.id)).toEqual(before);
  });

  it('takes a deleted response out of every counter at once, as if it had never been given', async () => {
    const { owner, survey, ids } = await surveyWithResponses();
    // The same survey with only the responses that stay: what the counters must read after the deletion.
    const expected = await createSurvey(t.ctx, owner.id, { state: 'active', questions: questions() });
    await submit(expected.id, 0);
    await submit(expected.id, 2);

    const events: ResponseStoredEvent[] = [];
    const stop = await t.ctx.liveEvents.subscribe(survey.id, (event) => events.push(event));
    const res = await remove(survey.id, ids[1]!, owner.token);
    stop();
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    const after = await storedCounters(t, survey.id);
    const reference = await storedCounters(t, expected.id);
    expect(after.responseCount).toBe(2);
    expect(after.counts).toEqual(reference.counts);
    expect(after.totals).toEqual(reference.totals);
    expect(after.timeline).toEqual(reference.timeline);
    expect(after.timeline).toHaveLength(2);
    expect(after.times).toEqual(reference.times);
    expect(after.times).toEqual([
      { seconds: 45, count: 1 },
      { seconds: 135, count: 1 },
    ]);
    // The view and the start stay: the visit happened. Its completion does not.
    expect(after.funnel).toEqual({ views: 3, starts: 3, completions: 2 });
    const visit = await t.ctx.db.kysely
      .selectFrom('visits')
      .select('id')
      .where('response_id', '=', ids[1]!)
      .executeTakeFirst();
    expect(visit).toBeUndefined();
    expect((await readFunnel(t.ctx.db.kysely, survey.id, ['q1', 'q2', 'q3'])).completionRate).toBe(66.7);

    // The results, the pages of responses and the CSV show it gone.
    const results = (
      await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token })
    ).json<ResultsResponse>();
    expect(results.totalResponses).toBe(2);
    expect(results.responses.map((r) => r.responseId)).toEqual([ids[2], ids[0]]);
    const day = results.questions.find((q) => q.id === 'q1')!;
    expect(day.statistics.map((s) => [s.answer, s.count])).toEqual([
      ['Friday', 2],
      ['Saturday', 0],
    ]);
    expect(day.answeredCount).toBe(2);
    const page = (
      await request(t.app, 'GET', `/api/surveys/${survey.id}/responses`, { token: owner.token })
    ).json<ResponsesPage>();
    expect(page.responses.map((r) => r.responseId)).not.toContain(ids[1]);
    const csv = await request(t.app, 'GET', `/api/surveys/${survey.id}/results.csv`, { token: owner.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Too loud');
    expect(csv.body).toContain('Great sound');
    expect(csv.body).toContain('Long queues');

    // Recorded, and told to open results screens with the new total.
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'response.deleted')
      .where('target_id', '=', survey.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: owner.id, actor_role: 'user', target_type: 'survey' });
    expect(JSON.parse(audit[0]!.details)).toEqual({ responseId: ids[1] });
    expect(events).toEqual([{ surveyId: survey.id, responseId: ids[1], totalResponses: 2 }]);
    expectError(await detail(survey.id, ids[1]!, owner.token), 404, 'RESPONSE_NOT_FOUND');
  });

  it('takes a response without a visit out of the counters without touching the funnel', async () => {
    const { owner, survey } = await surveyWithResponses();
    const plain = await submit(survey.id, 0, false);
    const before = await storedCounters(t, survey.id);
    expect((await remove(survey.id, plain, owner.token)).statusCode).toBe(204);
    const after = await storedCounters(t, survey.id);
    expect(after.funnel).toEqual(before.funnel);
    expect(after.times).toEqual(before.times);
    expect(after.responseCount).toBe(3);
  });

  it('refuses administrators with 403 and other users with 404, changing nothing', async () => {
    const { owner, survey, ids } = await surveyWithResponses();
    const admin = await createAdmin(t.ctx);
    const stranger = await createUser(t.ctx);
    const before = await storedCounters(t, survey.id);
    expectError(await remove(survey.id, ids[0]!, admin.token), 403, 'ADMIN_CANNOT_DELETE_RESPONSES', {
      message: 'Administrators cannot delete responses',
    });
    expectError(await remove(survey.id, ids[0]!, stranger.token), 404, 'SURVEY_NOT_FOUND');
    expectError(await remove(survey.id, ids[0]!), 401, 'UNAUTHORIZED');
    expect(await storedCounters(t, survey.id)).toEqual(before);
    expect((await detail(survey.id, ids[0]!, owner.token)).statusCode).toBe(200);
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('type', '=', 'response.deleted')
      .where('target_id', '=', survey.id)
      .execute();
    expect(audit).toEqual([]);
  });

  it('deletes a response once: a second deletion, at once or later, answers 404 and counts nothing', async () => {
    const { owner, survey, ids } = await surveyWithResponses();
    const answers = await Promise.all([
      remove(survey.id, ids[0]!, owner.token),
      remove(survey.id, ids[0]!, owner.token),
      remove(survey.id, ids[0]!, owner.token),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 404, 404]);
    const once = await storedCounters(t, survey.id);
    expect(once.responseCount).toBe(2);
    expect(once.funnel).toMatchObject({ completions: 2 });
    const friday = once.counts.find((c) => c.question_id === 'q1' && c.answer === 'Friday');
    expect(friday?.count).toBe(1);
    expectError(await remove(survey.id, ids[0]!, owner.token), 404, 'RESPONSE_NOT_FOUND');
    expect(await storedCounters(t, survey.id)).toEqual(once);
  });

  it('keeps a survey its response limit closed closed after a deletion', async () => {
    const { owner, survey, ids } = await surveyWithResponses({ responseLimit: 3 });
    expect((await storedCounters(t, survey.id)).state).toBe('closed');
    expect((await remove(survey.id, ids[0]!, owner.token)).statusCode).toBe(204);
    const after = await storedCounters(t, survey.id);
    expect(after).toMatchObject({ state: 'closed', responseCount: 2 });
    const late = await request(t.app, 'POST', `/api/surveys/${survey.id}/responses`, {
      body: {
        answers: [
          { questionId: 'q1', answer: 'Saturday' },
          { questionId: 'q3', answer: 'Late' },
        ],
      },
    });
    expectError(late, 404, 'SURVEY_NOT_FOUND');
  });

  it('deletes in every state but deleted', async () => {
    const { owner, survey, ids } = await surveyWithResponses();
    for (const [state, id] of [
      ['paused', ids[0]],
      ['closed', ids[1]],
      ['draft', ids[2]],
    ] as const) {
      await t.ctx.db.kysely.updateTable('surveys').set({ state }).where('id', '=', survey.id).execute();
      expect((await remove(survey.id, id!, owner.token)).statusCode, state).toBe(204);
    }
    const again = await surveyWithResponses();
    await t.ctx.db.kysely.updateTable('surveys').set({ state: 'deleted' }).where('id', '=', again.survey.id).execute();
    const before = await storedCounters(t, again.survey.id);
    expectError(await remove(again.survey.id, again.ids[0]!, again.owner.token), 404, 'SURVEY_NOT_FOUND');
    expect(await storedCounters(t, again.survey.id)).toEqual(before);
  });

  it('takes a response out of the statistics of a question deleted since it was given', async () => {
    const { owner, survey, ids } = await surveyWithResponses();
    await t.ctx.db.kysely
      .updateTable('questions')
      .set({ is_deleted: 1 })
      .where('survey_id', '=', survey.id)
      .where('id', '=', 'q2')
      .execute();
    expect((await remove(survey.id, ids[0]!, owner.token)).statusCode).toBe(204);
    const after = await storedCounters(t, survey.id);
    expect(after.totals.find((row) => row.question_id === 'q2')).toMatchObject({ answered: 1, rating_sum: 2 });
    expect(after.counts.filter((row) => row.question_id === 'q2')).toEqual([
      { question_id: 'q2', answer: '2', count: 1 },
    ]);
  });
});
