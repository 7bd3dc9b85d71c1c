import { list, type Token } from '../text';

/** The languages the built-in generator reads. Questions are always written in English. */
export const languages = ['en', 'es', 'fr', 'de', 'pt', 'it'] as const;
export type Language = (typeof languages)[number];

/** Frequent short words of each language: enough to tell them apart in a sentence or two. */
const LANGUAGE_MARKERS: Record<Language, readonly string[]> = {
  en: list(`
    the, and, of, to, for, about, with, from, our, we, my, is, at, on, how, what, survey, feedback, customers,
    their, after, would, want, this, an, who, people
  `),
  es: list(`
    el, los, las, del, y, para, sobre, con, una, nuestro, nuestra, nuestros, que, por, encuesta, clientes,
    como, sus, al, opinion, acerca, quiero, mi
  `),
  fr: list(`
    le, les, des, du, et, pour, sur, avec, une, notre, nos, au, aux, enquete, questionnaire, avis, clients,
    leur, leurs, concernant, mon, ma, je, est
  `),
  de: list(`
    der, die, das, und, fur, uber, mit, ein, eine, einer, unsere, unser, unseres, unserem, unseren, zu, zum,
    zur, von, den, dem, umfrage, im, ist, wie, nach, bei
  `),
  pt: list(`
    os, do, da, dos, das, e, para, sobre, com, uma, um, nosso, nossa, nossos, pesquisa, no, na, em, clientes,
    questionario, opiniao, ao, sua, seu
  `),
  it: list(`
    il, lo, gli, di, del, della, dei, delle, e, per, su, sul, sulla, con, una, nostro, nostra, nostri,
    questionario, sondaggio, clienti, che, degli, alla, nel
  `),
};
const markerSets = Object.fromEntries(
  languages.map((language) => [language, new Set(LANGUAGE_MARKERS[language])]),
) as Record<Language, Set<string>>;

/** The language with the most marker words; English when nothing tells. */
export function detectLanguage(tokens: readonly Token[]): Language {
  let best: Language = 'en';
  let bestScore = 0;
  for (const language of languages) {
    let score = 0;
    for (const token of tokens) if (markerSets[language].has(token.norm)) score += 1;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}
