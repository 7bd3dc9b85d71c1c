import { describe, expect, it } from 'vitest';
import {
  FIVE_POINT_SCALE,
  LIMITS,
  NPS_OPTIONS,
  SURVEY_MESSAGES,
  surveyInputSchema,
  type Question,
} from '@quorum/contract';
import {
  canAddRule,
  changeQuestionType,
  completeQuestion,
  describeRule,
  draftFromSurvey,
  emptySettings,
  fieldRefFor,
  newQuestion,
  newRule,
  operatorsFor,
  ruleProblems,
  ruleTargets,
  toSurveyInput,
  validateDraft,
  type LogicRuleDraft,
  type QuestionDraft,
  type SurveyDraft,
} from '@/features/survey-editor/lib/editor-model';
import { pasteOptions } from '@/question-types/choice/options';
import { makeSurvey } from './support/surveys';

/** A stored survey holding every type and every field the editor edits. */
const STORED: Question[] = [
  {
    id: 'mc',
    text: 'Coffee or tea?',
    type: 'multiple_choice',
    options: ['Coffee', 'Tea'],
    required: true,
    description: 'Pick the one you drink most',
    allowOther: true,
    randomizeOptions: true,
    logic: [
      { when: { operator: 'equals', value: 'Tea' }, goTo: 'nps' },
      { when: { operator: 'not_equals', value: 'Coffee' }, goTo: 'end' },
    ],
  },
  {
    id: 'cb',
    text: 'Which?',
    type: 'checkbox',
    options: ['A', 'B'],
    required: false,
    allowOther: true,
    logic: [{ when: { operator: 'skipped' }, goTo: 'end' }],
  },
  { id: 'tx', text: 'Why?', type: 'text', options: [], required: false },
  {
    id: 'rt',
    text: 'Rate',
    type: 'rating',
    options: ['1', '2', '3', '4', '5'],
    ratingScale: FIVE_POINT_SCALE,
    required: true,
  },
  {
    id: 'nps',
    text: 'Recommend us?',
    type: 'nps',
    options: [...NPS_OPTIONS],
    required: true,
    logic: [{ when: { operator: 'less_than', value: 7 }, goTo: 'em' }],
  },
  {
    id: 'num',
    text: 'How many?',
    type: 'number',
    options: [],
    numberRange: { min: -2.5, max: 10, step: 0.5 },
    required: true,
  },
  { id: 'num2', text: 'Any number', type: 'number', options: [], required: true },
  {
    id: 'em',
    text: 'Email?',
    type: 'email',
    options: [],
    required: false,
    logic: [{ when: { operator: 'equals', value: 'a@b.c' }, goTo: 'end' }],
  },
  {
    id: 'dt',
    text: 'When?',
    type: 'date',
    options: [],
    dateRange: { min: '2026-01-01', max: '2026-12-31' },
    required: true,
  },
  { id: 'dd', text: 'Country', type: 'dropdown', options: ['France', 'Peru'], randomizeOptions: true, required: true },
  { id: 'rk', text: 'Order these', type: 'ranking', options: ['X', 'Y', 'Z'], randomizeOptions: true, required: true },
  {
    id: 'mx',
    text: 'Rate each',
    type: 'matrix',
    options: ['Bad', 'Good'],
    rows: ['Food', 'Service'],
    randomizeOptions: true,
    required: true,
    description: 'One per row',
  },
];

const survey = makeSurvey({ questions: STORED });
const normalise = (input: unknown) => surveyInputSchema.parse(input).questions;
const rule = (over: Partial<LogicRuleDraft> = {}): LogicRuleDraft => ({
  key: 'r1',
  operator: 'equals',
  value: 'Yes',
  goTo: 'end',
  ...over,
});
const question = (id: string, over: Partial<QuestionDraft> = {}): QuestionDraft => ({
  key: `k-${id}`,
  id,
  text: `Question ${id}`,
  type: 'multiple_choice',
  options: ['Yes', 'No'],
  required: true,
  description: '',
  logic: [],
  ...over,
});
const draftOf = (questions: QuestionDraft[]): SurveyDraft => ({
  ...emptySettings(),
  projectName: 'P',
  brandingImageUrl: '',
  title: 'T',
  questions,
});

