import { describe, expect, it } from 'vitest';
import { shuffled } from './shuffle';

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
