import { describe, expect, it } from 'vitest';
import { themeMatcher } from './theme-match';

describe('a theme’s answers', () => {
  it('are those holding one of its terms as a whole word, whatever the case', () => {
    const matches = themeMatcher({ label: 'delivery', terms: ['delivery', 'delivered'] });
    expect(matches('Delivery was late')).toBe(true);
    expect(matches('it was DELIVERED on time.')).toBe(true);
    expect(matches('(delivery)')).toBe(true);
    expect(matches('The redelivery failed')).toBe(false);
    expect(matches('deliveryman came')).toBe(false);
    expect(matches('Great staff')).toBe(false);
  });

  it('match a phrase across any spaces, and letters beyond ASCII as letters', () => {
    const matches = themeMatcher({ label: 'customer service', terms: ['customer service', 'café'] });
    expect(matches('The customer   service was slow')).toBe(true);
    expect(matches('Nice Café!')).toBe(true);
    expect(matches('cafés everywhere')).toBe(false);
    expect(matches('customer support')).toBe(false);
  });

  it('take terms as plain text, never as a pattern', () => {
    const matches = themeMatcher({ label: 'c++', terms: ['c++', 'a.b'] });
    expect(matches('I like c++ a lot')).toBe(true);
    expect(matches('axb')).toBe(false);
  });

  it('fall back to the label’s words when the theme has no terms, and match nothing without either', () => {
    expect(themeMatcher({ label: 'Fast shipping', terms: [] })('shipping took a day')).toBe(true);
    expect(themeMatcher({ label: ' ', terms: [] })('anything')).toBe(false);
  });
});
