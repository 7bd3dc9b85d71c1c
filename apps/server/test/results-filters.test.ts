import {
  FIVE_POINT_SCALE,
  NPS_OPTIONS,
  type AnswerValue,
  type Question,
  type ResponsesPage,
  type ResultsFilterCondition,
  type ResultsResponse,
} from '@quorum/contract';
import { describe, expect, it } from 'vitest';
import { createAdmin, createSurvey, createUser, question } from '@quorum/test-support/factories';
import { recordResponses } from '../src/projections';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

// One question of each type; the NPS question sends detractors past the number and date questions.
const day = question.multipleChoice('Which day?', ['Friday', 'Saturday', 'Sunday'], 'q-day');
const liked = question.checkbox('What did you like?', ['Food', 'Sound', 'Tickets'], 'q-liked');
const notes: Question = { ...question.text('Anything else?', 'q-notes'), required: false };
const overall = question.rating('Overall?', FIVE_POINT_SCALE, 'q-overall');
const recommend: Question = {
  id: 'q-nps',
  text: 'Recommend?',
  type: 'nps',
  options: [...NPS_OPTIONS],
  logic: [{ when: { operator: 'less_than', value: 7 }, goTo: 'q-grid' }],
};
const howMany: Question = { id: 'q-num', text: 'How many?', type: 'number', options: [] };
const when: Question = { id: 'q-date', text: 'When?', type: 'date', options: [] };
const where: Question = { id: 'q-where', text: 'Where?', type: 'dropdown', options: ['North', 'South'] };
const order: Question = { id: 'q-rank', text: 'Order', type: 'ranking', options: ['Price', 'Speed', 'Care'] };
const grid: Question = {
  id: 'q-grid',
  text: 'Grid',
  type: 'matrix',
  options: ['Bad', 'Good'],
  rows: ['Food', 'Music'],
};
const QUESTIONS = [day, liked, notes, overall, recommend, howMany, when, where, order, grid];

interface Seed {
  at: string;
  answers: Record<string, AnswerValue>;
  hidden?: Record<string, string>;
}

const full = (d: string, l: string[], o: number, n: number, extra: Record<string, AnswerValue> = {}) => ({
  [day.id]: d,
  [liked.id]: l,
  [overall.id]: o,
  [recommend.id]: n,
  ...(n >= 7 ? { [howMany.id]: String(o * 1.5), [when.id]: '2026-02-0' + String(o), [where.id]: 'North' } : {}),
  [order.id]: ['Speed', 'Price', 'Care'],
  [grid.id]: ['Good', o > 2 ? 'Good' : 'Bad'],
  ...extra,
});

const SEEDS: Seed[] = [
  { at: '2026-03-01T09:00:00.000Z', answers: full('Friday', ['Food', 'Sound'], 5, 10, { [notes.id]: 'Great' }) },
  { at: '2026-03-01T23:30:00.000Z', answers: full('Friday', ['Food'], 4, 9), hidden: { source: 'mail' } },
  { at: '2026-03-02T10:00:00.000Z', answers: full('Saturday', ['Sound', 'Tickets'], 2, 3), hidden: { source: 'web' } },
  { at: '2026-03-03T10:00:00.000Z', answers: full('Sunday', ['Tickets'], 1, 0, { [notes.id]: 'Loud' }) },
  { at: '2026-03-04T12:00:00.000Z', answers: full('Friday', ['Food', 'Tickets'], 3, 8), hidden: { source: 'mail' } },
];

let sequence = 0;
/** Time-ordered ids, unique across fixtures. */
function nextId(): string {
  sequence += 1;
  return `0193${String(sequence).padStart(4, '0')}-0000-7000-8000-000000000000`;
}

async function seed(t: TestApp, surveyId: string, seeds: Seed[], questions = QUESTIONS): Promise<string[]> {
  const items = seeds.map((s) => ({
    id: nextId(),
    submittedAt: s.at,
    answers: s.answers,
    hiddenFields: s.hidden ?? null,
  }));
  await recordResponses(t.ctx.db, surveyId, questions, items);
  return items.map((i) => i.id);
}