describe('a stored survey in the editor', () => {
  it('loads every type and field and saves back unchanged', () => {
    const draft = draftFromSurvey(survey);
    expect(normalise(toSurveyInput(draft))).toEqual(normalise({ ...survey, questions: STORED }));
    // Field by field, as the server will store it.
    expect(normalise(toSurveyInput(draft))).toEqual(STORED);
  });

  it('holds each field in the form its input edits', () => {
    const questions = draftFromSurvey(survey).questions;
    const byId = (id: string) => questions.find((q) => q.id === id)!;
    expect(byId('mc')).toMatchObject({
      required: true,
      description: 'Pick the one you drink most',
      allowOther: true,
      randomizeOptions: true,
      logic: [
        { operator: 'equals', value: 'Tea', goTo: 'nps' },
        { operator: 'not_equals', value: 'Coffee', goTo: 'end' },
      ],
    });
    expect(byId('cb')).toMatchObject({ required: false, description: '', logic: [{ operator: 'skipped', value: '' }] });
    expect(byId('nps').logic[0]).toMatchObject({ operator: 'less_than', value: '7' });
    expect(byId('num').numberRange).toEqual({ min: '-2.5', max: '10', step: '0.5' });
    expect(byId('num2').numberRange).toEqual({ min: '', max: '', step: '' });
    expect(byId('dt').dateRange).toEqual({ min: '2026-01-01', max: '2026-12-31' });
    expect(byId('mx')).toMatchObject({ options: ['Bad', 'Good'], rows: ['Food', 'Service'] });
  });

  it('sends a question saved before these fields existed exactly as it was', () => {
    const old = makeSurvey({ questions: [{ id: 'a', text: 'A', type: 'multiple_choice', options: ['x'] }] });
    expect(toSurveyInput(draftFromSurvey(old)).questions).toEqual(old.questions);
  });
});

describe('what is sent for the new fields', () => {
  it('sends required only when off, help text trimmed when written, flags only when on', () => {
    const [q] = toSurveyInput(
      draftOf([
        question('a', { required: false, description: '  Helps  ', allowOther: true, randomizeOptions: false }),
      ]),
    ).questions;
    expect(q).toEqual({
      id: 'a',
      text: 'Question a',
      type: 'multiple_choice',
      options: ['Yes', 'No'],
      required: false,
      description: 'Helps',
      allowOther: true,
    });
  });

  it('sends number bounds as numbers, leaving out blank ones, and date bounds as written', () => {
    const number = changeQuestionType(question('n'), 'number');
    expect(toSurveyInput(draftOf([number])).questions[0]).not.toHaveProperty('numberRange');
    const withMin = { ...number, numberRange: { min: ' 3 ', max: '', step: '0.25' } };
    expect(toSurveyInput(draftOf([withMin])).questions[0]).toMatchObject({ numberRange: { min: 3, step: 0.25 } });
    const date = { ...changeQuestionType(question('d'), 'date'), dateRange: { min: '', max: '2026-05-01' } };
    expect(toSurveyInput(draftOf([date])).questions[0]).toMatchObject({ dateRange: { max: '2026-05-01' } });
  });

  it('sends a matrix’s rows and columns without blanks, and the 0 to 10 options of an NPS question', () => {
    const matrix = { ...changeQuestionType(question('m'), 'matrix'), rows: ['Food', ' ', 'Staff'] };
    expect(toSurveyInput(draftOf([matrix])).questions[0]).toMatchObject({
      options: ['Yes', 'No'],
      rows: ['Food', 'Staff'],
    });
    const nps = changeQuestionType(question('p'), 'nps');
    expect(toSurveyInput(draftOf([nps])).questions[0]).toMatchObject({ type: 'nps', options: [...NPS_OPTIONS] });
  });

  it('sends rules with numbers for numeric types and no value for answered and skipped', () => {
    const nps = {
      ...changeQuestionType(question('a'), 'nps'),
      logic: [
        rule({ operator: 'greater_than', value: '8', goTo: 'b' }),
        rule({ key: 'r2', operator: 'answered', value: 'x' }),
      ],
    };
    expect(toSurveyInput(draftOf([nps, question('b')])).questions[0]!.logic).toEqual([
      { when: { operator: 'greater_than', value: 8 }, goTo: 'b' },
      { when: { operator: 'answered' }, goTo: 'end' },
    ]);
  });

  it('refuses a bad range with the contract’s message, at the range', () => {
    const number = { ...changeQuestionType(question('n'), 'number'), numberRange: { min: '5', max: '1', step: '' } };
    expect(validateDraft(draftOf([number]))).toMatchObject({
      ok: false,
      message: 'The smallest number cannot be more than the largest',
      at: { field: 'questionNumberRange', index: 0 },
    });
    const matrix = { ...changeQuestionType(question('m'), 'matrix'), rows: [''] };
    expect(validateDraft(draftOf([matrix]))).toMatchObject({
      message: SURVEY_MESSAGES.matrixRowRequired,
      at: { field: 'questionRows', index: 0 },
    });
    const long = question('a', { description: 'x'.repeat(LIMITS.description + 1) });
    expect(validateDraft(draftOf([long]))).toMatchObject({
      message: SURVEY_MESSAGES.descriptionTooLong,
      at: { field: 'questionDescription', index: 0 },
    });
  });
});

