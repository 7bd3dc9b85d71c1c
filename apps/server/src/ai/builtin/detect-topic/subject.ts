import { shorten, tokenize, type Token } from '../text';
import type { Language } from './language';
import { PURPOSE_PHRASES, isPurposeWord } from './purpose';
import { isFiller, isOfWord, isSubjectBreak, isSurveyWord } from './words';

/** The thing a survey is about, as the idea wrote it ("weekend jazz festival"). */
export interface Subject {
  text: string;
  /** The determiner the idea put before it: "a festival" → the, "our app" → our, "Acme" → none. */
  determiner: 'the' | 'our' | 'none';
  /** Starts with a capital letter that is not the start of a sentence (a name). */
  proper: boolean;
}

const MAX_SUBJECT_WORDS = 8;
const MAX_SUBJECT_CHARS = 60;

/**
 * The subject: from the first word that is neither filler nor survey vocabulary, up to a word that
 * starts a clause or a punctuation mark, without trailing filler. Skips `excluded` (the aspect list);
 * with `after`, only looks at what follows that position.
 */
export function findSubject(
  sentence: string,
  excluded: { from: number; to: number } | null,
  after: number,
  language: Language,
): Subject | null {
  const all = tokenize(sentence);
  const inPhrase = purposePhraseTokens(all);
  const tokens = all.filter((t) => t.start > after && !(excluded && t.start >= excluded.from && t.start < excluded.to));
  const filler = (t: Token) => isFiller(t) || inPhrase.has(t.start);
  const start = tokens.findIndex((t) => !filler(t));
  if (start < 0) return null;
  let end = start;
  for (let i = start + 1; i < tokens.length && i - start < MAX_SUBJECT_WORDS; i += 1) {
    const between = sentence.slice(tokens[i - 1]!.end, tokens[i]!.start);
    if (/[^\s]/.test(between) || isSubjectBreak(tokens[i]!) || isSurveyWord(tokens[i]!)) break;
    if (!filler(tokens[i]!)) end = i;
  }
  let span = tokens.slice(start, end + 1);
  // "website usability of our online store", "festival feedback for our summer jazz weekend": a span of
  // purpose words only names the kind of survey; what follows the next "of" or "for" is its subject.
  if (span.every((t) => filler(t) || isPurposeWord(t.norm, language))) {
    let next = end + 1;
    while (next < tokens.length && filler(tokens[next]!) && !isOfWord(tokens[next]!)) next += 1;
    if (next < tokens.length && isOfWord(tokens[next]!)) {
      const owner = findSubject(sentence, excluded, tokens[next]!.start, language);
      if (owner) return owner;
    }
  }
  // A name ("Seaside Inn", "Acme Cloud") beats a phrase that does not contain it, and a place
  // named after "at" ("dinner at Luigi's Trattoria") is the subject itself.
  if (language !== 'de') {
    const name = properName(sentence, tokens, filler, language);
    if (name) {
      const inside = name[0]!.start >= span[0]!.start && name.at(-1)!.end <= span.at(-1)!.end;
      const previous = tokens[tokens.indexOf(name[0]!) - 1];
      if (!inside || (previous && ['at', 'chez', 'bei', 'presso'].includes(previous.norm))) span = name;
    }
  }
  let text = shorten(sentence.slice(span[0]!.start, span.at(-1)!.end), MAX_SUBJECT_CHARS);
  if (text.length < 2) return null;

  // The determiner before it, looking past a survey adjective ("a small bike shop").
  const preceding = tokenize(sentence.slice(0, span[0]!.start));
  while (preceding.length > 1 && isSurveyWord(preceding.at(-1)!)) preceding.pop();
  const before = preceding.at(-1);
  const determiner = !before
    ? 'none'
    : ['our', 'my', 'we', 'mine'].includes(before.norm)
      ? 'our'
      : ['a', 'an', 'the', 'this', 'that', 'their', 'your', 'its'].includes(before.norm)
        ? 'the'
        : 'none';
  const atSentenceStart = sentence.slice(0, span[0]!.start).trim() === '';
  const proper = /^\p{Lu}/u.test(text) && !atSentenceStart;
  if (atSentenceStart && /^\p{Lu}\p{Ll}*(?:\s|$)/u.test(text)) text = text.charAt(0).toLowerCase() + text.slice(1);
  return { text, determiner, proper };
}

const NAME_CONNECTORS = new Set(['of', 'de', 'di', 'du', 'des', 'del', 'da', 'do', 'and', 'to', 'for', 'y', 'e', 'et']);

/**
 * The first run of capitalised words that does not open the sentence ("Acme Cloud", "Introduction to
 * Statistics"), with the purpose words that directly follow it ("… course").
 */
function properName(
  sentence: string,
  tokens: readonly Token[],
  filler: (t: Token) => boolean,
  language: Language,
): Token[] | null {
  const capital = (t: Token) => /^\p{Lu}/u.test(t.raw);
  const joined = (a: Token, b: Token) => /^\s+$/.test(sentence.slice(a.end, b.start));
  const first = tokens.findIndex((t) => capital(t) && !filler(t) && sentence.slice(0, t.start).trim() !== '');
  if (first < 0) return null;
  let end = first;
  for (let i = first + 1; i < tokens.length && joined(tokens[i - 1]!, tokens[i]!); i += 1) {
    const token = tokens[i]!;
    if (capital(token)) end = i;
    else if (NAME_CONNECTORS.has(token.norm) && tokens[i + 1] && capital(tokens[i + 1]!)) continue;
    else break;
  }
  while (
    end + 1 < tokens.length &&
    joined(tokens[end]!, tokens[end + 1]!) &&
    !capital(tokens[end + 1]!) &&
    isPurposeWord(tokens[end + 1]!.norm, language) &&
    !isSurveyWord(tokens[end + 1]!)
  ) {
    end += 1;
  }
  return tokens.slice(first, end + 1);
}

/** Start positions of tokens that belong to a purpose phrase ("market research", "net promoter score"). */
function purposePhraseTokens(tokens: readonly Token[]): Set<number> {
  const found = new Set<number>();
  for (let i = 0; i < tokens.length; i += 1) {
    for (const phrase of PURPOSE_PHRASES) {
      if (phrase.every((word, k) => tokens[i + k]?.norm === word)) {
        for (let k = 0; k < phrase.length; k += 1) found.add(tokens[i + k]!.start);
      }
    }
  }
  return found;
}
