import { afterEach, describe, expect, it } from 'vitest';
import { addressInLanguage, askedLanguage, langIsHiddenField, rememberLanguage } from './survey-language';
import { textDirection } from '@/lib/language-names';

afterEach(() => localStorage.clear());

describe('the survey language wanted', () => {
  it('is the link’s, else the one remembered for that survey, else none (the server chooses)', () => {
    expect(askedLanguage('s1', '?source=mail')).toBeUndefined();
    rememberLanguage('s1', 'fr');
    expect(askedLanguage('s1', '?source=mail')).toBe('fr');
    expect(askedLanguage('s2', '')).toBeUndefined();
    expect(askedLanguage('s1', '?lang=de&source=mail')).toBe('de');
    expect(askedLanguage('s1', '?lang=%20')).toBe('fr');
  });

  it('is a hidden field’s value when the survey declares one named lang', () => {
    expect(langIsHiddenField(['source'])).toBe(false);
    expect(langIsHiddenField(['source', 'lang'])).toBe(true);
  });

  it('goes into the address beside the hidden fields and the hash', () => {
    expect(addressInLanguage({ pathname: '/p/s', search: '?source=mail&lang=en', hash: '#x' }, 'pt-BR')).toBe(
      '/p/s?source=mail&lang=pt-BR#x',
    );
    expect(addressInLanguage({ pathname: '/p/s', search: '', hash: '' }, 'de')).toBe('/p/s?lang=de');
  });

  it('runs right to left for Arabic, Hebrew, Persian and Urdu', () => {
    expect(['ar', 'he', 'fa', 'ur', 'ar-EG'].map(textDirection)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
    expect(['en', 'de', 'zh-Hant', 'es-419'].map(textDirection)).toEqual(['ltr', 'ltr', 'ltr', 'ltr']);
  });
});