describe('changing the type', () => {
  it('keeps "Other" and random order only where the new type offers them', () => {
    const q = question('a', { allowOther: true, randomizeOptions: true });
    expect(changeQuestionType(q, 'dropdown')).toMatchObject({ allowOther: true, randomizeOptions: true });
    const ranking = changeQuestionType(q, 'ranking');
    expect(ranking).not.toHaveProperty('allowOther');
    expect(ranking.randomizeOptions).toBe(true);
    const text = changeQuestionType(q, 'text');
    expect(text).not.toHaveProperty('allowOther');
    expect(text).not.toHaveProperty('randomizeOptions');
  });

  it('drops the old type’s own fields and sets the new type’s', () => {
    const number = changeQuestionType(question('a'), 'number');
    expect(number.numberRange).toEqual({ min: '', max: '', step: '' });
    const matrix = changeQuestionType(number, 'matrix');
    expect(matrix).not.toHaveProperty('numberRange');
    expect(matrix).toMatchObject({ options: [''], rows: [''] });
    const date = changeQuestionType(matrix, 'date');
    expect(date).not.toHaveProperty('rows');
    expect(date).toMatchObject({ options: [], dateRange: { min: '', max: '' } });
    expect(changeQuestionType(date, 'nps').options).toEqual([...NPS_OPTIONS]);
  });

  it('keeps a rule whole when its condition and value still fit', () => {
    const q = question('a', { logic: [rule({ value: 'No', goTo: 'c' })] });
    expect(changeQuestionType(q, 'dropdown').logic).toEqual(q.logic);
    const number = { ...changeQuestionType(q, 'number'), logic: [rule({ operator: 'less_than', value: '3' })] };
    expect(changeQuestionType(number, 'nps').logic).toEqual(number.logic);
    expect(changeQuestionType(number, 'text').logic).toEqual([rule({ operator: 'equals', value: '' })]);
  });

  it('keeps required, help text and the rules’ targets; a condition that no longer fits takes the first that does', () => {
    const q = question('a', {
      required: false,
      description: 'Help',
      logic: [
        rule({ operator: 'equals', value: 'Yes', goTo: 'c' }),
        rule({ key: 'r2', operator: 'skipped', value: '' }),
      ],
    });
    const checkbox = changeQuestionType(q, 'checkbox');
    expect(checkbox).toMatchObject({ required: false, description: 'Help' });
    expect(checkbox.logic).toEqual([
      { key: 'r1', operator: 'includes', value: '', goTo: 'c' },
      { key: 'r2', operator: 'skipped', value: '', goTo: 'end' },
    ]);
  });
});

