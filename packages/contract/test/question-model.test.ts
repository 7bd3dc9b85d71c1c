import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  NPS_OPTIONS,
  SURVEY_MESSAGES,
  checkAnswer,
  checkResponse,
  isRequired,
  logicOperatorsFor,
  nextQuestion,
  previousQuestion,
  questionPath,
  ruleMatches,
  surveyInputSchema,
  type Question,
  type QuestionInput,
} from '../src';

/** A survey body around the given questions. */
const survey = (...questions: QuestionInput[]) => ({ projectName: 'P', title: 'T', questions });

/** The parsed questions, or the first issue's message and path. */
function parse(...questions: QuestionInput[]) {
  const result = surveyInputSchema.safeParse(survey(...questions));
  if (result.success) return { ok: true as const, questions: result.data.questions };
  const issue = result.error.issues[0]!;
  return { ok: false as const, message: issue.message, path: issue.path.join('.') };
}

const accepted = (question: Question, answer: Parameters<typeof checkAnswer>[1]) => {
  const check = checkAnswer(question, answer);
  return check.ok ? check.value : `refused: ${check.reason}`;
};

describe('shared question fields', () => {
  it('makes questions required unless the author says otherwise, and reads a stored question without the field as required', () => {
    const parsed = parse({ text: 'A', type: 'text' }, { text: 'B', type: 'text', required: false });
    expect(parsed.ok && parsed.questions.map((q) => q.required)).toEqual([true, false]);
    expect(isRequired({})).toBe(true);
    expect(isRequired({ required: true })).toBe(true);
    expect(isRequired({ required: false })).toBe(false);
  });

  it('keeps help text trimmed, drops a blank one and refuses one over 1,000 characters', () => {
    const parsed = parse(
      { text: 'A', type: 'text', description: '  Say more  ' },
      { text: 'B', type: 'text', description: '   ' },
    );
    expect(parsed.ok && parsed.questions.map((q) => q.description)).toEqual(['Say more', undefined]);
    expect(parse({ text: 'A', type: 'text', description: 'x'.repeat(LIMITS.description + 1) })).toMatchObject({
      ok: false,
      message: SURVEY_MESSAGES.descriptionTooLong,
    });
  });

  it('offers "Other" and random order only on the types that have them', () => {
    expect(parse({ text: 'A', type: 'rating', allowOther: true })).toMatchObject({
      ok: false,
      message: SURVEY_MESSAGES.otherNotOffered,
    });
    expect(parse({ text: 'A', type: 'nps', randomizeOptions: true })).toMatchObject({
      ok: false,
      message: SURVEY_MESSAGES.randomizeNotOffered,
    });
    expect(parse({ text: 'A', type: 'dropdown', options: ['x', 'Other'], allowOther: true })).toMatchObject({
      ok: false,
      message: SURVEY_MESSAGES.otherIsAnOption,
    });
    const parsed = parse({ text: 'A', type: 'checkbox', options: ['x'], allowOther: true, randomizeOptions: true });
    expect(parsed.ok && parsed.questions[0]).toMatchObject({ allowOther: true, randomizeOptions: true });
  });

  it('keeps "end" free for skip logic', () => {
    expect(parse({ id: 'end', text: 'A', type: 'text' })).toMatchObject({ ok: false, path: 'questions.0.id' });
  });
});

