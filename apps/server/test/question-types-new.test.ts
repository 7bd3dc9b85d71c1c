import { describe, expect, it } from 'vitest';
import { NPS_OPTIONS, type AnswerValue, type QuestionResult, type Survey } from '@quorum/contract';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { counterProblems } from './support/data-checks';
import { launchSurveyViaApi } from './support/launch-survey';
import { expectError } from './support/expect-error';

/** One question of each new type, as an author sends them; "mail" and "pick" are optional. */
const authored = [
  { id: 'nps', text: 'Would you recommend us?', type: 'nps', description: '  Zero is not at all likely  ' },
  { id: 'count', text: 'How many nights?', type: 'number', numberRange: { min: 0, max: 10, step: 0.5 } },
  { id: 'mail', text: 'Your email?', type: 'email', required: false },
  { id: 'day', text: 'When did you arrive?', type: 'date', dateRange: { min: '2026-06-01', max: '2026-08-31' } },
  {
    id: 'country',
    text: 'Where from?',
    type: 'dropdown',
    options: ['Chile', 'Peru', 'Spain'],
    allowOther: true,
    randomizeOptions: true,
  },
  { id: 'order', text: 'Rank the stages', type: 'ranking', options: ['Main', 'Tent', 'Club'], randomizeOptions: true },
  {
    id: 'grid',
    text: 'Rate each',
    type: 'matrix',
    options: ['Bad', 'OK', 'Good'],
    rows: ['Food', 'Sound'],
    randomizeOptions: true,
  },
  { id: 'liked', text: 'What did you like?', type: 'checkbox', options: ['Food', 'Music'], allowOther: true },
  {
    id: 'pick',
    text: 'Which day?',
    type: 'multiple_choice',
    options: ['Fri', 'Sat'],
    allowOther: true,
    required: false,
  },
];

/** The questions as stored and served: normalised, `required` always set, each type's own fields. */
const stored = [
  {
    id: 'nps',
    text: 'Would you recommend us?',
    type: 'nps',
    options: [...NPS_OPTIONS],
    required: true,
    description: 'Zero is not at all likely',
  },
  {
    id: 'count',
    text: 'How many nights?',
    type: 'number',
    options: [],
    numberRange: { min: 0, max: 10, step: 0.5 },
    required: true,
  },
  { id: 'mail', text: 'Your email?', type: 'email', options: [], required: false },
  {
    id: 'day',
    text: 'When did you arrive?',
    type: 'date',
    options: [],
    dateRange: { min: '2026-06-01', max: '2026-08-31' },
    required: true,
  },
  { ...authored[4], required: true },
  { ...authored[5], required: true },
  { ...authored[6], required: true },
  { ...authored[7], required: true },
  { ...authored[8] },
];

const valid: Record<string, AnswerValue> = {
  nps: 9,
  count: '2.5',
  mail: 'ann@example.com',
  day: '2026-07-14',
  country: 'Peru',
  order: ['Tent', 'Main', 'Club'],
  grid: ['Good', 'OK'],
  liked: ['Music', 'Food'],
  pick: 'Sat',
};
const ids = authored.map((q) => q.id);

function answersOf(values: Record<string, AnswerValue | undefined>) {
  return ids.flatMap((questionId) =>
    values[questionId] === undefined ? [] : [{ questionId, answer: values[questionId] }],
  );
}

const activeSurvey = (t: TestApp) => launchSurveyViaApi(t, 'New types', authored);

const submit = (t: TestApp, surveyId: string, values: Record<string, AnswerValue | undefined>) =>
  request(t.app, 'POST', `/api/surveys/${surveyId}/responses`, { body: { answers: answersOf(values) } });

async function storedRows(t: TestApp, surveyId: string) {
  const db = t.ctx.db.kysely;
  return {
    responses: await db.selectFrom('responses').select(['answers']).where('survey_id', '=', surveyId).execute(),
    counts: await db.selectFrom('answer_counts').selectAll().where('survey_id', '=', surveyId).execute(),
    totals: await db.selectFrom('question_totals').selectAll().where('survey_id', '=', surveyId).execute(),
  };
}