describe('skip-logic rules', () => {
  it('offer the contract’s conditions for the type, without "is skipped" on a required question', () => {
    expect(operatorsFor('multiple_choice', true)).toEqual(['equals', 'not_equals', 'answered']);
    expect(operatorsFor('checkbox', false)).toEqual(['includes', 'not_includes', 'answered', 'skipped']);
    expect(operatorsFor('number', true)).toEqual(['equals', 'not_equals', 'less_than', 'greater_than', 'answered']);
    expect(operatorsFor('matrix', false)).toEqual(['answered', 'skipped']);
  });

  it('read in plain words', () => {
    const questions = [question('a'), question('b'), question('c'), question('d'), question('e')];
    expect(describeRule(questions, rule({ value: 'No', goTo: 'e' }))).toBe('If the answer is No, go to Q5');
    expect(describeRule(questions, rule({ operator: 'not_includes', value: 'Red', goTo: 'end' }))).toBe(
      'If the answer does not include Red, go to End of survey',
    );
    expect(describeRule(questions, rule({ operator: 'greater_than', value: '7', goTo: 'c' }))).toBe(
      'If the answer is more than 7, go to Q3',
    );
    expect(describeRule(questions, rule({ operator: 'skipped', value: '', goTo: 'b' }))).toBe(
      'If the question is skipped, go to Q2',
    );
    expect(describeRule(questions, rule({ goTo: 'gone' }))).toBe(
      'If the answer is Yes, go to a question that is no longer here',
    );
  });

  it('offer only later questions and the end as targets', () => {
    const questions = [question('a'), question('b', { text: 'Second' }), question('c', { text: '' })];
    expect(ruleTargets(questions, 0)).toEqual([
      { value: 'b', label: 'Q2: Second' },
      { value: 'c', label: 'Q3' },
      { value: 'end', label: 'End of survey' },
    ]);
    expect(ruleTargets(questions, 2)).toEqual([{ value: 'end', label: 'End of survey' }]);
  });

  it('start with the first condition, the first option and the question after next', () => {
    const questions = [question('a'), question('b'), question('c')];
    expect(newRule(questions, 0)).toMatchObject({ operator: 'equals', value: 'Yes', goTo: 'c' });
    expect(newRule(questions, 1)).toMatchObject({ goTo: 'c' });
    expect(newRule(questions, 2)).toMatchObject({ goTo: 'end' });
    const nps = changeQuestionType(question('a'), 'nps');
    expect(newRule([nps], 0)).toMatchObject({ operator: 'equals', value: '' });
  });

  it('stop at 20 on a question', () => {
    const full = question('a', { logic: Array.from({ length: LIMITS.logicRules }, (_, i) => rule({ key: `r${i}` })) });
    expect(canAddRule(full)).toBe(false);
    expect(canAddRule(question('a', { logic: [rule()] }))).toBe(true);
  });

  it('that a move or removal leaves pointing backwards or at nothing are flagged, and the save is refused', () => {
    const withRule = question('a', { logic: [rule({ goTo: 'c' })] });
    const questions = [withRule, question('b'), question('c')];
    expect(ruleProblems(questions, 0).size).toBe(0);
    expect(validateDraft(draftOf(questions)).ok).toBe(true);

    // Q3 moved above the question whose rule points at it.
    const moved = [questions[2]!, withRule, questions[1]!];
    expect(ruleProblems(moved, 1).get('r1')).toBe(SURVEY_MESSAGES.logicTargetBackwards);
    expect(validateDraft(draftOf(moved))).toMatchObject({
      ok: false,
      message: SURVEY_MESSAGES.logicTargetBackwards,
      at: { field: 'questionLogic', index: 1, rule: 0, part: 'goTo' },
    });

    // Q3 removed.
    const removed = [withRule, questions[1]!];
    expect(ruleProblems(removed, 0).get('r1')).toBe(SURVEY_MESSAGES.logicTargetMissing);
    expect(validateDraft(draftOf(removed))).toMatchObject({ ok: false, message: SURVEY_MESSAGES.logicTargetMissing });
  });

  it('are checked like the server checks them: values, and "is skipped" on a required question', () => {
    const notAnOption = [question('a', { logic: [rule({ value: 'Maybe' })] })];
    expect(ruleProblems(notAnOption, 0).get('r1')).toBe(SURVEY_MESSAGES.logicValueNotAnOption);
    expect(validateDraft(draftOf(notAnOption))).toMatchObject({
      at: { field: 'questionLogic', index: 0, rule: 0, part: 'value' },
    });
    const nps = {
      ...changeQuestionType(question('a'), 'nps'),
      logic: [rule({ operator: 'less_than', value: 'lots' })],
    };
    expect(ruleProblems([nps], 0).get('r1')).toBe(SURVEY_MESSAGES.logicValueNotANumber);
    const skipped = [question('a', { required: true, logic: [rule({ operator: 'skipped', value: '' })] })];
    expect(ruleProblems(skipped, 0).get('r1')).toBe(SURVEY_MESSAGES.logicSkippedRequired);
    expect(validateDraft(draftOf(skipped))).toMatchObject({
      at: { field: 'questionLogic', index: 0, rule: 0, part: 'operator' },
    });
  });

  it('pointing at a new question are accepted: new questions carry their ids', () => {
    const second = { ...newQuestion(), text: 'Next', options: ['x'] };
    const first = question('a', { logic: [rule({ goTo: second.id! })] });
    const result = validateDraft(draftOf([first, second]));
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.normalised.questions[0]!.logic).toEqual([
        { when: { operator: 'equals', value: 'Yes' }, goTo: second.id },
      ]);
  });
});

