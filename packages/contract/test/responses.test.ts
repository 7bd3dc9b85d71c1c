import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SURVEY_SETTINGS,
  FIVE_POINT_SCALE,
  TEN_POINT_SCALE,
  answerFor,
  checkAnswer,
  checkResponse,
  emptyAnswers,
  isAnswered,
  publicSurveySchema,
  ratingOptions,
  submitResponseBodySchema,
  withAnswer,
  type AnswerValue,
  type Question,
} from '../src';

const choice: Question = { id: 'q1', text: 'Day?', type: 'multiple_choice', options: ['Fri', 'Sat', 'Sun'] };
const boxes: Question = { id: 'q2', text: 'Liked?', type: 'checkbox', options: ['Food', 'Sound', 'Tickets'] };
const text: Question = { id: 'q3', text: 'Notes?', type: 'text', options: [] };
const five: Question = {
  id: 'q4',
  text: 'Overall?',
  type: 'rating',
  options: ratingOptions(FIVE_POINT_SCALE),
  ratingScale: FIVE_POINT_SCALE,
};
const ten: Question = {
  id: 'q5',
  text: 'Recommend?',
  type: 'rating',
  options: ratingOptions(TEN_POINT_SCALE),
  ratingScale: TEN_POINT_SCALE,
};

describe('isAnswered (answered only when non-empty)', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['   \n', false],
    [[], false],
    [Number.NaN, false],
    ['x', true],
    [['Food'], true],
    [0, true],
    [7, true],
  ])('%j is answered: %s', (value, expected) => {
    expect(isAnswered(value as never)).toBe(expected);
  });
});

describe('checkAnswer', () => {
  it('accepts one of the options for a single choice, and nothing else', () => {
    expect(checkAnswer(choice, 'Sat')).toEqual({ ok: true, value: 'Sat' });
    for (const bad of ['Mon', '', 'sat', ['Sat'], 1]) {
      expect(checkAnswer(choice, bad)).toEqual({ ok: false, reason: 'must be one of the options' });
    }
  });

  it('accepts a non-empty list of distinct options and stores it in option order', () => {
    expect(checkAnswer(boxes, ['Tickets', 'Food'])).toEqual({ ok: true, value: ['Food', 'Tickets'] });
    expect(checkAnswer(boxes, [])).toEqual({ ok: false, reason: 'must be a non-empty list of options' });
    expect(checkAnswer(boxes, 'Food')).toEqual({ ok: false, reason: 'must be a non-empty list of options' });
    expect(checkAnswer(boxes, ['Food', 'Food'])).toEqual({ ok: false, reason: 'lists an option twice' });
    expect(checkAnswer(boxes, ['Food', 'Beer'])).toEqual({ ok: false, reason: 'must only list the options' });
  });

  it('accepts a non-empty text up to 5,000 characters, stored trimmed', () => {
    expect(checkAnswer(text, '  hello \n')).toEqual({ ok: true, value: 'hello' });
    expect(checkAnswer(text, 'x'.repeat(5000))).toEqual({ ok: true, value: 'x'.repeat(5000) });
    expect(checkAnswer(text, 'x'.repeat(5001))).toEqual({ ok: false, reason: 'must be at most 5000 characters' });
    expect(checkAnswer(text, ' \t ')).toEqual({ ok: false, reason: 'must not be empty' });
    expect(checkAnswer(text, 3)).toEqual({ ok: false, reason: 'must be text' });
    expect(checkAnswer(text, ['a'])).toEqual({ ok: false, reason: 'must be text' });
  });

  it('accepts a whole rating within the scale, as a number or numeric text, stored as a number', () => {
    expect(checkAnswer(five, 1)).toEqual({ ok: true, value: 1 });
    expect(checkAnswer(five, ' 5 ')).toEqual({ ok: true, value: 5 });
    expect(checkAnswer(ten, 10)).toEqual({ ok: true, value: 10 });
    for (const bad of [0, 6, 2.5, '3.5', 'good', '', ['3'], Number.NaN, Number.POSITIVE_INFINITY, '1e0']) {
      expect(checkAnswer(five, bad)).toEqual({ ok: false, reason: 'must be a whole number from 1 to 5' });
    }
    expect(checkAnswer(ten, 11)).toEqual({ ok: false, reason: 'must be a whole number from 1 to 10' });
  });

  it('never accepts a rating outside its scale (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.string()), (value) => {
        const result = checkAnswer(ten, value);
        if (result.ok) {
          expect(Number.isInteger(result.value)).toBe(true);
          expect(result.value).toBeGreaterThanOrEqual(1);
          expect(result.value).toBeLessThanOrEqual(10);
        }
      }),
    );
  });

  it('stores checkbox answers as a subset of the options in option order (property)', () => {
    fc.assert(
      fc.property(fc.subarray(boxes.options), fc.boolean(), (picked, reverse) => {
        const result = checkAnswer(boxes, reverse ? [...picked].reverse() : picked);
        expect(result.ok).toBe(picked.length > 0);
        if (result.ok) expect(result.value).toEqual(boxes.options.filter((o) => picked.includes(o)));
      }),
    );
  });
});