const filtersParam = (conditions: ResultsFilterCondition[]) => encodeURIComponent(JSON.stringify(conditions));

describe(`results filters (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  async function fixture() {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      questions: QUESTIONS,
      settings: { hiddenFields: ['source', 'ref'] },
    });
    const ids = await seed(t, survey.id, SEEDS);
    const get = async (query: string) => {
      const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/results?${query}`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ResultsResponse>();
    };
    return { owner, survey, ids, get };
  }

  it('gives exactly the statistics of the counters when the filter keeps every response', async () => {
    const { get } = await fixture();
    const unfiltered = await get('');
    expect(unfiltered.matchingResponses).toBe(5);
    for (const query of [
      'from=2000-01-01',
      `to=2100-01-01T00:00:00Z`,
      `filters=${filtersParam([{ questionId: day.id, operator: 'answered' }])}`,
    ]) {
      const filtered = await get(query);
      expect(filtered.questions, query).toEqual(unfiltered.questions);
      expect(filtered.matchingResponses, query).toBe(5);
      expect(filtered.totalResponses, query).toBe(5);
      expect(filtered.responses, query).toEqual(unfiltered.responses);
      expect(filtered.nextCursor, query).toBeNull();
    }
    // The skip logic's path is counted too: detractors never saw the number question.
    expect(unfiltered.questions.find((q) => q.id === howMany.id)).toMatchObject({ seenCount: 3, answeredCount: 3 });
  });

  it('keeps responses submitted from `from` (inclusive) to `to` (exclusive)', async () => {
    const { get, ids } = await fixture();
    const body = await get('from=2026-03-01T23:30:00Z&to=2026-03-03T10:00:00Z');
    expect(body.matchingResponses).toBe(2);
    expect(body.totalResponses).toBe(5);
    expect(body.responses.map((r) => r.responseId)).toEqual([ids[2], ids[1]]);
    expect(body.questions[0]!.statistics.map((s) => s.count)).toEqual([1, 1, 0]);
    // A date alone is midnight UTC.
    expect((await get('from=2026-03-02')).matchingResponses).toBe(3);
    expect((await get('to=2026-03-02')).matchingResponses).toBe(2);
  });

  it('filters on answers with the comparisons of skip logic, all conditions together', async () => {
    const { get, ids } = await fixture();
    const one = async (conditions: ResultsFilterCondition[]) => get(`filters=${filtersParam(conditions)}`);

    const fridays = await one([{ questionId: day.id, operator: 'equals', value: 'Friday' }]);
    expect(fridays.matchingResponses).toBe(3);
    expect(fridays.questions[0]!.statistics).toEqual([
      { answer: 'Friday', count: 3, percentage: 100 },
      { answer: 'Saturday', count: 0, percentage: 0 },
      { answer: 'Sunday', count: 0, percentage: 0 },
    ]);
    const rating = fridays.questions.find((q) => q.id === overall.id)!;
    expect(rating.average).toBe(4);
    expect(rating.ratingCount).toBe(3);

    expect((await one([{ questionId: liked.id, operator: 'includes', value: 'Tickets' }])).matchingResponses).toBe(3);
    expect((await one([{ questionId: liked.id, operator: 'not_includes', value: 'Food' }])).matchingResponses).toBe(2);
    expect((await one([{ questionId: overall.id, operator: 'less_than', value: 3 }])).matchingResponses).toBe(2);
    expect((await one([{ questionId: recommend.id, operator: 'greater_than', value: '8' }])).matchingResponses).toBe(2);
    // Text compares without regard to case or spaces, as in skip logic; skipped means no answer.
    expect((await one([{ questionId: notes.id, operator: 'equals', value: ' great ' }])).matchingResponses).toBe(1);
    const skipped = await one([{ questionId: notes.id, operator: 'skipped' }]);
    expect(skipped.matchingResponses).toBe(3);
    expect(skipped.questions.find((q) => q.id === notes.id)).toMatchObject({ answeredCount: 0, seenCount: 3 });

    const both = await one([
      { questionId: day.id, operator: 'equals', value: 'Friday' },
      { questionId: liked.id, operator: 'includes', value: 'Tickets' },
    ]);
    expect(both.matchingResponses).toBe(1);
    expect(both.responses.map((r) => r.responseId)).toEqual([ids[4]]);

    const nobody = await one([{ questionId: day.id, operator: 'equals', value: 'Monday' }]);
    expect(nobody).toMatchObject({
      matchingResponses: 0,
      totalResponses: 5,
      responses: [],
      nextCursor: null,
      timeline: [],
    });
    expect(nobody.questions[0]!.statistics.every((s) => s.count === 0)).toBe(true);
  });

  it('filters on hidden fields by exact value', async () => {
    const { get, ids } = await fixture();
    const mail = await get(`filters=${filtersParam([{ hiddenField: 'source', value: 'mail' }])}`);
    expect(mail.responses.map((r) => r.responseId)).toEqual([ids[4], ids[1]]);
    expect((await get(`filters=${filtersParam([{ hiddenField: 'source', value: 'Mail' }])}`)).matchingResponses).toBe(
      0,
    );
    expect((await get(`filters=${filtersParam([{ hiddenField: 'ref', value: '' }])}`)).matchingResponses).toBe(0);
  });

  it('refuses conditions that do not fit the survey with 400, before reading anything', async () => {
    const { owner, survey } = await fixture();
    const refused = (conditions: unknown) =>
      request(
        t.app,
        'GET',
        `/api/surveys/${survey.id}/results?filters=${encodeURIComponent(JSON.stringify(conditions))}`,
        {
          token: owner.token,
        },
      );
    expectError(await refused([{ questionId: 'nope', operator: 'answered' }]), 400, 'UNKNOWN_QUESTION', {
      message: 'This survey has no question with id "nope"',
      params: { questionId: 'nope' },
    });
    expectError(
      await refused([{ questionId: day.id, operator: 'includes', value: 'Friday' }]),
      400,
      'FILTER_OPERATOR_INVALID',
      {
        message: `The condition "includes" cannot be used on question "${day.id}"`,
        params: { operator: 'includes', questionId: day.id },
      },
    );
    expectError(
      await refused([{ questionId: grid.id, operator: 'equals', value: 'Good' }]),
      400,
      'FILTER_OPERATOR_INVALID',
    );
    expectError(await refused([{ questionId: day.id, operator: 'equals' }]), 400, 'FILTER_VALUE_MISSING');
    expectError(await refused([{ hiddenField: 'campaign', value: 'x' }]), 400, 'HIDDEN_FIELD_UNKNOWN', {
      message: 'This survey has no hidden field "campaign"',
      params: { key: 'campaign' },
    });
    expectError(await refused([{ questionId: day.id, operator: 'sounds_like', value: 'x' }]), 400, 'VALIDATION_FAILED');
    for (const query of [
      'filters=%5B',
      'filters=%7B%7D',
      'from=yesterday',
      'from=2026-03-02&to=2026-03-01',
      'tz=Mars/Base',
      'hideFlagged=yes',
    ]) {
      const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/results?${query}`, { token: owner.token });
      expectError(res, 400, 'VALIDATION_FAILED', undefined, query);
    }
    // The same checks guard the response list and the export link.
    expectError(
      await request(
        t.app,
        'GET',
        `/api/surveys/${survey.id}/responses?filters=${filtersParam([{ questionId: 'nope', operator: 'answered' }])}`,
        {
          token: owner.token,
        },
      ),
      400,
      'UNKNOWN_QUESTION',
    );
    expectError(
      await request(t.app, 'POST', `/api/surveys/${survey.id}/results/export-link`, {
        token: owner.token,
        body: { format: 'xlsx', filters: [{ hiddenField: 'campaign', value: 'x' }] },
      }),
      400,
      'HIDDEN_FIELD_UNKNOWN',
    );
  });

  it('pages the filtered responses newest first with a stable cursor', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: [day] });
    const answers = Array.from({ length: 30 }, (_, i) => ({
      at: `2026-04-01T10:${String(i).padStart(2, '0')}:00.000Z`,
      answers: { [day.id]: i % 3 === 0 ? 'Sunday' : 'Friday' },
    }));
    const ids = await seed(t, survey.id, answers, [day]);
    const sundays = ids.filter((_, i) => i % 3 === 0).reverse();
    const filter = filtersParam([{ questionId: day.id, operator: 'equals', value: 'Sunday' }]);
    const page = async (cursor?: string) => {
      const res = await request(
        t.app,
        'GET',
        `/api/surveys/${survey.id}/responses?limit=4&filters=${filter}${cursor ? `&cursor=${cursor}` : ''}`,
        { token: owner.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ResponsesPage>();
    };
    const first = await page();
    expect(first.responses.map((r) => r.responseId)).toEqual(sundays.slice(0, 4));
    expect(first.nextCursor).toBe(sundays[3]);
    // A new matching response does not shift the next page.
    await seed(t, survey.id, [{ at: '2026-04-02T00:00:00.000Z', answers: { [day.id]: 'Sunday' } }], [day]);
    const second = await page(first.nextCursor!);
    expect(second.responses.map((r) => r.responseId)).toEqual(sundays.slice(4, 8));
    const third = await page(second.nextCursor!);
    expect(third.responses.map((r) => r.responseId)).toEqual(sundays.slice(8));
    expect(third.nextCursor).toBeNull();
  });

  it('lets an administrator filter too; strangers get 404', async () => {
    const { survey } = await fixture();
    const admin = await createAdmin(t.ctx);
    const stranger = await createUser(t.ctx);
    const query = `filters=${filtersParam([{ hiddenField: 'source', value: 'web' }])}`;
    const res = await request(t.app, 'GET', `/api/surveys/${survey.id}/results?${query}`, { token: admin.token });
    expect(res.json<ResultsResponse>().matchingResponses).toBe(1);
    expectError(
      await request(t.app, 'GET', `/api/surveys/${survey.id}/results?${query}`, { token: stranger.token }),
      404,
      'SURVEY_NOT_FOUND',
    );
  });
});

describe(`results timeline (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('counts responses per day in the viewer time zone, from the counters or from the kept responses', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: QUESTIONS });
    // The write path counts each response in its quarter hour; unfiltered, the timeline reads those counters.
    await seed(t, survey.id, SEEDS);
    const get = async (query: string) =>
      (
        await request(t.app, 'GET', `/api/surveys/${survey.id}/results?${query}`, { token: owner.token })
      ).json<ResultsResponse>();

    const utc = await get('');
    expect(utc.timeZone).toBe('UTC');
    expect(utc.timeline).toEqual([
      { date: '2026-03-01', count: 2 },
      { date: '2026-03-02', count: 1 },
      { date: '2026-03-03', count: 1 },
      { date: '2026-03-04', count: 1 },
    ]);
    // 23:30 UTC is already the next day in Paris.
    const paris = await get('tz=Europe/Paris');
    expect(paris.timeZone).toBe('Europe/Paris');
    expect(paris.timeline).toEqual([
      { date: '2026-03-01', count: 1 },
      { date: '2026-03-02', count: 2 },
      { date: '2026-03-03', count: 1 },
      { date: '2026-03-04', count: 1 },
    ]);
    // Filtered: the kept responses' own days.
    const filtered = await get(
      `tz=Europe/Paris&filters=${filtersParam([{ questionId: day.id, operator: 'equals', value: 'Friday' }])}`,
    );
    expect(filtered.timeline).toEqual([
      { date: '2026-03-01', count: 1 },
      { date: '2026-03-02', count: 1 },
      { date: '2026-03-04', count: 1 },
    ]);
    expect((await get('from=2000-01-01&tz=Europe/Paris')).timeline).toEqual(paris.timeline);
  });
});
