import { PURPOSE_PHRASES, detectPurpose, isPurposeWord, type PurposeTemplate } from './purposes';
import {
  ASPECT_TRIGGERS,
  LIST_JOINERS,
  WEAK_TRIGGERS,
  detectLanguage,
  fold,
  isAspectLeader,
  isFiller,
  isClauseStarter,
  isFunctionWord,
  isOfWord,
  isRespondentWord,
  isSubjectBreak,
  isSurveyWord,
  tokenize,
  type Language,
  type Token,
} from './text';

/** What the built-in generator understood of an idea. */
export interface IdeaAnalysis {
  language: Language;
  purpose: PurposeTemplate;
  /** The thing the survey is about, as the idea wrote it ("weekend jazz festival"), if any. */
  subject: Subject | null;
  /** The aspects the idea lists, as written ("food", "sound", "tickets"), in order, without repeats. */
  aspects: string[];
}

export interface Subject {
  text: string;
  /** The determiner the idea put before it: "a festival" → the, "our app" → our, "Acme" → none. */
  determiner: 'the' | 'our' | 'none';
  /** Starts with a capital letter that is not the start of a sentence (a name). */
  proper: boolean;
}

/** At most this many aspects are kept from a list; more than four go into a checkbox question. */
export const MAX_ASPECTS = 8;
const MAX_ASPECT_WORDS = 6;
const MAX_SUBJECT_WORDS = 8;
const MAX_SUBJECT_CHARS = 60;

export function analyseIdea(idea: string): IdeaAnalysis {
  const text = prepare(idea);
  const language = detectLanguage(tokenize(text));
  const sentences = splitSentences(text);

  // The aspects: the list with the most items that follows a trigger word ("about", "sobre", ":", …).
  let best: { items: string[]; sentence: number; from: number; to: number; weak: boolean } | undefined;
  sentences.forEach((sentence, index) => {
    for (const segment of aspectSegments(sentence, language)) {
      const items = splitItems(segment.text, language);
      if (!best || items.length > best.items.length) {
        best = { items, sentence: index, from: segment.triggerStart, to: segment.end, weak: segment.weak };
      }
    }
  });
  const listed = best && best.items.length >= 2 ? best : undefined;
  const mainText = listed
    ? sentences.map((s, i) => (i === listed.sentence ? s.slice(0, listed.from) + s.slice(listed.to) : s)).join('. ')
    : text;
  const listText = listed ? sentences[listed.sentence]!.slice(listed.from, listed.to) : '';
  const purpose = detectPurpose(part(mainText), part(listText), language);

  let aspects: string[] = [];
  let subject: Subject | null = null;
  const excluded = (index: number) => (best && best.sentence === index ? { from: best.from, to: best.to } : null);
  for (let index = 0; index < Math.min(sentences.length, 3) && !subject; index += 1) {
    subject = findSubject(sentences[index]!, excluded(index), -1, language);
  }
  if (best && best.items.length >= 2) {
    aspects = best.items;
  } else if (best && best.items.length === 1) {
    // "A survey about our new app": one item and nothing else named is the subject, not an aspect.
    if (subject) aspects = best.weak ? [] : best.items;
    else subject = findSubject(sentences[best.sentence]!, null, best.from, language);
  }
  return { language, purpose, subject, aspects: dedupe(aspects).slice(0, MAX_ASPECTS) };
}

function part(text: string): { words: string[]; folded: string } {
  return { words: tokenize(text).map((t) => t.norm), folded: fold(text) };
}

