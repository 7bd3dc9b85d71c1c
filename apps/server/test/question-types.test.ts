import { describe, expect, it } from 'vitest';
import {
  FIVE_POINT_SCALE,
  NPS_OPTIONS,
  TEN_POINT_SCALE,
  questionTypes,
  ratingOptions,
  type Question,
} from '@quorum/contract';
import { SERVER_QUESTION_TYPES, serverQuestionType } from '../src/question-types';
import { checkbox, multipleChoice } from '../src/question-types/choice';
import { rating } from '../src/question-types/rating';
import { npsSummary } from '../src/question-types/nps';
import { histogram, numberSummary } from '../src/question-types/number';
import { dateSummary } from '../src/question-types/date';
import { averageRanks } from '../src/question-types/ranking';

const samples: Question[] = [
  { id: 'm', text: 'One?', type: 'multiple_choice', options: ['a', 'b'] },
  { id: 'c', text: 'Some?', type: 'checkbox', options: ['x', 'y', 'z'] },
  { id: 't', text: 'Say?', type: 'text', options: [] },
  { id: 'r', text: 'Rate?', type: 'rating', options: ratingOptions(TEN_POINT_SCALE), ratingScale: TEN_POINT_SCALE },
  { id: 'mo', text: 'One or yours?', type: 'multiple_choice', options: ['a', 'b'], allowOther: true },
  { id: 'co', text: 'Any?', type: 'checkbox', options: ['x'], allowOther: true, randomizeOptions: true },
  { id: 'd', text: 'Country?', type: 'dropdown', options: ['Chile', 'Peru'], allowOther: true, randomizeOptions: true },
  { id: 'n', text: 'Recommend?', type: 'nps', options: [...NPS_OPTIONS] },
  { id: 'num', text: 'How many?', type: 'number', options: [], numberRange: { min: -5, max: 10.5, step: 0.5 } },
  { id: 'num2', text: 'Any number?', type: 'number', options: [] },
  { id: 'e', text: 'Email?', type: 'email', options: [] },
  { id: 'dt', text: 'When?', type: 'date', options: [], dateRange: { min: '2026-01-01', max: '2026-12-31' } },
  { id: 'rk', text: 'Order?', type: 'ranking', options: ['A', 'B', 'C'], randomizeOptions: true },
  { id: 'mx', text: 'Rate each', type: 'matrix', options: ['Bad', 'Good'], rows: ['Food', 'Sound'] },
];

describe('the server’s question type registry', () => {
  it('has a module for every type', () => {
    expect(Object.keys(SERVER_QUESTION_TYPES).sort()).toEqual([...questionTypes].sort());
    // @ts-expect-error a registry without text does not compile
    const partial: typeof SERVER_QUESTION_TYPES = { multiple_choice: multipleChoice, checkbox, rating };
    expect(partial).not.toHaveProperty('text');
  });

  it.each(samples)('stores and reads back a $type question unchanged', (question) => {
    const module = serverQuestionType(question.type);
    expect(module.fromRow({ id: question.id, text: question.text, ...module.toRow(question) })).toEqual(question);
  });

  it('reads a damaged rating row as the 1–5 preset and damaged options as none', () => {
    const read = serverQuestionType('rating').fromRow({
      id: 'r',
      text: 'R',
      options: '{',
      rating_scale: 'nope',
      settings: null,
    });
    expect(read).toEqual({ id: 'r', text: 'R', type: 'rating', options: [], ratingScale: FIVE_POINT_SCALE });
  });

  it('counts each chosen option, each rating with its sum, and no text', () => {
    const counted: string[] = [];
    const count = (answer: string) => counted.push(answer);
    const question = (type: Question['type']) => samples.find((q) => q.type === type)!;
    expect(serverQuestionType('multiple_choice').countAnswer(question('multiple_choice'), 'a', count)).toBe(0);
    expect(serverQuestionType('checkbox').countAnswer(question('checkbox'), ['x', 'z'], count)).toBe(0);
    expect(serverQuestionType('rating').countAnswer(question('rating'), 7, count)).toBe(7);
    expect(serverQuestionType('text').countAnswer(question('text'), 'words', count)).toBe(0);
    expect(counted).toEqual(['a', 'x', 'z', '7']);
  });
});