describe('the new types on save', () => {
  it('gives NPS questions the options 0 to 10 whatever was sent', () => {
    const parsed = parse({ text: 'Recommend?', type: 'nps', options: ['a'] });
    expect(parsed.ok && parsed.questions[0]!.options).toEqual([...NPS_OPTIONS]);
    expect(NPS_OPTIONS).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('keeps a number range and refuses one upside down or with a step of 0', () => {
    const parsed = parse({ text: 'Age', type: 'number', numberRange: { min: 18, max: 99, step: 1 } });
    expect(parsed.ok && parsed.questions[0]).toMatchObject({ options: [], numberRange: { min: 18, max: 99, step: 1 } });
    expect(parse({ text: 'Age', type: 'number', numberRange: { min: 5, max: 1 } })).toMatchObject({ ok: false });
    expect(parse({ text: 'Age', type: 'number', numberRange: { step: 0 } })).toMatchObject({ ok: false });
    const none = parse({ text: 'Age', type: 'number', numberRange: {} });
    expect(none.ok && 'numberRange' in none.questions[0]!).toBe(false);
  });

  it('keeps a date range of calendar dates only', () => {
    const parsed = parse({ text: 'When', type: 'date', dateRange: { min: '2026-01-01', max: '2026-12-31' } });
    expect(parsed.ok && parsed.questions[0]).toMatchObject({ dateRange: { min: '2026-01-01', max: '2026-12-31' } });
    expect(parse({ text: 'When', type: 'date', dateRange: { min: '2026-02-30' } })).toMatchObject({ ok: false });
    expect(parse({ text: 'When', type: 'date', dateRange: { min: '2026-05-01', max: '2026-04-01' } })).toMatchObject({
      ok: false,
    });
  });

  it('lets dropdowns hold 500 options and every other type 50', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => `Option ${i}`);
    expect(parse({ text: 'Country', type: 'dropdown', options: options(500) }).ok).toBe(true);
    expect(parse({ text: 'Country', type: 'dropdown', options: options(501) }).ok).toBe(false);
    expect(parse({ text: 'Pick', type: 'multiple_choice', options: options(51) })).toMatchObject({
      ok: false,
      message: `A question can have at most ${LIMITS.options} options`,
    });
  });

  it('needs matrix rows, different ones, at most 30', () => {
    const columns = ['Disagree', 'Agree'];
    const parsed = parse({ text: 'Rate', type: 'matrix', options: columns, rows: [' Food ', '', 'Music'] });
    expect(parsed.ok && parsed.questions[0]).toMatchObject({ options: columns, rows: ['Food', 'Music'] });
    expect(parse({ text: 'Rate', type: 'matrix', options: columns, rows: [] })).toMatchObject({
      message: SURVEY_MESSAGES.matrixRowRequired,
    });
    expect(parse({ text: 'Rate', type: 'matrix', options: columns, rows: ['a', 'a'] })).toMatchObject({
      message: SURVEY_MESSAGES.matrixRowsDifferent,
    });
    const many = Array.from({ length: LIMITS.matrixRows + 1 }, (_, i) => `Row ${i}`);
    expect(parse({ text: 'Rate', type: 'matrix', options: columns, rows: many })).toMatchObject({
      message: SURVEY_MESSAGES.matrixTooManyRows,
    });
  });
});

describe('answers to the new types', () => {
  const nps: Question = { id: 'n', text: 'N', type: 'nps', options: [...NPS_OPTIONS] };
  const number: Question = {
    id: 'x',
    text: 'X',
    type: 'number',
    options: [],
    numberRange: { min: 0, max: 10, step: 0.5 },
  };
  const email: Question = { id: 'e', text: 'E', type: 'email', options: [] };
  const date: Question = { id: 'd', text: 'D', type: 'date', options: [], dateRange: { min: '2026-01-01' } };
  const dropdown: Question = { id: 'c', text: 'C', type: 'dropdown', options: ['NL', 'BE'], allowOther: true };
  const ranking: Question = { id: 'r', text: 'R', type: 'ranking', options: ['A', 'B', 'C'] };
  const matrix: Question = { id: 'm', text: 'M', type: 'matrix', options: ['No', 'Yes'], rows: ['Food', 'Music'] };
  const boxes: Question = { id: 'b', text: 'B', type: 'checkbox', options: ['x', 'y'], allowOther: true };

  it.each([
    [nps, 0, 0],
    [nps, '10', 10],
    [nps, 11, 'refused: must be a whole number from 0 to 10'],
    [nps, 2.5, 'refused: must be a whole number from 0 to 10'],
    [number, '2.5', '2.5'],
    [number, 7, '7'],
    [number, ' +3.0 ', '3'],
    [number, '2.25', 'refused: must be in steps of 0.5'],
    [number, '11', 'refused: must be at most 10'],
    [number, '-1', 'refused: must be at least 0'],
    [number, '1e3', 'refused: must be a number'],
    [number, '12345678901234567', 'refused: must be a number'],
    [email, ' ana@example.org ', 'ana@example.org'],
    [email, 'ana@example', 'refused: must be a valid email address'],
    [email, 'a b@example.org', 'refused: must be a valid email address'],
    [date, '2026-03-01', '2026-03-01'],
    [date, '2025-12-31', 'refused: must be on or after 2026-01-01'],
    [date, '2026-02-29', 'refused: must be a date written YYYY-MM-DD'],
    [dropdown, 'BE', 'BE'],
    [dropdown, ' Lux ', 'Lux'],
    [
      dropdown,
      'x'.repeat(LIMITS.otherAnswer + 1),
      `refused: has an "Other" text longer than ${LIMITS.otherAnswer} characters`,
    ],
    [ranking, ['C', 'A', 'B'], ['C', 'A', 'B']],
    [ranking, ['C', 'A'], 'refused: must list every option once, in order'],
    [ranking, ['C', 'A', 'A'], 'refused: must list every option once, in order'],
    [matrix, ['Yes', 'No'], ['Yes', 'No']],
    [matrix, ['Yes'], 'refused: must give one of the columns for each of the 2 rows'],
    [matrix, ['Yes', 'Maybe'], 'refused: must give one of the columns for each of the 2 rows'],
    [boxes, ['y', ' mine ', 'x'], ['x', 'y', 'mine']],
    [boxes, ['a', 'b'], 'refused: can have only one "Other" text'],
  ] as const)('%s: %j → %j', (question, answer, expected) => {
    expect(accepted(question, answer as Parameters<typeof checkAnswer>[1])).toEqual(expected);
  });

  it('refuses an answer outside the options where "Other" is not offered', () => {
    expect(accepted({ ...dropdown, allowOther: false }, 'Lux')).toBe('refused: must be one of the options');
    expect(accepted({ ...boxes, allowOther: undefined }, ['x', 'mine'])).toBe('refused: must only list the options');
  });
});

