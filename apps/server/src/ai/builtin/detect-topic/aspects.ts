import { fold, tokenize } from '../text';
import { languages, type Language } from './language';
import {
  ASPECT_TRIGGERS,
  LIST_JOINERS,
  WEAK_TRIGGERS,
  isAspectLeader,
  isClauseStarter,
  isFunctionWord,
  isRespondentWord,
} from './words';

/** A listed aspect of more words than this is a clause, not an aspect. */
const MAX_ASPECT_WORDS = 6;

/** The list of aspects an idea gives, and where it stands. */
export interface AspectList {
  /** As written, cleaned: "the food, sound and our tickets" → ["food", "sound", "tickets"]. */
  items: string[];
  /** Index of the sentence it is in. */
  sentence: number;
  /** From its trigger word ("about", "sobre", ":") to the end of the list, in that sentence. */
  from: number;
  to: number;
  /** Its trigger is too common to introduce a single aspect ("on", "with", a colon). */
  weak: boolean;
}

/**
 * The list with the most items that follows a trigger word ("about", "sobre", ":", …), the first one when
 * two are as long. It may have no items or one; the caller decides what that means.
 */
export function findAspectList(sentences: readonly string[], language: Language): AspectList | undefined {
  let best: AspectList | undefined;
  sentences.forEach((sentence, index) => {
    for (const segment of aspectSegments(sentence, language)) {
      const items = splitItems(segment.text, language);
      if (!best || items.length > best.items.length) {
        best = { items, sentence: index, from: segment.triggerStart, to: segment.end, weak: segment.weak };
      }
    }
  });
  return best;
}

/** Folds each character on its own so positions in the folded text match the original. */
function foldAligned(text: string): string {
  let out = '';
  for (const char of text) {
    const folded = fold(char);
    const kept =
      folded.length === char.length ? folded : char.toLowerCase().length === char.length ? char.toLowerCase() : char;
    out += kept;
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any of the words, longest first, as whole words; a space in a phrase matches any run of spaces. */
const anyWord = (words: readonly string[]) => {
  const inner = [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => escape(w).replace(/ /g, '\\s+'))
    .join('|');
  return `(?<![\\p{L}\\p{N}])(?:${inner})(?![\\p{L}\\p{N}])`;
};
const perLanguage = (build: (language: Language) => RegExp) =>
  Object.fromEntries(languages.map((language) => [language, build(language)])) as Record<Language, RegExp>;

const TRIGGER_PATTERNS = perLanguage((language) => new RegExp(`${anyWord(ASPECT_TRIGGERS[language])}|[:：]`, 'gu'));
const JOINER_PATTERNS = perLanguage(
  (language) => new RegExp(`[,;/&+·•|]|\\s-\\s|${anyWord(LIST_JOINERS[language])}`, 'gu'),
);

interface Segment {
  triggerStart: number;
  weak: boolean;
  text: string;
  end: number;
}

/** The stretches of a sentence that follow a trigger, each up to the next trigger. */
function aspectSegments(sentence: string, language: Language): Segment[] {
  const folded = foldAligned(sentence);
  const hits = [...folded.matchAll(TRIGGER_PATTERNS[language])].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    weak: WEAK_TRIGGERS.has(m[0].replace(/\s+/g, ' ')),
  }));
  return hits.map((hit, i) => {
    const end = i + 1 < hits.length ? hits[i + 1]!.start : sentence.length;
    return { triggerStart: hit.start, weak: hit.weak, text: sentence.slice(hit.end, end), end };
  });
}

/** "the food, sound and our tickets" → ["food", "sound", "tickets"]; clauses and empty items dropped. */
function splitItems(segment: string, language: Language): string[] {
  const folded = foldAligned(segment);
  const items: string[] = [];
  let last = 0;
  const push = (from: number, to: number) => {
    const item = cleanItem(segment.slice(from, to));
    if (item) items.push(item);
  };
  for (const match of folded.matchAll(JOINER_PATTERNS[language])) {
    push(last, match.index);
    last = match.index + match[0].length;
  }
  push(last, segment.length);
  return items;
}

function cleanItem(raw: string): string | null {
  const tokens = tokenize(raw);
  if (tokens[0] && isClauseStarter(tokens[0])) return null;
  const afterArticle = (i: number) => i > 0 && isAspectLeader(tokens[i - 1]!);
  let first = 0;
  let last = tokens.length - 1;
  // Trailing function words go, except a noun right after an article ("le son": "son" is also "his").
  while (last >= 0 && isFunctionWord(tokens[last]!) && !afterArticle(last)) last -= 1;
  while (first < last && (isAspectLeader(tokens[first]!) || isFunctionWord(tokens[first]!))) first += 1;
  if (first > last) return null;
  if (first === last && isFunctionWord(tokens[first]!) && !afterArticle(first)) return null;
  const kept = tokens.slice(first, last + 1);
  if (kept.length > MAX_ASPECT_WORDS) return null;
  if (kept.length >= 3 && isRespondentWord(kept[0]!)) return null;
  // "l'accueil" → "accueil".
  const elision = /^(?:l|d|dell|all|nell)['’]/i.exec(kept[0]!.raw)?.[0].length ?? 0;
  const text = raw.slice(kept[0]!.start + elision, kept.at(-1)!.end).trim();
  if (text.length < 2 || !/\p{L}/u.test(text)) return null;
  return text;
}

/** Without repeats, comparing folded ("Food" and "food" are one aspect); the first spelling is kept. */
export function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = fold(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