describe('statistics read from counters', () => {
  const counts = (entries: Array<[string, number]>) => ({
    byAnswer: new Map(entries),
    answered: entries.reduce((sum, [, c]) => sum + c, 0),
    ratingSum: 0,
  });

  it('scores NPS as % promoters − % detractors, rounded, null while nobody answered', () => {
    expect(npsSummary(counts([]))).toEqual({ score: null, promoters: 0, passives: 0, detractors: 0 });
    expect(
      npsSummary(
        counts([
          ['0', 2],
          ['8', 1],
        ]),
      ),
    ).toEqual({ score: -67, promoters: 0, passives: 1, detractors: 2 });
    expect(
      npsSummary(
        counts([
          ['9', 1],
          ['6', 1],
        ]),
      ).score,
    ).toBe(0);
    // −0.4 rounds to −0, which is written as 0.
    const barelyNegative = npsSummary(
      counts([
        ['6', 1],
        ['8', 249],
      ]),
    );
    expect(Object.is(barelyNegative.score, 0)).toBe(true);
  });

  it('summarises numbers from distinct values with counts, and bins them in at most ten equal bars', () => {
    expect(numberSummary([])).toEqual({ count: 0, min: null, max: null, mean: null, median: null });
    expect(histogram([])).toEqual([]);
    expect(
      numberSummary([
        [-2.5, 1],
        [1, 3],
      ]),
    ).toEqual({ count: 4, min: -2.5, max: 1, mean: 0.125, median: 1 });
    expect(histogram([[5, 3]])).toEqual([{ from: 5, to: 5, count: 3 }]);
    const values = Array.from({ length: 100 }, (_, i): [number, number] => [i, 1]);
    const bars = histogram(values);
    expect(bars).toHaveLength(10);
    expect(bars.map((b) => b.count)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    expect(bars.at(-1)).toMatchObject({ to: 99 });
  });

  it('reads dates by month and ignores counters that are not dates', () => {
    expect(
      dateSummary(
        counts([
          ['2026-02-28', 1],
          ['nonsense', 4],
          ['2025-12-31', 2],
        ]),
      ),
    ).toEqual({
      earliest: '2025-12-31',
      latest: '2026-02-28',
      months: [
        { month: '2025-12', count: 2 },
        { month: '2026-02', count: 1 },
      ],
    });
  });

  it('ranks options by average place, best first, options nobody ranked last', () => {
    const byOption = new Map([
      ['B', new Map([[1, 2]])],
      [
        'A',
        new Map([
          [2, 1],
          [1, 1],
        ]),
      ],
    ]);
    expect(averageRanks(['A', 'B', 'C'], byOption)).toEqual([
      { option: 'B', averageRank: 1 },
      { option: 'A', averageRank: 1.5 },
      { option: 'C', averageRank: null },
    ]);
  });

  it('keeps answers of a matrix only with the same rows in order and the same columns; of a ranking with the same options', () => {
    const grid = samples.find((q) => q.type === 'matrix')!;
    const order = samples.find((q) => q.type === 'ranking')!;
    const keeps = (before: Question, after: Question) => serverQuestionType(before.type).keepsAnswers(before, after);
    expect(keeps(grid, { ...grid, options: ['Good', 'Bad'], text: 'Reworded' })).toBe(true);
    expect(keeps(grid, { ...grid, rows: ['Sound', 'Food'] } as Question)).toBe(false);
    expect(keeps(grid, { ...grid, options: ['Bad', 'Good', 'Great'] })).toBe(false);
    expect(keeps(order, { ...order, options: ['C', 'B', 'A'] })).toBe(true);
    expect(keeps(order, { ...order, options: ['A', 'B'] })).toBe(false);
  });
});
