import { currentLanguage } from '@/i18n/i18n';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(locale: string): Intl.DisplayNames | null {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return names;
}

/**
 * A survey language's name, in the interface's language by default ("Deutsch" → "German" in English); `in` the
 * language itself gives its own name ("Deutsch"), as a language switcher shows it. Unknown codes read as the code.
 */
export function languageName(code: string, inLanguage: string = currentLanguage()): string {
  let name: string | undefined;
  try {
    name = namesIn(inLanguage)?.of(code);
  } catch {
    name = undefined;
  }
  if (!name) return code;
  // "español", "français": a name standing alone starts with a capital, as a menu shows it.
  return name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1);
}

const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv', 'ckb']);

/** The direction a language is written in, by its language part ("ar-EG" too): right to left for Arabic, Hebrew, … */
export function textDirection(code: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(code.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}
