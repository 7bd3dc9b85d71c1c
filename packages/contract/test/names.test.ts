import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES, nameProblem, registerBodySchema, updateProfileBodySchema } from '../src';

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
