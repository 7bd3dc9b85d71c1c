import { describe, expect, it } from 'vitest';
import { directionOf, supportedLanguage } from './languages';

describe('languages', () => {
  it('maps a browser tag to the language the interface speaks', () => {
    expect(supportedLanguage('de-AT')).toBe('de');
    expect(supportedLanguage('ES_mx')).toBe('es');
    expect(supportedLanguage('fr-FR')).toBeUndefined();
    expect(supportedLanguage('')).toBeUndefined();
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-SA')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
  });
});
