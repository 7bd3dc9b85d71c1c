import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  NAME_MESSAGES,
  createApiKeyBodySchema,
  hasForbiddenNameCharacter,
  nameProblem,
  registerBodySchema,
  surveyInputSchema,
  updateProfileBodySchema,
  validationRuleOf,
  workspaceBodySchema,
} from '../src';

const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('display names', () => {
  it('refuses a control character, a line or paragraph separator or a bidi override anywhere inside', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.constantFrom(...FORBIDDEN),
        fc.string({ minLength: 1, maxLength: 40 }),
        (before, bad, after) => {
          const name = `x${before}${bad}${after}x`;
          expect(nameProblem(name)).toBe(MESSAGES.nameControlCharacters);
        },
      ),
    );
  });

  it('accepts letters of any script, marks, emoji sequences and ordinary punctuation', () => {
    for (const name of ["Zoë O'Brien-Núñez", '山田 太郎', 'مريم', 'Family 👩‍👩‍👧', 'Dr. A. B. Smith, Jr.']) {
      expect(nameProblem(name), name).toBeUndefined();
    }
  });

  it('keeps the order of the other messages: required, then the length', () => {
    expect(nameProblem(' \n ')).toBe(MESSAGES.nameRequired);
    expect(nameProblem('x'.repeat(101))).toBe(MESSAGES.nameTooLong);
    expect(nameProblem('x'.repeat(100))).toBeUndefined();
  });

  it('is the rule of the register and update-profile bodies', () => {
    const body = { name: 'Ann\u2028Other', email: 'a@b.co', password: 'Abcdef1!', confirmPassword: 'Abcdef1!' };
    expect(registerBodySchema.safeParse(body).error?.issues[0]?.message).toBe(MESSAGES.nameControlCharacters);
    expect(updateProfileBodySchema.safeParse({ name: 'Ann\tOther' }).error?.issues[0]?.message).toBe(
      MESSAGES.nameControlCharacters,
    );
  });
});

/** Everywhere else a person names something, with the refusal each gives. */
const NAMED = [
  {
    what: 'a workspace name',
    problem: (name: string) => workspaceBodySchema.safeParse({ name }).error?.issues[0]?.message,
    refusal: NAME_MESSAGES.workspaceNameControlCharacters,
  },
  {
    what: "an API key's name",
    problem: (name: string) =>
      createApiKeyBodySchema.safeParse({ name, scopes: ['surveys:read'] }).error?.issues[0]?.message,
    refusal: NAME_MESSAGES.apiKeyNameControlCharacters,
  },
  {
    what: 'a project name',
    problem: (name: string) => surveyInputSchema.safeParse(survey({ projectName: name })).error?.issues[0]?.message,
    refusal: NAME_MESSAGES.projectNameControlCharacters,
  },
  {
    what: 'a survey title',
    problem: (name: string) => surveyInputSchema.safeParse(survey({ title: name })).error?.issues[0]?.message,
    refusal: NAME_MESSAGES.titleControlCharacters,
  },
];

function survey(overrides: Record<string, unknown>) {
  return {
    projectName: 'Research',
    title: 'Customer feedback',
    questions: [{ id: 'q1', type: 'text', text: 'What should we change?\nTell us.', required: false }],
    ...overrides,
  };
}

describe('the name rule', () => {
  it('refuses exactly the control characters, separators and bidi controls', () => {
    for (const bad of FORBIDDEN)
      expect(hasForbiddenNameCharacter(`a${bad}b`), bad.codePointAt(0)?.toString(16)).toBe(true);
    for (const fine of ['\u200D', '\u200E', '\u00A0', '\u200B', 'é', 'ع', '🎉', ' ']) {
      expect(hasForbiddenNameCharacter(`a${fine}b`), fine.codePointAt(0)?.toString(16)).toBe(false);
    }
  });

  describe.each(NAMED)('$what', ({ problem, refusal }) => {
    it.each(FORBIDDEN.map((bad) => [`U+${bad.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`, bad]))(
      'refuses %s inside it',
      (_code, bad) => {
        expect(problem(`Team${bad}Name`)).toBe(refusal);
      },
    );

    it('accepts accents, other scripts, right-to-left text and emoji', () => {
      for (const name of ['Équipe Zoë', '山田チーム', 'فريق البحث', 'Launch 🚀 team', 'Family 👩‍👩‍👧']) {
        expect(problem(name), name).toBeUndefined();
      }
    });

    it('trims surrounding line breaks, which are not inside it', () => {
      expect(problem('\n Team name \t')).toBeUndefined();
    });
  });

  it('leaves question texts alone: they may hold line breaks', () => {
    expect(surveyInputSchema.safeParse(survey({})).success).toBe(true);
  });

  it('names each refusal as a validation rule, so a client can translate it', () => {
    for (const [rule, text] of Object.entries(NAME_MESSAGES)) expect(validationRuleOf(text)).toBe(rule);
  });
});