describe('skip logic on save', () => {
  const q = (id: string, extra: Partial<QuestionInput> = {}): QuestionInput => ({
    id,
    text: id.toUpperCase(),
    type: 'multiple_choice',
    options: ['Yes', 'No'],
    ...extra,
  });

  it('keeps rules that fit, numbers as numbers', () => {
    const parsed = parse(
      q('a', { logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'c' }] }),
      q('b', { type: 'rating', options: [], logic: [{ when: { operator: 'less_than', value: '3' }, goTo: 'end' }] }),
      q('c'),
    );
    expect(parsed.ok && parsed.questions.map((x) => x.logic)).toEqual([
      [{ when: { operator: 'equals', value: 'No' }, goTo: 'c' }],
      [{ when: { operator: 'less_than', value: 3 }, goTo: 'end' }],
      undefined,
    ]);
  });

  it.each([
    [
      'a rule that points backwards',
      [q('a'), q('b', { logic: [{ when: { operator: 'answered' }, goTo: 'a' }] })],
      SURVEY_MESSAGES.logicTargetBackwards,
      'questions.1.logic.0.goTo',
    ],
    [
      'a rule that points at itself',
      [q('a', { logic: [{ when: { operator: 'answered' }, goTo: 'a' }] })],
      SURVEY_MESSAGES.logicTargetBackwards,
      'questions.0.logic.0.goTo',
    ],
    [
      'a rule that points at a removed question',
      [q('a', { logic: [{ when: { operator: 'answered' }, goTo: 'gone' }] })],
      SURVEY_MESSAGES.logicTargetMissing,
      'questions.0.logic.0.goTo',
    ],
    [
      'a condition that does not fit the type',
      [q('a', { logic: [{ when: { operator: 'less_than', value: 3 }, goTo: 'end' }] })],
      SURVEY_MESSAGES.logicOperatorNotForType,
      'questions.0.logic.0.when.operator',
    ],
    [
      'a value that is not an option',
      [q('a', { logic: [{ when: { operator: 'equals', value: 'Maybe' }, goTo: 'end' }] })],
      SURVEY_MESSAGES.logicValueNotAnOption,
      'questions.0.logic.0.when.value',
    ],
    [
      'a condition without its value',
      [q('a', { logic: [{ when: { operator: 'equals' }, goTo: 'end' }] })],
      SURVEY_MESSAGES.logicValueRequired,
      'questions.0.logic.0.when.value',
    ],
    [
      'a number rule with text',
      [q('a', { type: 'nps', logic: [{ when: { operator: 'greater_than', value: 'many' }, goTo: 'end' }] })],
      SURVEY_MESSAGES.logicValueNotANumber,
      'questions.0.logic.0.when.value',
    ],
    [
      '"skipped" on a required question',
      [q('a', { logic: [{ when: { operator: 'skipped' }, goTo: 'end' }] })],
      SURVEY_MESSAGES.logicSkippedRequired,
      'questions.0.logic.0.when.operator',
    ],
  ] as const)('refuses %s', (_name, questions, message, path) => {
    expect(parse(...(questions as unknown as QuestionInput[]))).toEqual({ ok: false, message, path });
  });

  it('refuses more than 20 rules on one question', () => {
    const logic = Array.from({ length: LIMITS.logicRules + 1 }, () => ({
      when: { operator: 'answered' as const },
      goTo: 'end',
    }));
    expect(parse(q('a', { logic }))).toMatchObject({ ok: false, message: SURVEY_MESSAGES.logicTooMany });
  });

  it('offers each type only the conditions that fit it', () => {
    expect(logicOperatorsFor('checkbox')).toEqual(['includes', 'not_includes', 'answered', 'skipped']);
    expect(logicOperatorsFor('nps')).toEqual([
      'equals',
      'not_equals',
      'less_than',
      'greater_than',
      'answered',
      'skipped',
    ]);
    expect(logicOperatorsFor('matrix')).toEqual(['answered', 'skipped']);
  });
});