describe(`new question types (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('stores every new type with its own fields; the editor and the public page read them back', async () => {
    const { owner, survey } = await activeSurvey(t);
    expect(survey.questions).toEqual(stored);
    const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: owner.token });
    expect(read.json<Survey>().questions).toEqual(stored);
    const page = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/public`);
    expect(page.statusCode).toBe(200);
    expect(page.json().questions).toEqual(stored);
  });

  const accepted: Array<[string, AnswerValue, AnswerValue]> = [
    ['nps', 0, 0],
    ['nps', ' 10 ', 10],
    ['count', ' 7 ', '7'],
    ['count', 10, '10'],
    ['count', '+0.50', '0.5'],
    ['mail', '  Ann@Example.com ', 'Ann@Example.com'],
    ['day', ' 2026-06-01 ', '2026-06-01'],
    ['country', 'Chile', 'Chile'],
    ['country', '  Narnia ', 'Narnia'],
    ['order', ['Club', 'Tent', 'Main'], ['Club', 'Tent', 'Main']],
    ['grid', ['Bad', 'Bad'], ['Bad', 'Bad']],
    ['liked', ['Mine', 'Food'], ['Food', 'Mine']],
    ['pick', 'My own day', 'My own day'],
  ];
  it.each(accepted)('accepts %s answered %j and stores it as %j', async (questionId, answer, expected) => {
    const { survey } = await activeSurvey(t);
    const res = await submit(t, survey.surveyId, { ...valid, [questionId]: answer });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = (await storedRows(t, survey.surveyId)).responses;
    expect((JSON.parse(row!.answers) as Record<string, AnswerValue>)[questionId]).toEqual(expected);
  });

  const refused: Array<[string, unknown]> = [
    ['nps', 11],
    ['nps', -1],
    ['nps', 4.5],
    ['nps', 'ten'],
    ['nps', ['9']],
    ['count', 'abc'],
    ['count', 10.5],
    ['count', '-1'],
    ['count', '2.25'],
    ['count', '1e1'],
    ['mail', 'not-an-email'],
    ['mail', 'a@b'],
    ['day', '2026-13-01'],
    ['day', '2026-05-31'],
    ['day', '14/07/2026'],
    ['day', 20260714],
    ['country', '   '],
    ['country', 'x'.repeat(501)],
    ['country', ['Peru']],
    ['order', ['Main', 'Tent']],
    ['order', ['Main', 'Main', 'Club']],
    ['order', ['Main', 'Tent', 'Bar']],
    ['grid', ['Good']],
    ['grid', ['Good', 'Great']],
    ['grid', 'Good'],
    ['liked', ['Music', 'Mine', 'Yours']],
    ['liked', []],
    ['pick', 'x'.repeat(501)],
  ];
  it('refuses each invalid answer with 400 naming the question, and stores nothing', async () => {
    const { survey } = await activeSurvey(t);
    for (const [questionId, answer] of refused) {
      const res = await submit(t, survey.surveyId, { ...valid, [questionId]: answer as AnswerValue });
      const label = `${questionId} ${JSON.stringify(answer)}`;
      expectError(res, 400, 'ANSWER_INVALID', undefined, label);
      expect(res.json().params.position, label).toBe(ids.indexOf(questionId) + 1);
    }
    expect(await storedRows(t, survey.surveyId)).toEqual({ responses: [], counts: [], totals: [] });
  });

  it('counts each type: NPS, number summary and histogram, dates per month, "Other", rankings and matrix rows', async () => {
    const { owner, survey } = await activeSurvey(t);
    const responses: Array<Record<string, AnswerValue | undefined>> = [
      {
        ...valid,
        nps: 10,
        count: '2',
        day: '2026-06-10',
        country: 'Peru',
        order: ['Main', 'Tent', 'Club'],
        grid: ['Good', 'Good'],
        liked: ['Food'],
        pick: 'Fri',
      },
      {
        ...valid,
        nps: 9,
        count: '4',
        mail: undefined,
        day: '2026-06-20',
        country: 'Narnia',
        order: ['Tent', 'Main', 'Club'],
        grid: ['Bad', 'Good'],
        liked: ['Music', 'Dancing'],
        pick: undefined,
      },
      {
        ...valid,
        nps: 7,
        count: '9',
        mail: undefined,
        day: '2026-07-01',
        country: 'Atlantis',
        order: ['Main', 'Club', 'Tent'],
        grid: ['OK', 'Bad'],
        liked: ['Food', 'Music'],
        pick: 'My own',
      },
      {
        ...valid,
        nps: 3,
        count: '4',
        mail: undefined,
        day: '2026-08-31',
        country: 'Chile',
        order: ['Club', 'Main', 'Tent'],
        grid: ['Good', 'OK'],
        liked: ['Nothing'],
        pick: 'Fri',
      },
    ];
    for (const values of responses) expect((await submit(t, survey.surveyId, values)).statusCode).toBe(201);

    const res = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json<{ questions: QuestionResult[] }>().questions.map((q) => [q.id, q]));
    const stat = (answer: string, count: number, percentage: number) => ({ answer, count, percentage });

    const nps = byId.get('nps')!;
    expect(nps).toMatchObject({
      required: true,
      description: 'Zero is not at all likely',
      answeredCount: 4,
      seenCount: 4,
    });
    expect(nps.nps).toEqual({ score: 25, promoters: 2, passives: 1, detractors: 1 });
    expect(nps.statistics.map((s) => s.answer)).toEqual([...NPS_OPTIONS]);
    expect(nps.statistics.filter((s) => s.count > 0)).toEqual([
      stat('3', 1, 25),
      stat('7', 1, 25),
      stat('9', 1, 25),
      stat('10', 1, 25),
    ]);

    const count = byId.get('count')!;
    expect(count.statistics).toEqual([]);
    expect(count.summary).toEqual({ count: 4, min: 2, max: 9, mean: 4.75, median: 4 });
    expect(count.histogram!.map((bin) => bin.count)).toEqual([3, 0, 1]);
    expect(count.histogram![0]!.from).toBe(2);
    expect(count.histogram!.at(-1)!.to).toBe(9);

    expect(byId.get('mail')).toMatchObject({ required: false, answeredCount: 1, seenCount: 4, statistics: [] });

    expect(byId.get('day')!.dates).toEqual({
      earliest: '2026-06-10',
      latest: '2026-08-31',
      months: [
        { month: '2026-06', count: 2 },
        { month: '2026-07', count: 1 },
        { month: '2026-08', count: 1 },
      ],
    });

    // "Other" texts count together, after the options in the author's order.
    expect(byId.get('country')).toMatchObject({
      allowOther: true,
      statistics: [stat('Chile', 1, 25), stat('Peru', 1, 25), stat('Spain', 0, 0), stat('Other', 2, 50)],
    });
    expect(byId.get('liked')!.statistics).toEqual([stat('Food', 2, 50), stat('Music', 2, 50), stat('Other', 2, 50)]);
    expect(byId.get('pick')).toMatchObject({
      required: false,
      answeredCount: 3,
      seenCount: 4,
      allowOther: true,
      statistics: [stat('Fri', 2, 66.7), stat('Sat', 0, 0), stat('Other', 1, 33.3)],
    });

    const order = byId.get('order')!;
    expect(order.ranking).toEqual([
      { option: 'Main', averageRank: 1.5 },
      { option: 'Tent', averageRank: 2.25 },
      { option: 'Club', averageRank: 2.25 },
    ]);
    // First choices, in the author's order.
    expect(order.statistics).toEqual([stat('Main', 2, 50), stat('Tent', 1, 25), stat('Club', 1, 25)]);

    expect(byId.get('grid')).toMatchObject({
      statistics: [],
      rows: [
        { row: 'Food', statistics: [stat('Bad', 1, 25), stat('OK', 1, 25), stat('Good', 2, 50)] },
        { row: 'Sound', statistics: [stat('Bad', 1, 25), stat('OK', 1, 25), stat('Good', 2, 50)] },
      ],
    });

    // The counters are exactly what the stored responses make.
    expect(await counterProblems(t.ctx.db)).toEqual([]);
  });

  it('exports every type readably: rankings in the respondent’s order, matrix rows named, skipped cells empty', async () => {
    const { owner, survey } = await activeSurvey(t);
    const values = { ...valid, mail: undefined, pick: undefined, liked: ['Music', 'Dancing'], country: 'Narnia' };
    expect((await submit(t, survey.surveyId, values)).statusCode).toBe(201);
    const res = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results.csv`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    const [header, record] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Response ID,Submitted At,Q1: Would you recommend us?,Q2: How many nights?,Q3: Your email?,' +
        'Q4: When did you arrive?,Q5: Where from?,Q6: Rank the stages,Q7: Rate each,Q8: What did you like?,Q9: Which day?',
    );
    expect(record!.split(',').slice(2)).toEqual([
      '9',
      '2.5',
      '',
      '2026-07-14',
      'Narnia',
      'Tent; Main; Club',
      'Food: Good; Sound: OK',
      'Music; Dancing',
      '',
    ]);
  });

  it('keeps answered rankings and matrices whose answers would change meaning as deleted questions, with their results', async () => {
    const { owner, survey } = await activeSurvey(t);
    expect((await submit(t, survey.surveyId, valid)).statusCode).toBe(201);
    const edit = (questions: unknown[]) =>
      request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
        token: owner.token,
        body: { projectName: 'Festival', title: 'New types', questions },
      });
    // Reordered columns and options keep their meaning: same ids.
    const reordered = authored.map((q) =>
      q.id === 'grid'
        ? { ...q, options: ['Good', 'OK', 'Bad'] }
        : q.id === 'order'
          ? { ...q, options: ['Club', 'Tent', 'Main'] }
          : q,
    );
    const kept = await edit(reordered);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Survey>().questions.map((q) => q.id)).toEqual(ids);
    // Other rows, or another set of options, would not: the answered questions are kept as deleted.
    const changed = authored.map((q) =>
      q.id === 'grid' ? { ...q, rows: ['Sound', 'Food'] } : q.id === 'order' ? { ...q, options: ['Main', 'Tent'] } : q,
    );
    const res = await edit(changed);
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json<Survey>().questions;
    expect(now[5]!.id).not.toBe('order');
    expect(now[6]!.id).not.toBe('grid');
    const results = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results`, { token: owner.token });
    const deleted = results.json<{ questions: QuestionResult[] }>().questions.filter((q) => q.isDeleted);
    expect(deleted.map((q) => [q.id, q.answeredCount, q.seenCount])).toEqual([
      ['order', 1, 1],
      ['grid', 1, 1],
    ]);
    expect(deleted[0]!.ranking![0]).toEqual({ option: 'Tent', averageRank: 1 });
    expect(deleted[1]!.rows!.map((r) => r.statistics.find((s) => s.count > 0)!.answer)).toEqual(['Good', 'OK']);
  });
});
