import { describe, expect, it } from 'vitest';
import { SETTINGS_LIMITS } from '@quorum/contract';
import { hiddenFieldsFromQuery, keptHiddenFields } from './hidden-fields';

describe('hidden fields from the link', () => {
  it('cuts values at the limit the server takes', () => {
    const long = 'é'.repeat(SETTINGS_LIMITS.hiddenFieldValue + 1);
    expect(hiddenFieldsFromQuery(`?source=${encodeURIComponent(long)}`, ['source'])).toEqual({
      source: long.slice(0, SETTINGS_LIMITS.hiddenFieldValue),
    });
  });

  it('takes declared keys only, the first of a repeated key, and leaves empty ones out', () => {
    expect(
      hiddenFieldsFromQuery('?source=a&source=b&campaign=&other=x&__proto__=y', ['source', 'campaign', 'missing']),
    ).toEqual({ source: 'a' });
  });

  it('keeps a key named like an object property as an ordinary value', () => {
    const values = hiddenFieldsFromQuery('?constructor=x', ['constructor']);
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(values.constructor).toBe('x');
    expect(keptHiddenFields({ constructor: 'y', toString: 'z' }, ['constructor'])).toEqual({ constructor: 'y' });
  });
});