describe('rules and the path', () => {
  it.each([
    ['equals', 'No', 'No', true],
    ['equals', 'No', 'Yes', false],
    ['not_equals', 'No', 'Yes', true],
    ['not_equals', 'No', undefined, false],
    ['includes', 'x', ['x', 'y'], true],
    ['not_includes', 'x', ['y'], true],
    ['less_than', 7, 6, true],
    ['less_than', 7, '7', false],
    ['greater_than', 8, 9, true],
    ['answered', undefined, 'a', true],
    ['answered', undefined, undefined, false],
    ['skipped', undefined, undefined, true],
    ['skipped', undefined, '', true],
  ] as const)('%s %j with the answer %j: %s', (operator, value, answer, expected) => {
    const type = typeof value === 'number' ? 'nps' : Array.isArray(answer) ? 'checkbox' : 'multiple_choice';
    expect(ruleMatches({ type }, { operator, value }, answer as never)).toBe(expected);
  });

  it('compares text and email answers without regard to case or spaces', () => {
    expect(ruleMatches({ type: 'email' }, { operator: 'equals', value: 'A@B.CO' }, ' a@b.co ')).toBe(true);
  });

  const flow: Question[] = [
    {
      id: 'like',
      text: 'Do you like it?',
      type: 'multiple_choice',
      options: ['Yes', 'No'],
      logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'why' }],
    },
    { id: 'best', text: 'What is best?', type: 'text', options: [], required: false },
    {
      id: 'score',
      text: 'Score?',
      type: 'nps',
      options: [...NPS_OPTIONS],
      logic: [{ when: { operator: 'greater_than', value: 8 }, goTo: 'end' }],
    },
    { id: 'why', text: 'Why not?', type: 'text', options: [] },
  ];

  it('follows the first matching rule, else the next question, and counts unanswered questions as skipped', () => {
    const ids = (answers: Record<string, unknown>) => questionPath(flow, answers as never).map((q) => q.id);
    expect(ids({})).toEqual(['like', 'best', 'score', 'why']);
    expect(ids({ like: 'No' })).toEqual(['like', 'why']);
    expect(ids({ like: 'Yes', score: 9 })).toEqual(['like', 'best', 'score']);
    expect(nextQuestion(flow, { like: 'No' }, 'like')?.id).toBe('why');
    expect(previousQuestion(flow, { like: 'No' }, 'why')?.id).toBe('like');
    expect(previousQuestion(flow, { like: 'Yes', score: 3 }, 'why')?.id).toBe('score');
  });

  it('passes over a stored rule that points backwards or at a question that is gone', () => {
    const damaged: Question[] = [
      { id: 'a', text: 'A', type: 'text', options: [] },
      { id: 'b', text: 'B', type: 'text', options: [], logic: [{ when: { operator: 'answered' }, goTo: 'a' }] },
      { id: 'c', text: 'C', type: 'text', options: [], logic: [{ when: { operator: 'answered' }, goTo: 'gone' }] },
      { id: 'd', text: 'D', type: 'text', options: [] },
    ];
    expect(questionPath(damaged, { a: 'x', b: 'y', c: 'z' }).map((q) => q.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('accepts a response that follows its path, with the path as seen', () => {
    const result = checkResponse(flow, [
      { questionId: 'like', answer: 'No' },
      { questionId: 'why', answer: ' Too loud ' },
    ]);
    expect(result).toEqual({ ok: true, answers: { like: 'No', why: 'Too loud' }, seen: ['like', 'why'] });
  });

  it('lets optional questions be skipped and ends where a rule says', () => {
    const result = checkResponse(flow, [
      { questionId: 'like', answer: 'Yes' },
      { questionId: 'score', answer: 10 },
    ]);
    expect(result).toEqual({ ok: true, answers: { like: 'Yes', score: 10 }, seen: ['like', 'best', 'score'] });
  });

  it('refuses an answer to a question off the path, naming it', () => {
    expect(
      checkResponse(flow, [
        { questionId: 'like', answer: 'No' },
        { questionId: 'best', answer: 'The food' },
        { questionId: 'why', answer: 'Loud' },
      ]),
    ).toEqual({
      ok: false,
      code: 'ANSWER_OFF_PATH',
      params: { position: 2 },
      message: 'Question 2 is not on the path these answers take, so it cannot be answered',
    });
  });

  it('refuses a path that misses a required question on it', () => {
    expect(checkResponse(flow, [{ questionId: 'like', answer: 'Yes' }])).toMatchObject({
      ok: false,
      code: 'ANSWER_MISSING',
      params: { position: 3 },
    });
  });

  it('follows the rules with the answer in stored form', () => {
    // "9" is stored as the number 9, which is more than 8: the survey ends after the score.
    expect(
      checkResponse(flow, [
        { questionId: 'like', answer: 'Yes' },
        { questionId: 'score', answer: '9' },
      ]),
    ).toMatchObject({ ok: true, seen: ['like', 'best', 'score'] });
  });
});
