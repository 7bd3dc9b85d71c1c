import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_TRANSITIONS,
  FIVE_POINT_SCALE,
  LIMITS,
  MAX_ACTIVE_SURVEYS,
  OWNER_TRANSITIONS,
  QUESTION_ID_PATTERN,
  RATING_PRESETS,
  SURVEY_MESSAGES,
  TEN_POINT_SCALE,
  canTransition,
  isActivation,
  isEditable,
  projectIdFrom,
  questionSchema,
  ratingOptions,
  stateChangeMessage,
  surveyInputSchema,
  surveyStates,
  transitionRefusal,
  type SurveyInput,
  type SurveyState,
} from '../src';

const base = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  projectName: 'Summer Festival',
  title: 'Visitor feedback',
  questions: [{ text: 'Which day?', type: 'multiple_choice', options: ['Friday', 'Saturday'] }],
  ...overrides,
});

/** The first issue's message, as the API reports it, or null when the body is valid. */
function firstMessage(body: unknown): string | null {
  const result = surveyInputSchema.safeParse(body);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

describe('projectIdFrom', () => {
  it('lowercases and turns each run of whitespace into one hyphen', () => {
    expect(projectIdFrom('Summer Festival')).toBe('summer-festival');
    expect(projectIdFrom('  Q3   Customer\tSurvey \n 2026 ')).toBe('q3-customer-survey-2026');
    expect(projectIdFrom('ALREADY-hyphenated')).toBe('already-hyphenated');
  });

  it('never contains whitespace or upper case and is stable when applied again', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (name) => {
        const id = projectIdFrom(name);
        expect(id).not.toMatch(/\s/);
        expect(id).toBe(id.toLowerCase());
        expect(projectIdFrom(id)).toBe(id);
      }),
    );
  });

  it('gives the same id to names that differ only in case and spacing', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
    const space = fc.constantFrom(' ', '  ', '\t', ' \n ');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), space, space, (words, gap, edge) => {
        const spaced = edge + words.join(gap) + edge;
        expect(projectIdFrom(spaced)).toBe(words.join('-').toLowerCase());
        expect(projectIdFrom(spaced.toUpperCase())).toBe(projectIdFrom(spaced));
      }),
    );
  });
});

