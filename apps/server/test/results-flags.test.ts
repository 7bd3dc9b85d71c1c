import {
  FIVE_POINT_SCALE,
  NPS_OPTIONS,
  type AnswerValue,
  type Question,
  type ResponsesPage,
  type ResultsResponse,
} from '@quorum/contract';
import { describe, expect, it } from 'vitest';
import { createSurvey, createUser, question } from '@quorum/test-support/factories';
import { recordResponses } from '../src/projections';
import { flagResponses, isStraightliner } from '../src/modules/results/response-flags';
import { durationSecondsOf } from '../src/modules/results/result-rows';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';

const r1 = question.rating('Food?', FIVE_POINT_SCALE, 'r1');
const r2 = question.rating('Sound?', FIVE_POINT_SCALE, 'r2');
const r3 = question.rating('Staff?', FIVE_POINT_SCALE, 'r3');
const nps: Question = { id: 'n1', text: 'Recommend?', type: 'nps', options: [...NPS_OPTIONS] };
const grid: Question = { id: 'g1', text: 'Grid', type: 'matrix', options: ['1', '2', '3'], rows: ['A', 'B'] };
const note: Question = { ...question.text('Why?', 't1'), required: false };

describe('straightlining', () => {
  const questions = [r1, r2, r3, nps, grid, note];
  it('needs at least four rating, NPS or matrix items, all with the same answer', () => {
    expect(isStraightliner(questions, { r1: 3, r2: 3, r3: 3, n1: 3 })).toBe(true);
    expect(isStraightliner(questions, { r1: 3, r2: 3, r3: 3 })).toBe(false);
    expect(isStraightliner(questions, { r1: 3, r2: 3, r3: 3, n1: 4 })).toBe(false);
    // Each matrix row is an item.
    expect(isStraightliner(questions, { r1: 2, r2: 2, g1: ['2', '2'] })).toBe(true);
    expect(isStraightliner(questions, { r1: 2, r2: 2, g1: ['2', '3'] })).toBe(false);
    expect(isStraightliner(questions, { r1: 2, g1: ['2', '2'] })).toBe(false);
    // Text answers are not items.
    expect(isStraightliner(questions, { r1: 1, r2: 1, r3: 1, t1: '1' })).toBe(false);
    expect(isStraightliner(questions, {})).toBe(false);
  });

  it('shows durations in seconds with one decimal', () => {
    expect(durationSecondsOf(12_345)).toBe(12.3);
    expect(durationSecondsOf('61050')).toBe(61.1);
    expect(durationSecondsOf(null)).toBeNull();
  });
});

let sequence = 0;
const nextId = () => `0194${String((sequence += 1)).padStart(4, '0')}-0000-7000-8000-000000000000`;

interface Seed {
  answers: Record<string, AnswerValue>;
  durationMs?: number;
  textHash?: string;
}

async function seed(t: TestApp, surveyId: string, questions: Question[], seeds: Seed[]): Promise<string[]> {
  const items = seeds.map((s, i) => ({
    id: nextId(),
    submittedAt: new Date(Date.UTC(2026, 4, 1, 10, i)).toISOString(),
    answers: s.answers,
  }));
  await recordResponses(t.ctx.db, surveyId, questions, items);
  // What the submission stores beside the answers: the time taken and the fingerprint of the text answers.
  for (const [i, s] of seeds.entries()) {
    await t.ctx.db.kysely
      .updateTable('responses')
      .set({ duration_ms: s.durationMs ?? null, text_hash: s.textHash ?? null })
      .where('id', '=', items[i]!.id)
      .execute();
  }
  return items.map((item) => item.id);
}

/** The completion-time counters a submission keeps: `count` completions of `seconds` each. */
async function completions(t: TestApp, surveyId: string, seconds: number, count: number) {
  await t.ctx.db.kysely.insertInto('completion_times').values({ survey_id: surveyId, seconds, count }).execute();
}