/** Expands abbreviations and turns bullet lists into comma lists, so sentences and lists split cleanly. */
function prepare(idea: string): string {
  return idea
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\b(Dr|Dra|Mr|Mrs|Ms|Mx|St|Prof|Sr|Sra|Jr|Mme|Mlle|Hr|Fr|Inc|Ltd|Co|Av|Ave)\./g, '$1')
    .replace(/\b(?:e\.\s?g\.|z\.\s?b\.|p\.\s?ej\.|p\.\s?ex\.|ad es\.)(?=\s|,|$)[,:]?/gi, (m) => {
      const f = m.toLowerCase();
      if (f.startsWith('z')) return ' zum beispiel ';
      if (f.startsWith('p') && f.includes('j')) return ' por ejemplo ';
      if (f.startsWith('p')) return ' par exemple ';
      if (f.startsWith('ad')) return ' ad esempio ';
      return ' such as ';
    })
    .replace(/\b(?:i\.\s?e\.|etc\.?|usw\.?|ecc\.?)/gi, ' ')
    .replace(/[:：]\s*\n\s*(?:[-*•·]|\d+[.)])\s*/g, ': ')
    .replace(/\n\s*(?:[-*•·]|\d+[.)])\s+/g, ', ')
    .replace(/\n+/g, '. ')
    .replace(/[“”«»„"]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

function splitSentences(text: string): string[] {
  return text
    .split(/[.!?¡¿]+(?=\s|$)/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
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
const wordAround = (inner: string) => `(?<![\\p{L}\\p{N}])(?:${inner})(?![\\p{L}\\p{N}])`;

const triggerPatterns = new Map<Language, RegExp>();
function triggerPattern(language: Language): RegExp {
  let pattern = triggerPatterns.get(language);
  if (!pattern) {
    const words = [...ASPECT_TRIGGERS[language]].sort((a, b) => b.length - a.length).map(escape);
    pattern = new RegExp(`${wordAround(words.map((w) => w.replace(/ /g, '\\s+')).join('|'))}|[:：]`, 'gu');
    triggerPatterns.set(language, pattern);
  }
  return pattern;
}

const joinerPatterns = new Map<Language, RegExp>();
function joinerPattern(language: Language): RegExp {
  let pattern = joinerPatterns.get(language);
  if (!pattern) {
    const words = [...LIST_JOINERS[language]].sort((a, b) => b.length - a.length).map(escape);
    pattern = new RegExp(`[,;/&+·•|]|\\s-\\s|${wordAround(words.map((w) => w.replace(/ /g, '\\s+')).join('|'))}`, 'gu');
    joinerPatterns.set(language, pattern);
  }
  return pattern;
}

interface Segment {
  triggerStart: number;
  weak: boolean;
  text: string;
  end: number;
}

/** The stretches of a sentence that follow a trigger, each up to the next trigger. */
function aspectSegments(sentence: string, language: Language): Segment[] {
  const folded = foldAligned(sentence);
  const hits = [...folded.matchAll(triggerPattern(language))].map((m) => ({
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
  for (const match of folded.matchAll(joinerPattern(language))) {
    push(last, match.index);
    last = match.index + match[0].length;
  }
  push(last, segment.length);
  return items;
}

function cleanItem(raw: string): string | null {
  const tokens = tokenize(raw);
  if (tokens[0] && isClauseStarter(tokens[0])) return null;
  const afterArticle = (i: number) => i > 0 && isAspectLeader(tokens[i - 1]!.norm);
  let first = 0;
  let last = tokens.length - 1;
  // Trailing function words go, except a noun right after an article ("le son": "son" is also "his").
  while (last >= 0 && isFunctionWord(tokens[last]!) && !afterArticle(last)) last -= 1;
  while (first < last && (isAspectLeader(tokens[first]!.norm) || isFunctionWord(tokens[first]!))) first += 1;
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

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = fold(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The subject: from the first word that is neither filler nor survey vocabulary, up to a word that
 * starts a clause or a punctuation mark, without trailing filler. Skips `excluded` (the aspect list);
 * with `after`, only looks at what follows that position.
 */
function findSubject(
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
  let text = sentence.slice(span[0]!.start, span.at(-1)!.end);
  if (text.length > MAX_SUBJECT_CHARS) text = text.slice(0, MAX_SUBJECT_CHARS).replace(/\s+\S*$/, '');
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
function purposePhraseTokens(tokens: ReturnType<typeof tokenize>): Set<number> {
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