describe('rating presets', () => {
  it('has the five-point scale: 1 to 5, Very Poor to Excellent', () => {
    expect(FIVE_POINT_SCALE).toEqual({
      min: 1,
      max: 5,
      labels: { '1': 'Very Poor', '2': 'Poor', '3': 'Average', '4': 'Good', '5': 'Excellent' },
    });
    expect(RATING_PRESETS[5]).toBe(FIVE_POINT_SCALE);
  });

  it('has the ten-point scale labelled at 1, 5 and 10 only', () => {
    expect(TEN_POINT_SCALE).toEqual({
      min: 1,
      max: 10,
      labels: { '1': 'Extremely Poor', '5': 'Average', '10': 'Excellent' },
    });
    expect(RATING_PRESETS[10]).toBe(TEN_POINT_SCALE);
  });

  it('gives the numbers from min to max as string options', () => {
    expect(ratingOptions(FIVE_POINT_SCALE)).toEqual(['1', '2', '3', '4', '5']);
    expect(ratingOptions(TEN_POINT_SCALE)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });
});

describe('survey input: validation order and messages', () => {
  it('reports the project name first, then the title, then the questions, then the image URL', () => {
    const all = { projectName: '  ', title: ' ', questions: [], brandingImageUrl: 'ftp://x' };
    expect(firstMessage(all)).toBe(SURVEY_MESSAGES.projectNameRequired);
    expect(firstMessage({ ...all, projectName: 'P' })).toBe(SURVEY_MESSAGES.titleRequired);
    expect(firstMessage({ ...all, projectName: 'P', title: 'T' })).toBe(SURVEY_MESSAGES.questionRequired);
    expect(firstMessage({ ...base(), brandingImageUrl: 'ftp://x' })).toBe(SURVEY_MESSAGES.invalidImageUrl);
    expect(firstMessage(base())).toBeNull();
  });

  it('treats missing fields like empty ones', () => {
    expect(firstMessage({})).toBe(SURVEY_MESSAGES.projectNameRequired);
    expect(firstMessage({ projectName: 'P' })).toBe(SURVEY_MESSAGES.titleRequired);
    expect(firstMessage({ projectName: 'P', title: 'T' })).toBe(SURVEY_MESSAGES.questionRequired);
  });

  it('refuses a branding image URL that is not http(s)', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AA', 'not a url', 'file:///etc/passwd']) {
      expect(firstMessage(base({ brandingImageUrl: url }))).toBe(SURVEY_MESSAGES.invalidImageUrl);
    }
    expect(firstMessage(base({ brandingImageUrl: 'https://example.com/logo.png' }))).toBeNull();
  });

  it('requires question text and at least one option on choice questions', () => {
    expect(firstMessage(base({ questions: [{ text: ' ', type: 'text' }] }))).toBe(SURVEY_MESSAGES.questionTextRequired);
    expect(firstMessage(base({ questions: [{ text: 'Q', type: 'checkbox', options: [' ', ''] }] }))).toBe(
      SURVEY_MESSAGES.optionRequired,
    );
  });

  it('refuses duplicate question ids', () => {
    const questions = [
      { id: 'q1', text: 'A', type: 'text' as const },
      { id: 'q1', text: 'B', type: 'text' as const },
    ];
    expect(firstMessage(base({ questions }))).toBe(SURVEY_MESSAGES.duplicateQuestionId);
  });

  it('takes author question ids of letters, digits, "-" and "_", 1 to 64 of them', () => {
    const withId = (id: string) => base({ questions: [{ id, text: 'A', type: 'text' }] });
    for (const id of ['q1', 'Q_1-b', 'a'.repeat(64), '0190a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d', ' padded ', 'toString']) {
      expect(firstMessage(withId(id)), id).toBeNull();
    }
    for (const id of ['a'.repeat(65), 'q 1', 'q.1', 'q/1', 'é', 'q1;', '<b>', 'a\u0000b']) {
      expect(firstMessage(withId(id)), id).toBe(SURVEY_MESSAGES.invalidQuestionId);
    }
  });

  it('refuses the ids "__proto__", "constructor" and "prototype" with a clear message', () => {
    for (const id of ['__proto__', 'constructor', 'prototype', ' constructor ']) {
      expect(firstMessage(base({ questions: [{ id, text: 'A', type: 'text' }] })), id).toBe(
        SURVEY_MESSAGES.reservedQuestionId,
      );
    }
    // Sent as JSON, "__proto__" is an own key of the question and is refused the same way.
    const body = JSON.parse(
      '{"projectName":"P","title":"T","questions":[{"id":"__proto__","text":"A","type":"text"}]}',
    ) as unknown;
    expect(firstMessage(body)).toBe(SURVEY_MESSAGES.reservedQuestionId);
  });

  it('matches every id the server makes (UUIDv7) with the author pattern', () => {
    expect(QUESTION_ID_PATTERN.test('0190a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d')).toBe(true);
  });

  it('still reads stored questions whose ids were accepted before the pattern', () => {
    for (const id of ['q 1', '__proto__', 'Frage ü', 'x'.repeat(100)]) {
      expect(questionSchema.safeParse({ id, text: 'A', type: 'text', options: [] }).success, id).toBe(true);
    }
  });

  it('keys rating labels by their value only: other keys are refused', () => {
    const rating = (labels: unknown) =>
      base({ questions: [{ text: 'R', type: 'rating', ratingScale: { min: 1, max: 5, labels } }] });
    expect(firstMessage(rating({ constructor: 'x' }))).toBe('Rating labels are keyed by their value');
    expect(firstMessage(rating({ '1a': 'x' }))).toBe('Rating labels are keyed by their value');
    const out = surveyInputSchema.parse(rating(JSON.parse('{"__proto__":"x","2":"Two"}')));
    expect(out.questions[0]).toMatchObject({ ratingScale: { labels: { '2': 'Two' } } });
    expect(Object.keys((out.questions[0] as { ratingScale: { labels: object } }).ratingScale.labels)).toEqual(['2']);
  });

  it('holds the bounds: title 200, 100 questions, 50 options, texts 1000', () => {
    const q = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Q${i}`, type: 'text' as const }));
    expect(firstMessage(base({ title: 'x'.repeat(LIMITS.title) }))).toBeNull();
    expect(firstMessage(base({ title: 'x'.repeat(LIMITS.title + 1) }))).toMatch(/at most 200/);
    expect(firstMessage(base({ questions: q(LIMITS.questions) }))).toBeNull();
    expect(firstMessage(base({ questions: q(LIMITS.questions + 1) }))).toMatch(/at most 100 questions/);
    const options = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`);
    expect(
      firstMessage(base({ questions: [{ text: 'Q', type: 'checkbox', options: options(LIMITS.options) }] })),
    ).toBeNull();
    expect(
      firstMessage(base({ questions: [{ text: 'Q', type: 'checkbox', options: options(LIMITS.options + 1) }] })),
    ).toMatch(/at most 50 options/);
    expect(firstMessage(base({ questions: [{ text: 'x'.repeat(LIMITS.text), type: 'text' }] }))).toBeNull();
    expect(firstMessage(base({ questions: [{ text: 'x'.repeat(LIMITS.text + 1), type: 'text' }] }))).toMatch(
      /at most 1000/,
    );
    expect(
      firstMessage(base({ questions: [{ text: 'Q', type: 'checkbox', options: ['x'.repeat(LIMITS.text + 1)] }] })),
    ).toMatch(/at most 1000/);
  });

  it('refuses rating scales other than the two presets', () => {
    const rating = (ratingScale: unknown) => base({ questions: [{ text: 'R', type: 'rating', ratingScale }] });
    expect(firstMessage(rating({ min: 0, max: 5 }))).toMatch(/start at 1/);
    expect(firstMessage(rating({ min: 1, max: 7 }))).toMatch(/5 or to 10/);
    expect(firstMessage(rating({ min: 1, max: 10 }))).toBeNull();
  });
});

