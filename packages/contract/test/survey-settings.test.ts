import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SURVEY_SETTINGS,
  SETTINGS_MESSAGES,
  submitResponseBodySchema,
  surveyInputSchema,
  surveyListQuerySchema,
  type SurveyInput,
} from '../src';

const base = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  projectName: 'P',
  title: 'T',
  questions: [{ text: 'Q', type: 'text' }],
  ...overrides,
});

function firstIssue(body: unknown) {
  const result = surveyInputSchema.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { message: issue.message, path: issue.path.join('.') };
}

describe('survey settings on save', () => {
  it('default to the specification’s behaviour when none is sent', () => {
    const parsed = surveyInputSchema.parse(base());
    expect({
      opensAt: parsed.opensAt,
      closesAt: parsed.closesAt,
      responseLimit: parsed.responseLimit,
      oneResponsePerBrowser: parsed.oneResponsePerBrowser,
      hiddenFields: parsed.hiddenFields,
      welcome: parsed.welcome,
      thankYou: parsed.thankYou,
      notifications: parsed.notifications,
    }).toEqual(DEFAULT_SURVEY_SETTINGS);
  });

  it('normalise date-times to UTC and refuse one without a time zone, or a close before the opening', () => {
    const parsed = surveyInputSchema.parse(
      base({ opensAt: '2026-12-01T10:00:00+01:00', closesAt: '2026-12-02T09:00Z' }),
    );
    expect([parsed.opensAt, parsed.closesAt]).toEqual(['2026-12-01T09:00:00.000Z', '2026-12-02T09:00:00.000Z']);
    expect(firstIssue(base({ opensAt: '2026-12-01T10:00' }))).toEqual({
      message: SETTINGS_MESSAGES.invalidDateTime,
      path: 'opensAt',
    });
    expect(firstIssue(base({ opensAt: '2026-12-02T09:00:00Z', closesAt: '2026-12-02T09:00:00Z' }))).toEqual({
      message: SETTINGS_MESSAGES.closesBeforeOpens,
      path: 'closesAt',
    });
  });

  it('take a response limit of whole numbers from 1', () => {
    expect(surveyInputSchema.parse(base({ responseLimit: 50 })).responseLimit).toBe(50);
    for (const limit of [0, 2.5, -1, 10_000_001]) {
      expect(firstIssue(base({ responseLimit: limit }))?.message, String(limit)).toBe(SETTINGS_MESSAGES.responseLimit);
    }
  });

  it('take at most 20 distinct hidden field names of letters, digits, "-" and "_"', () => {
    expect(surveyInputSchema.parse(base({ hiddenFields: ['source', 'campaign'] })).hiddenFields).toEqual([
      'source',
      'campaign',
    ]);
    expect(firstIssue(base({ hiddenFields: ['a b'] }))?.message).toBe(SETTINGS_MESSAGES.hiddenFieldKey);
    expect(firstIssue(base({ hiddenFields: ['__proto__'] }))?.message).toBe(SETTINGS_MESSAGES.hiddenFieldReserved);
    expect(firstIssue(base({ hiddenFields: ['a', 'a'] }))?.message).toBe(SETTINGS_MESSAGES.hiddenFieldsDifferent);
    const many = Array.from({ length: 21 }, (_, i) => `k${i}`);
    expect(firstIssue(base({ hiddenFields: many }))?.message).toBe(SETTINGS_MESSAGES.tooManyHiddenFields);
  });

  it('keep a welcome screen with a title, and a thank-you that redirects only to http(s)', () => {
    const parsed = surveyInputSchema.parse(
      base({
        welcome: { title: ' Hello ', text: '', buttonLabel: 'Start' },
        thankYou: { redirectUrl: 'https://example.org/thanks' },
      }),
    );
    expect(parsed.welcome).toEqual({ title: 'Hello', text: null, buttonLabel: 'Start' });
    expect(parsed.thankYou).toEqual({ title: null, text: null, redirectUrl: 'https://example.org/thanks' });
    expect(surveyInputSchema.parse(base({ thankYou: { title: '  ' } })).thankYou).toBeNull();
    expect(firstIssue(base({ welcome: { title: '' } }))?.message).toBe(SETTINGS_MESSAGES.welcomeTitleRequired);
    expect(firstIssue(base({ thankYou: { redirectUrl: 'javascript:alert(1)' } }))?.message).toBe(
      SETTINGS_MESSAGES.redirectUrl,
    );
  });
});

describe('the list query', () => {
  it('sorts by creation unless told otherwise, and knows only its sorts', () => {
    expect(surveyListQuerySchema.parse({})).toMatchObject({ sort: 'created' });
    expect(surveyListQuerySchema.parse({ sort: 'responses', order: 'asc' })).toMatchObject({
      sort: 'responses',
      order: 'asc',
    });
    expect(surveyListQuerySchema.safeParse({ sort: 'owner' }).success).toBe(false);
    expect(surveyListQuerySchema.safeParse({ order: 'up' }).success).toBe(false);
  });
});

describe('a submission’s respondent id and hidden fields', () => {
  const answers = [{ questionId: 'q', answer: 'x' }];
  it('takes a respondent id of 8 to 100 safe characters', () => {
    expect(submitResponseBodySchema.safeParse({ answers, respondentId: 'r-0123456789abcdef' }).success).toBe(true);
    expect(submitResponseBodySchema.safeParse({ answers, respondentId: 'short' }).success).toBe(false);
    expect(submitResponseBodySchema.safeParse({ answers, respondentId: 'a b c d e f g h' }).success).toBe(false);
  });
  it('takes hidden fields as texts of at most 500 characters, keeping every name', () => {
    const parsed = submitResponseBodySchema.parse({
      answers,
      hiddenFields: JSON.parse('{"__proto__":"x","source":"y"}'),
    });
    expect(Object.keys(parsed.hiddenFields!)).toEqual(['__proto__', 'source']);
    expect(submitResponseBodySchema.safeParse({ answers, hiddenFields: { source: 'x'.repeat(501) } }).success).toBe(
      false,
    );
    expect(submitResponseBodySchema.safeParse({ answers, hiddenFields: { source: 5 } }).success).toBe(false);
  });
});