describe('a field the server names', () => {
  it('is found from its dotted path', () => {
    expect(fieldRefFor('questions.2.logic.0.goTo'.split('.'))).toEqual({
      field: 'questionLogic',
      index: 2,
      rule: 0,
      part: 'goTo',
    });
    expect(fieldRefFor('questions.1.logic.3.when.value'.split('.'))).toMatchObject({ rule: 3, part: 'value' });
    expect(fieldRefFor('questions.0.dateRange.min'.split('.'))).toEqual({ field: 'questionDateRange', index: 0 });
    expect(fieldRefFor('questions.4.description'.split('.'))).toEqual({ field: 'questionDescription', index: 4 });
    expect(fieldRefFor('questions.4.text'.split('.'))).toEqual({ field: 'questionText', index: 4 });
  });
});

describe('the options of a dropdown pasted one per line', () => {
  it('are added after the filled ones, trimmed, without blanks or repeats, up to the limit', () => {
    const dropdown = { ...changeQuestionType(question('a'), 'dropdown'), options: ['Peru', ''] };
    expect(pasteOptions(dropdown, ' France \n\nPeru\r\nChile\nFrance', 500).options).toEqual([
      'Peru',
      'France',
      'Chile',
    ]);
    expect(pasteOptions(dropdown, 'A\nB\nC', 2).options).toEqual(['Peru', 'A']);
    expect(pasteOptions({ ...dropdown, options: [''] }, '\n \n', 500).options).toEqual(['']);
  });
});

describe('a question kept by an earlier version of the editor', () => {
  it('is completed: required, no help text, no rules, and an id', () => {
    const kept = completeQuestion({ key: 'k', text: 'Old', type: 'text', options: [] });
    expect(kept).toMatchObject({ required: true, description: '', logic: [] });
    expect(kept.id).toMatch(/^q-/);
    expect(completeQuestion({ key: 'k', id: 'x', text: 'Old', type: 'text', options: [] }).id).toBe('x');
  });
});
