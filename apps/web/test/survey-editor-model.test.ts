import { describe, expect, it } from 'vitest';
import {
  FIVE_POINT_SCALE,
  QUESTION_ID_PATTERN,
  questionIdProblem,
  SURVEY_MESSAGES,
  TEN_POINT_SCALE,
} from '@quorum/contract';
import {
  brandingUrlStatus,
  canAddQuestion,
  canRemoveQuestion,
  changeQuestionType,
  draftFromSurvey,
  emptyDraft,
  emptySettings,
  newQuestion,
  toSurveyInput,
  validateDraft,
  type QuestionDraft,
  type SurveyDraft,
} from '@/features/survey-editor/lib/editor-model';
import { addOption, canRemoveOption, removeOption } from '@/question-types/choice/options';
import { changeRatingScale } from '@/question-types/rating/scale';
import { makeSurvey } from './support/surveys';

const choice = (over: Partial<QuestionDraft> = {}): QuestionDraft => ({
  key: 'k1',
  text: 'Favourite colour?',
  type: 'multiple_choice',
  options: ['Red', 'Blue'],
  required: true,
  description: '',
  logic: [],
  ...over,
});
const NEW = { required: true, description: '', logic: [] };

const validDraft = (over: Partial<SurveyDraft> = {}): SurveyDraft => ({
  ...emptySettings(),
  projectName: 'Customer Feedback',
  brandingImageUrl: '',
  title: 'How did we do?',
  questions: [choice()],
  ...over,
});

describe('a new survey', () => {
  it('starts with one empty multiple_choice question with one empty option', () => {
    const draft = emptyDraft('only');
    expect(draft).toEqual({
      projectName: '',
      brandingImageUrl: '',
      title: '',
      questions: [
        {
          key: 'only',
          id: expect.stringMatching(/^q-[0-9a-f]{16}$/),
          text: '',
          type: 'multiple_choice',
          options: [''],
          ...NEW,
        },
      ],
      ...emptySettings(),
    });
  });

  it('gives every new question its own key and its own id, one the server accepts', () => {
    const [a, b] = [newQuestion(), newQuestion()];
    expect(a.key).not.toBe(b.key);
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(QUESTION_ID_PATTERN);
    expect(questionIdProblem(a.id!)).toBeUndefined();
  });
});

describe('changing the question type', () => {
  it('to text empties the options', () => {
    expect(changeQuestionType(choice(), 'text')).toMatchObject({ type: 'text', options: [] });
  });

  it('to rating sets the five-point scale and options 1 to 5', () => {
    const rating = changeQuestionType(choice(), 'rating');
    expect(rating.ratingScale).toEqual(FIVE_POINT_SCALE);
    expect(rating.options).toEqual(['1', '2', '3', '4', '5']);
  });

  it('to another type with empty options gives a single empty option', () => {
    const text = changeQuestionType(choice(), 'text');
    expect(changeQuestionType(text, 'checkbox')).toMatchObject({ type: 'checkbox', options: [''] });
    expect(changeQuestionType(text, 'multiple_choice').options).toEqual(['']);
  });

  it('to another choice type keeps the options that exist', () => {
    expect(changeQuestionType(choice(), 'checkbox').options).toEqual(['Red', 'Blue']);
  });

  it('away from rating drops the rating scale', () => {
    const rating = changeQuestionType(choice(), 'rating');
    expect(changeQuestionType(rating, 'checkbox')).not.toHaveProperty('ratingScale');
    expect(changeQuestionType(rating, 'text')).not.toHaveProperty('ratingScale');
  });

  it('keeps the question id, key and text', () => {
    const q = choice({ id: 'q-1' });
    expect(changeQuestionType(q, 'rating')).toMatchObject({ id: 'q-1', key: 'k1', text: 'Favourite colour?' });
  });
});