describe('survey input: normalisation on save', () => {
  const parse = (body: SurveyInput) => surveyInputSchema.parse(body);

  it('derives projectId from projectName whatever the client sends, and trims the texts', () => {
    const out = parse(base({ projectName: '  Big   Launch ', title: '  Hello  ', projectId: 'something-else' }));
    expect(out.projectName).toBe('Big   Launch');
    expect(out.projectId).toBe('big-launch');
    expect(out.title).toBe('Hello');
    expect(parse(base({ projectId: 42 } as unknown as SurveyInput)).projectId).toBe('summer-festival');
  });

  it('drops blank options of choice questions and trims the rest', () => {
    const out = parse(
      base({ questions: [{ text: ' Pick ', type: 'checkbox', options: [' Red ', '', '  ', 'Blue'], ratingScale: 1 }] }),
    );
    expect(out.questions).toEqual([
      { id: undefined, text: 'Pick', type: 'checkbox', options: ['Red', 'Blue'], required: true },
    ]);
  });

  it('sends text questions with an empty options list and no rating scale', () => {
    const out = parse(
      base({ questions: [{ text: 'Tell us', type: 'text', options: ['left over'], ratingScale: FIVE_POINT_SCALE }] }),
    );
    expect(out.questions[0]).toEqual({ id: undefined, text: 'Tell us', type: 'text', options: [], required: true });
  });

  it('gives rating questions their scale and the options from min to max', () => {
    const out = parse(
      base({
        questions: [
          { text: 'Five', type: 'rating', options: ['x'] },
          { text: 'Ten', type: 'rating', ratingScale: { min: 1, max: 10 } },
          {
            text: 'Own labels',
            type: 'rating',
            ratingScale: { min: 1, max: 5, labels: { '05': ' Top ', '9': 'Out', '1': ' ' } },
          },
        ],
      }),
    );
    expect(out.questions[0]).toMatchObject({ options: ['1', '2', '3', '4', '5'], ratingScale: FIVE_POINT_SCALE });
    expect(out.questions[1]).toMatchObject({ options: ratingOptions(TEN_POINT_SCALE), ratingScale: TEN_POINT_SCALE });
    expect(out.questions[2]).toMatchObject({ ratingScale: { min: 1, max: 5, labels: { '5': 'Top' } } });
  });

  it('keeps no rating scale on choice questions', () => {
    const out = parse(
      base({ questions: [{ text: 'Q', type: 'multiple_choice', options: ['a'], ratingScale: FIVE_POINT_SCALE }] }),
    );
    expect(out.questions[0]).not.toHaveProperty('ratingScale');
  });

  it('treats a blank question id as missing and fills missing ids in', () => {
    const out = parse(
      base({
        questions: [
          { id: ' ', text: 'A', type: 'text' },
          { id: 'kept', text: 'B', type: 'text' },
        ],
      }),
    );
    expect(out.questions.map((q) => q.id)).toEqual([undefined, 'kept']);
  });

  it('stores an empty branding image URL as null', () => {
    expect(parse(base({ brandingImageUrl: '  ' })).brandingImageUrl).toBeNull();
    expect(parse(base({ brandingImageUrl: null })).brandingImageUrl).toBeNull();
    expect(parse(base()).brandingImageUrl).toBeNull();
  });
});