describe(`quality flags (${TEST_DIALECT})`, () => {
  const t = useTestApp();
  const questions = [r1, r2, r3, nps, note];

  async function fixture(completionCount: number) {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions });
    await completions(t, survey.id, 60, completionCount);
    const ids = await seed(t, survey.id, questions, [
      // 0: fine
      { answers: { r1: 4, r2: 5, r3: 3, n1: 9, t1: 'Great food' }, durationMs: 65_000, textHash: 'h-great' },
      // 1: a speeder (under a third of the 60-second median)
      { answers: { r1: 2, r2: 3, r3: 4, n1: 5 }, durationMs: 19_999 },
      // 2: exactly a third is not too fast; a straightliner
      { answers: { r1: 5, r2: 5, r3: 5, n1: 5 }, durationMs: 20_000 },
      // 3: the same text answers as response 0, later: a duplicate
      { answers: { r1: 1, r2: 2, r3: 3, n1: 10, t1: ' great  FOOD ' }, durationMs: 70_000, textHash: 'h-great' },
      // 4: no visit, no time
      { answers: { r1: 3, r2: 1, r3: 2, n1: 7 } },
    ]);
    const get = async <T>(path: string) => {
      const res = await request(t.app, 'GET', `/api/surveys/${survey.id}${path}`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    return { owner, survey, ids, get };
  }

  it('flags speeders, straightliners and duplicates on every response row', async () => {
    const { survey, ids, get } = await fixture(10);
    const flagsById = (rows: ResponsesPage['responses']) => new Map(rows.map((r) => [r.responseId, r.flags]));
    const expected = new Map([
      [ids[0], []],
      [ids[1], ['speeder']],
      [ids[2], ['straightliner']],
      [ids[3], ['duplicate']],
      [ids[4], []],
    ]);
    const results = await get<ResultsResponse>('/results');
    expect(flagsById(results.responses)).toEqual(expected);
    expect(results.responses.find((r) => r.responseId === ids[1])!.durationSeconds).toBe(20);
    expect(results.responses.find((r) => r.responseId === ids[4])!.durationSeconds).toBeNull();
    expect(flagsById((await get<ResponsesPage>('/responses?limit=2')).responses)).toEqual(
      new Map([
        [ids[4], []],
        [ids[3], ['duplicate']],
      ]),
    );
    // The one function the response detail calls.
    const rows = await t.ctx.db.kysely
      .selectFrom('responses')
      .select(['id', 'answers', 'duration_ms', 'text_hash'])
      .where('id', '=', ids[3]!)
      .execute();
    expect(await flagResponses(t.ctx.db.kysely, survey.id, rows)).toEqual(new Map([[ids[3], ['duplicate']]]));
  });

  it('calls nobody a speeder before ten completions have a time', async () => {
    const { ids, get } = await fixture(9);
    const results = await get<ResultsResponse>('/results');
    expect(results.responses.find((r) => r.responseId === ids[1])!.flags).toEqual([]);
  });

  it('leaves flagged responses out of statistics, the response list and both exports with hideFlagged', async () => {
    const { owner, survey, ids, get } = await fixture(10);
    const hidden = await get<ResultsResponse>('/results?hideFlagged=true');
    expect(hidden.matchingResponses).toBe(2);
    expect(hidden.totalResponses).toBe(5);
    expect(hidden.responses.map((r) => r.responseId)).toEqual([ids[4], ids[0]]);
    expect(hidden.questions[0]).toMatchObject({ answeredCount: 2, average: 3.5 });
    expect((await get<ResponsesPage>('/responses?hideFlagged=true')).responses.map((r) => r.responseId)).toEqual([
      ids[4],
      ids[0],
    ]);
    // With a date range that starts after the first response, the duplicate is still found.
    const later = await get<ResultsResponse>('/results?hideFlagged=true&from=2026-05-01T10:01:00Z');
    expect(later.responses.map((r) => r.responseId)).toEqual([ids[4]]);
    const laterPage = await get<ResponsesPage>('/responses?hideFlagged=true&from=2026-05-01T10:01:00Z');
    expect(laterPage.responses.map((r) => r.responseId)).toEqual([ids[4]]);

    for (const format of ['csv', 'xlsx'] as const) {
      const link = await request(t.app, 'POST', `/api/surveys/${survey.id}/results/export-link`, {
        token: owner.token,
        body: { format, hideFlagged: true },
      });
      const { url } = link.json<{ url: string }>();
      expect(url).toContain('&hideFlagged=true');
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      if (format === 'csv') {
        const lines = file.payload.trim().split('\r\n').slice(1);
        expect(lines.map((line) => line.split(',')[0])).toEqual([ids[0], ids[4]]);
      }
    }
  });
});
