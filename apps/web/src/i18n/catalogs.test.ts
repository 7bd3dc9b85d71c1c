import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { APP_CONTRACT_TEXTS_EN } from './app-contract-texts';
import { CONTRACT_TEXTS_EN } from './contract-texts';
import { LANGUAGE_CODES, NAMESPACES } from './languages';

type Catalog = { [key: string]: string | Catalog };

const files = import.meta.glob<Catalog>('../locales/*/*.json', { eager: true, import: 'default' });

function catalog(language: string, ns: string): Catalog {
  if (language === 'en' && ns === 'contract') {
    return { ...CONTRACT_TEXTS_EN, ...APP_CONTRACT_TEXTS_EN } as unknown as Catalog;
  }
  const file = files[`../locales/${language}/${ns}.json`];
  if (!file) throw new Error(`no catalog src/locales/${language}/${ns}.json`);
  return file;
}

/** Every message of a catalog by its dotted key. */
function flatten(texts: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }>; children?: Element[] };

/** The ICU arguments a message uses (`{count, plural, …}` gives `count`), sorted. */
function argumentsOf(message: string, language: string): string[] {
  // `{name, withArticle}` is the English error catalog's own wording rule (see contract-texts.ts).
  const ast = new IntlMessageFormat(message.replaceAll(', withArticle}', '}'), language).getAst() as Element[];
  const names = new Set<string>();
  const visit = (elements: Element[]) => {
    for (const element of elements) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 8 tag.
      if (element.type >= 1 && element.type <= 6 && element.value) names.add(element.value);
      for (const option of Object.values(element.options ?? {})) visit(option.value);
      if (element.children) visit(element.children);
    }
  };
  visit(ast);
  return [...names].sort();
}

const others = LANGUAGE_CODES.filter((code) => code !== 'en');

describe('the catalogs', () => {
  it('exist for every language and namespace', () => {
    for (const language of LANGUAGE_CODES) {
      for (const ns of NAMESPACES) expect(() => catalog(language, ns), `${language}/${ns}`).not.toThrow();
    }
  });

  describe.each(others)('%s', (language) => {
    it.each(NAMESPACES)('has every key English has in %s, and no other', (ns) => {
      const english = flatten(catalog('en', ns));
      const translated = flatten(catalog(language, ns));
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(NAMESPACES)('words every message of %s as valid ICU with the same arguments as English', (ns) => {
      const english = flatten(catalog('en', ns));
      const mismatched: string[] = [];
      for (const [key, text] of flatten(catalog(language, ns))) {
        const source = english.get(key);
        if (source === undefined) continue;
        if (text.trim() === '') mismatched.push(`${key}: empty`);
        else if (argumentsOf(text, language).join() !== argumentsOf(source, 'en').join()) {
          mismatched.push(`${key}: ${argumentsOf(text, language).join()} ≠ ${argumentsOf(source, 'en').join()}`);
        }
      }
      expect(mismatched).toEqual([]);
    });
  });

  it.each(NAMESPACES)('English %s is valid ICU', (ns) => {
    for (const [key, text] of flatten(catalog('en', ns))) {
      expect(() => argumentsOf(text, 'en'), key).not.toThrow();
    }
  });
});