describe('rating scale presets', () => {
  it('choosing the 10-point scale regenerates options 1 to 10', () => {
    const ten = changeRatingScale(changeQuestionType(choice(), 'rating'), 10);
    expect(ten.ratingScale).toEqual(TEN_POINT_SCALE);
    expect(ten.options).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('choosing the 5-point scale again regenerates options 1 to 5', () => {
    const back = changeRatingScale(changeRatingScale(changeQuestionType(choice(), 'rating'), 10), 5);
    expect(back.ratingScale).toEqual(FIVE_POINT_SCALE);
    expect(back.options).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('adding and removing', () => {
  it('an option can be removed only when more than one exists', () => {
    const one = choice({ options: ['Only'] });
    expect(canRemoveOption(one)).toBe(false);
    expect(removeOption(one, 0).options).toEqual(['Only']);
    const two = addOption(one);
    expect(two.options).toEqual(['Only', '']);
    expect(canRemoveOption(two)).toBe(true);
    expect(removeOption(two, 0).options).toEqual(['']);
  });

  it('a question can be removed only when more than one exists', () => {
    const one = validDraft();
    expect(canRemoveQuestion(one)).toBe(false);
    const two = validDraft({ questions: [choice(), newQuestion('k2')] });
    expect(two.questions[1]).toEqual({
      key: 'k2',
      id: expect.any(String),
      text: '',
      type: 'multiple_choice',
      options: [''],
      ...NEW,
    });
    expect(canRemoveQuestion(two)).toBe(true);
  });

  it('stops at 50 options and 100 questions', () => {
    const full = choice({ options: Array.from({ length: 50 }, (_, i) => `o${i}`) });
    expect(addOption(full).options).toHaveLength(50);
    const many = validDraft({ questions: Array.from({ length: 100 }, (_, i) => choice({ key: `k${i}` })) });
    expect(canAddQuestion(many)).toBe(false);
    expect(canAddQuestion(validDraft())).toBe(true);
  });
});

describe('what is sent on save', () => {
  it('drops blank options of choice questions, sends [] for text and ratingScale only for rating', () => {
    const input = toSurveyInput(
      validDraft({
        projectName: '  My   Big Project ',
        brandingImageUrl: '   ',
        questions: [
          choice({ id: 'q1', options: ['Red', '  ', '', ' Blue '] }),
          { key: 'k2', text: 'Why?', type: 'text', options: [], ...NEW },
          { ...changeRatingScale(changeQuestionType(choice({ key: 'k3' }), 'rating'), 10), text: 'Rate us' },
          { key: 'k4', text: 'Pick any', type: 'checkbox', options: ['', 'A'], ...NEW },
        ],
      }),
    );
    expect(input.projectId).toBe('my-big-project');
    expect(input.brandingImageUrl).toBeNull();
    expect(input.questions).toEqual([
      { id: 'q1', text: 'Favourite colour?', type: 'multiple_choice', options: ['Red', 'Blue'] },
      { text: 'Why?', type: 'text', options: [] },
      {
        text: 'Rate us',
        type: 'rating',
        options: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
        ratingScale: TEN_POINT_SCALE,
      },
      { text: 'Pick any', type: 'checkbox', options: ['A'] },
    ]);
    expect(input.questions[0]).not.toHaveProperty('ratingScale');
    expect(input.questions[1]).not.toHaveProperty('ratingScale');
  });

  it('never sends the editor-only key, and sends no id for a question that has none', () => {
    const [q] = toSurveyInput(validDraft()).questions;
    expect(q).not.toHaveProperty('key');
    expect(q).not.toHaveProperty('id');
  });
});

describe('submit checks in order: project name, title, questions', () => {
  it('reports the project name first, then the title, then the questions', () => {
    const empty: SurveyDraft = {
      ...emptySettings(),
      projectName: '  ',
      brandingImageUrl: 'not a url',
      title: '',
      questions: [],
    };
    expect(validateDraft(empty)).toMatchObject({
      ok: false,
      message: SURVEY_MESSAGES.projectNameRequired,
      at: { field: 'projectName' },
    });
    expect(validateDraft({ ...empty, projectName: 'P' })).toMatchObject({
      message: SURVEY_MESSAGES.titleRequired,
      at: { field: 'title' },
    });
    expect(validateDraft({ ...empty, projectName: 'P', title: 'T' })).toMatchObject({
      message: SURVEY_MESSAGES.questionRequired,
      at: { field: 'questions' },
    });
  });

  it('then each question: its text, then its options', () => {
    const blankText = validDraft({ questions: [choice(), choice({ key: 'k2', text: ' ' })] });
    expect(validateDraft(blankText)).toMatchObject({
      message: SURVEY_MESSAGES.questionTextRequired,
      at: { field: 'questionText', index: 1 },
    });
    const noOptions = validDraft({ questions: [choice({ options: ['  ', ''] })] });
    expect(validateDraft(noOptions)).toMatchObject({
      message: SURVEY_MESSAGES.optionRequired,
      at: { field: 'questionOptions', index: 0 },
    });
  });

  it('a malformed branding URL comes after the other checks, with the image message', () => {
    const badUrl = validDraft({ brandingImageUrl: 'ftp://example.com/logo.png' });
    expect(validateDraft(badUrl)).toMatchObject({
      ok: false,
      message: SURVEY_MESSAGES.invalidImageUrl,
      at: { field: 'brandingImageUrl' },
    });
    expect(validateDraft({ ...badUrl, title: '' })).toMatchObject({ message: SURVEY_MESSAGES.titleRequired });
  });

  it('passes a complete survey through, with the normalised body', () => {
    const result = validateDraft(validDraft({ brandingImageUrl: ' https://img.example.com/a.png ' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.brandingImageUrl).toBe('https://img.example.com/a.png');
    expect(result.normalised.projectId).toBe('customer-feedback');
  });
});

describe('the live branding URL status', () => {
  it('is empty, invalid or to be checked by the server', () => {
    expect(brandingUrlStatus('  ')).toBe('empty');
    expect(brandingUrlStatus('example.com/logo.png')).toBe('invalid');
    expect(brandingUrlStatus('javascript:alert(1)')).toBe('invalid');
    expect(brandingUrlStatus('https://example.com/logo.png')).toBe('check');
    expect(brandingUrlStatus(`https://example.com/${'a'.repeat(2100)}`)).toBe('invalid');
  });
});

describe('editing a stored survey', () => {
  it('loads every question type into the editor and saves it back unchanged', () => {
    const survey = makeSurvey({
      questions: [
        { id: 'a', text: 'A', type: 'multiple_choice', options: ['x', 'y'] },
        { id: 'b', text: 'B', type: 'checkbox', options: ['z'] },
        { id: 'c', text: 'C', type: 'text', options: [] },
        { id: 'd', text: 'D', type: 'rating', options: ['1', '2', '3', '4', '5'], ratingScale: FIVE_POINT_SCALE },
      ],
    });
    const draft = draftFromSurvey(survey);
    expect(draft.brandingImageUrl).toBe('');
    expect(new Set(draft.questions.map((q) => q.key)).size).toBe(4);
    expect(toSurveyInput(draft).questions).toEqual(survey.questions);
  });
});
