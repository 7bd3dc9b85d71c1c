import { describe, expect, it } from 'vitest';
import { LIMITS, NPS_LABELS, OTHER_LABEL, QUESTION_TYPES } from '@quorum/contract';
import {
  EMAIL_MAX_LENGTH,
  isEmailAddress,
  isOptional,
  NPS_END_LABELS,
  OTHER_CHOICE,
  OTHER_MAX_LENGTH,
} from './public-rules';
import { shuffled } from './shuffle';

describe("the public page's copies of the contract's texts and rules", () => {
  it('are the contract’s own', () => {
    expect(NPS_END_LABELS).toEqual(NPS_LABELS);
    expect(OTHER_CHOICE).toBe(OTHER_LABEL);
    expect(OTHER_MAX_LENGTH).toBe(LIMITS.otherAnswer);
    expect(EMAIL_MAX_LENGTH).toBe(LIMITS.emailAnswer);
  });

  it.each(['a@b.co', ' ann.lee@example.com ', 'x@sub.example.org', 'a@b', 'a b@c.de', 'a@@b.de', '@b.de', 'a@b.', ''])(
    'judge the email address "%s" as the server does',
    (address) => {
      const server = QUESTION_TYPES.email.checkAnswer({ id: 'e', text: 'E', type: 'email', options: [] }, address);
      expect(isEmailAddress(address)).toBe(server.ok);
    },
  );

  it('treat a question without `required` as required', () => {
    expect(isOptional({})).toBe(false);
    expect(isOptional({ required: true })).toBe(false);
    expect(isOptional({ required: false })).toBe(true);
  });
});

describe('a respondent’s order', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

  it('is every item once, the same for the same respondent and question', () => {
    const order = shuffled(items, 'seed:q1');
    expect([...order].sort()).toEqual(items);
    expect(shuffled(items, 'seed:q1')).toEqual(order);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it('differs between respondents', () => {
    const orders = new Set(['1', '2', '3', '4', '5'].map((seed) => shuffled(items, `${seed}:q1`).join('')));
    expect(orders.size).toBeGreaterThan(1);
  });
});