describe('state machine', () => {
  const refusal = (from: SurveyState, to: SurveyState, role: 'user' | 'admin') =>
    transitionRefusal(from, to, role).message;
  const owner: Array<[SurveyState, SurveyState]> = [
    ['draft', 'active'],
    ['draft', 'deleted'],
    ['active', 'paused'],
    ['active', 'closed'],
    ['paused', 'active'],
    ['paused', 'closed'],
    ['closed', 'deleted'],
  ];
  const pairs = surveyStates.flatMap((from) => surveyStates.map((to) => [from, to] as [SurveyState, SurveyState]));

  it.each(pairs)('owner %s → %s follows the table', (from, to) => {
    const allowed = owner.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to, 'user')).toBe(allowed);
    expect(OWNER_TRANSITIONS[from].includes(to)).toBe(allowed);
  });

  it.each(pairs)('admin %s → %s is allowed only for restore', (from, to) => {
    const allowed = from === 'deleted' && to === 'draft';
    expect(canTransition(from, to, 'admin')).toBe(allowed);
    expect(ADMIN_TRANSITIONS[from].includes(to)).toBe(allowed);
  });

  it('counts launch and resume as activations', () => {
    expect(isActivation('draft', 'active')).toBe(true);
    expect(isActivation('paused', 'active')).toBe(true);
    expect(isActivation('active', 'paused')).toBe(false);
    expect(isActivation('deleted', 'draft')).toBe(false);
  });

  it('allows launching below the limit of two only', () => {
    expect(MAX_ACTIVE_SURVEYS).toBe(2);
  });

  it('offers editing for draft and active surveys only', () => {
    expect(surveyStates.filter(isEditable)).toEqual(['draft', 'active']);
  });

  it('explains results and refusals', () => {
    expect(stateChangeMessage('draft', 'active')).toBe('Survey launched');
    expect(stateChangeMessage('paused', 'active')).toBe('Survey resumed');
    expect(stateChangeMessage('deleted', 'draft')).toBe('Survey restored to draft');
    expect(refusal('closed', 'active', 'user')).toBe('Cannot change a closed survey to active');
    expect(refusal('active', 'draft', 'user')).toBe('Cannot change an active survey to draft');
    expect(refusal('active', 'active', 'user')).toBe('The survey is already active');
    expect(refusal('draft', 'active', 'admin')).toBe('Administrators can only restore deleted surveys to draft');
  });
});
