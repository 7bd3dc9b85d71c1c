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
