import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import ICU from 'i18next-icu';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { CONTRACT_TEXTS_EN } from './contract-texts';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  LANGUAGE_CODES,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  type Namespace,
  supportedLanguage,
} from './languages';

/** Every catalog file, loaded on demand: a language's namespace is one small chunk. */
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** The one i18next instance of the page. */
export const i18n: I18n = i18next.createInstance();

/** Keeps `<html lang dir>` on the current language (screen readers, fonts, right-to-left layout). */
function reflectOnDocument(language: string): void {
  const code = supportedLanguage(language) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

export interface I18nOptions {
  /** The namespaces this page needs, loaded before it renders. */
  namespaces: readonly Namespace[];
  /** English texts that come from elsewhere than the catalogs (the contract), by namespace. */
  english?: Partial<Record<Namespace, Record<string, unknown>>>;
  /** A language to use instead of detecting one (tests). */
  language?: LanguageCode;
}

/**
 * Starts i18next: ICU MessageFormat for every text (plurals, selects, numbers and dates through `Intl`), the
 * language from the user's earlier choice (localStorage) or else the browser's (`navigator.languages`), English
 * as the fallback of every key, and the namespaces' catalogs loaded before the promise resolves.
 */
export async function initI18n({ namespaces, english = {}, language }: I18nOptions): Promise<I18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', reflectOnDocument);
    await i18n
      .use(ICU)
      .use(LanguageDetector)
      .use(
        resourcesToBackend(async (lng: string, ns: string) => {
          const load = catalogs[`../locales/${lng}/${ns}.json`];
          return load ? (await load()).default : {};
        }),
      )
      .use(initReactI18next)
      .init({
        lng: language,
        supportedLngs: [...LANGUAGE_CODES],
        nonExplicitSupportedLngs: true,
        load: 'languageOnly',
        fallbackLng: DEFAULT_LANGUAGE,
        ns: [...namespaces],
        defaultNS: 'common',
        partialBundledLanguages: true,
        resources: {},
        detection: {
          order: ['localStorage', 'navigator'],
          lookupLocalStorage: LANGUAGE_STORAGE_KEY,
          // Only a choice made in the language menu is remembered (changeLanguage), not a detected language.
          caches: [],
        },
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
        returnNull: false,
        // An empty text falls back to English like a missing one, and a bare code is lower-cased (`DE` → `de`):
        // the defaults of i18next 27, which needs Node 22, set here on the 26 line that installs on Node 20.19.
        returnEmptyString: false,
        cleanCode: true,
      });
  } else {
    await i18n.loadNamespaces([...namespaces]);
  }
  i18n.addResourceBundle(DEFAULT_LANGUAGE, 'contract', CONTRACT_TEXTS_EN, true, false);
  for (const [ns, texts] of Object.entries(english)) {
    if (texts) i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, texts, true, false);
  }
  reflectOnDocument(i18n.resolvedLanguage ?? i18n.language);
  return i18n;
}

/** The language the interface is in now (a supported code). */
export function currentLanguage(): LanguageCode {
  return supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Switches the interface's language, remembers the choice and loads its catalogs. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage may be full or blocked: the choice then lasts for this page only.
  }
  await i18n.changeLanguage(code);
}
