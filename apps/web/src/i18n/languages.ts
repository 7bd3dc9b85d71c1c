/** The languages of the interface: English is the default and the fallback of every other. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'ar', name: 'العربية' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);

/** Where the chosen language is remembered (localStorage). */
export const LANGUAGE_STORAGE_KEY = 'quorum.language';

/**
 * The catalogs' namespaces: one per area of the app, a JSON file each in `src/locales/<language>/`.
 * `contract` holds the contract's own texts (error codes, validation rules, the public page's messages): English comes
 * from `@quorum/contract` itself (contract-texts.ts), the other languages from their `contract.json`.
 */
export const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'editor',
  'questions',
  'runner',
  'results',
  'integrations',
  'profile',
  'workspaces',
  'admin',
  'contract',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces the public survey page needs (it loads nothing else). */
export const PUBLIC_NAMESPACES: readonly Namespace[] = ['common', 'runner', 'questions', 'contract'];

/** The supported language closest to a BCP 47 tag ("de-AT" → "de"), or undefined. */
export function supportedLanguage(tag: string | null | undefined): LanguageCode | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return LANGUAGE_CODES.find((code) => code === base);
}

/** Right to left for Arabic. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return supportedLanguage(code) === 'ar' ? 'rtl' : 'ltr';
}