describe('checkResponse', () => {
  const questions = [choice, boxes, text, five];
  const good = [
    { questionId: 'q1', answer: 'Fri' },
    { questionId: 'q2', answer: ['Sound'] },
    { questionId: 'q3', answer: ' ok ' },
    { questionId: 'q4', answer: '4' },
  ];

  it('gives the answers in stored form keyed by question id, whatever order they came in', () => {
    expect(checkResponse(questions, [...good].reverse())).toEqual({
      ok: true,
      answers: { q1: 'Fri', q2: ['Sound'], q3: 'ok', q4: 4 },
      seen: ['q1', 'q2', 'q3', 'q4'],
    });
  });

  it('refuses unknown, repeated and missing questions and invalid answers, with a clear message', () => {
    expect(checkResponse(questions, [...good, { questionId: 'zz', answer: 'x' }])).toEqual({
      ok: false,
      code: 'UNKNOWN_QUESTION',
      params: { questionId: 'zz' },
      message: 'This survey has no question with id "zz"',
    });
    expect(checkResponse(questions, [...good, good[1]!])).toEqual({
      ok: false,
      code: 'ANSWER_REPEATED',
      params: { position: 2 },
      message: 'Question 2 is answered more than once',
    });
    expect(checkResponse(questions, good.slice(0, 3))).toEqual({
      ok: false,
      code: 'ANSWER_MISSING',
      params: { position: 4 },
      message: 'Every question must be answered: question 4 has no answer',
    });
    expect(checkResponse(questions, [])).toEqual({
      ok: false,
      code: 'NO_ANSWERS',
      message: 'Please answer every question before submitting',
    });
    expect(checkResponse(questions, [good[0]!, good[1]!, { questionId: 'q3', answer: '' }, good[3]!])).toEqual({
      ok: false,
      code: 'ANSWER_INVALID',
      params: { position: 3, reason: 'must not be empty' },
      message: 'The answer to question 3 must not be empty',
    });
  });
});

describe('question ids that are object keys', () => {
  const odd: Question[] = [
    { ...boxes, id: '__proto__' },
    { ...text, id: 'constructor' },
    { ...choice, id: 'toString' },
  ];

  it('stores every answer as an own key of a record without a prototype', () => {
    const result = checkResponse(odd, [
      { questionId: '__proto__', answer: ['Food', 'Tickets'] },
      { questionId: 'constructor', answer: ' hi ' },
      { questionId: 'toString', answer: 'Sat' },
    ]);
    expect(result.ok).toBe(true);
    const answers = (result as { answers: Record<string, unknown> }).answers;
    expect(Object.getPrototypeOf(answers)).toBeNull();
    expect(Object.keys(answers)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(JSON.parse(JSON.stringify(answers))).toEqual(
      JSON.parse('{"__proto__":["Food","Tickets"],"constructor":"hi","toString":"Sat"}'),
    );
  });

  it('reads answers as own keys only', () => {
    const answers = JSON.parse('{"__proto__":["Food"]}') as Record<string, AnswerValue>;
    expect(answerFor(answers, '__proto__')).toEqual(['Food']);
    expect(answerFor(answers, 'constructor')).toBeUndefined();
    expect(answerFor({}, 'toString')).toBeUndefined();
    expect(answerFor(undefined, 'q1')).toBeUndefined();
    const next = withAnswer(answers, 'constructor', 'x');
    expect(Object.getPrototypeOf(next)).toBeNull();
    expect(Object.keys(next)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(emptyAnswers())).toEqual([]);
  });
});

describe('schemas', () => {
  it('accepts a submit body of answers and refuses other shapes', () => {
    expect(submitResponseBodySchema.safeParse({ answers: [{ questionId: 'q1', answer: 'Fri' }] }).success).toBe(true);
    expect(submitResponseBodySchema.safeParse({ answers: 'Fri' }).success).toBe(false);
    expect(
      submitResponseBodySchema.safeParse({ answers: [{ questionId: 'q1', answer: { a: 1 } }] }).error?.issues[0]
        ?.message,
    ).toBe('Each answer must be text, a number or a list of options');
    expect(
      submitResponseBodySchema.safeParse({
        answers: Array.from({ length: 101 }, () => ({ questionId: 'q', answer: 1 })),
      }).success,
    ).toBe(false);
  });

  it('keeps no owner fields in the public survey', () => {
    const parsed = publicSurveySchema.parse({
      surveyId: 's',
      projectId: 'p',
      title: 'T',
      brandingImageUrl: null,
      questions: [choice],
      ...DEFAULT_SURVEY_SETTINGS,
      language: 'en',
      languages: ['en'],
      userId: 'owner',
      creator: { email: 'owner@example.com' },
      responseLimit: 100,
    });
    expect(Object.keys(parsed).sort()).toEqual([
      'brandingImageUrl',
      'closesAt',
      'hiddenFields',
      'language',
      'languages',
      'oneResponsePerBrowser',
      'opensAt',
      'projectId',
      'questions',
      'surveyId',
      'thankYou',
      'title',
      'welcome',
    ]);
  });
});
