import type { InsightTheme, InsightsResponse } from '@quorum/contract';
import { INSIGHTS_LIMITS } from '@quorum/contract';

/**
 * The built-in reading of free-text answers, offline: wink-nlp with its small English model (ADR 033).
 *
 * - Sentiment: wink's AFINN-style score of the whole answer (negation aware), from −1 to 1. Above
 *   SENTIMENT_THRESHOLD is positive, below −SENTIMENT_THRESHOLD negative, anything between neutral.
 * - Key terms: the lemmas of nouns and proper nouns, lower case, stop words and non-words left out
 *   ("prices" → "price"), and phrases of a modifier (adjective or noun) and a noun ("customer service",
 *   "friendly staff").
 * - A theme is a key term mentioned by at least THEME_MIN_ANSWERS answers, counted once per answer. A single word
 *   that only ever comes in one phrase gives way to the phrase ("customer" to "customer service").
 */

/** A score above this is positive, below its negative negative, anything between neutral. */
export const SENTIMENT_THRESHOLD = 0.05;
/** Answers a key term needs to be a theme: a theme is something people say more than once. */
export const THEME_MIN_ANSWERS = 2;
/** Characters of an example answer; a longer one is cut with "…". */
export const EXAMPLE_MAX_CHARS = 200;

type Sentiment = keyof InsightsResponse['sentiment'];

export function sentimentOf(score: number): Sentiment {
  if (score > SENTIMENT_THRESHOLD) return 'positive';
  if (score < -SENTIMENT_THRESHOLD) return 'negative';
  return 'neutral';
}

/** A key term or phrase and the answers that mention it. */
export interface KeyTerm {
  /** The lemma ("price"), or two lemmas for a phrase ("customer service"). */
  key: string;
  /** Indexes of the answers (in the order given) that mention it, each once, ascending. */
  answers: number[];
  /** How the answers wrote it, lower case, with how often (most used first once read through `surfaceWords`). */
  surfaces: Map<string, number>;
  /** Proper nouns keep their capitals in the label: the most used spelling as written. */
  written: Map<string, number>;
}

export interface TextAnalysis {
  /** The answers read, trimmed. */
  texts: string[];
  sentiment: InsightsResponse['sentiment'];
  /** Every key term that may be a theme: most mentioned first, ties alphabetically. */
  keyTerms: KeyTerm[];
}

interface WinkToken {
  out(f?: unknown): string;
}
interface WinkDoc {
  out(f?: unknown): string | number;
  tokens(): { each(f: (token: WinkToken) => void): void };
}
interface Wink {
  readDoc(text: string): WinkDoc;
  its: Record<'sentiment' | 'pos' | 'lemma' | 'normal' | 'value' | 'type' | 'stopWordFlag', unknown>;
}

let loading: Promise<Wink> | undefined;

/**
 * The language model, loaded once per process on first use (about 30 MB and a tenth of a second), so a server
 * that never reads insights never pays for it. Only the annotations used are run: sentences, negation, sentiment
 * and parts of speech (no entity recognition).
 */
function loadModel(): Promise<Wink> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([
      import('wink-nlp'),
      import('wink-eng-lite-web-model'),
    ]);
    return winkNLP(model, ['sbd', 'negation', 'sentiment', 'pos']) as unknown as Wink;
  })();
  return loading;
}

const KEY_POS = new Set(['NOUN', 'PROPN']);
const MODIFIER_POS = new Set(['ADJ', 'NOUN', 'PROPN']);
const HAS_LETTER = /\p{L}/u;

interface Word {
  pos: string;
  lemma: string;
  normal: string;
  value: string;
  eligible: boolean;
  sentenceStart: boolean;
}

const SENTENCE_END = /^[.!?…]+$/;
const isKey = (word: Word | undefined): boolean => word !== undefined && word.eligible && KEY_POS.has(word.pos);

/**
 * Reads every answer: its sentiment and the key terms it mentions. CPU work from start to end: the server runs it
 * in a worker thread (insights-pool.ts), never on the thread that answers requests.
 */
export async function analyseTexts(answers: readonly string[]): Promise<TextAnalysis> {
  const nlp = await loadModel();
  const { its } = nlp;
  const texts = answers.map((a) => a.trim());
  const sentiment = { positive: 0, neutral: 0, negative: 0 };
  const byKey = new Map<string, KeyTerm>();

  const mention = (key: string, index: number, surface: string, written: string) => {
    let term = byKey.get(key);
    if (!term) byKey.set(key, (term = { key, answers: [], surfaces: new Map(), written: new Map() }));
    if (term.answers.at(-1) !== index) term.answers.push(index);
    term.surfaces.set(surface, (term.surfaces.get(surface) ?? 0) + 1);
    term.written.set(written, (term.written.get(written) ?? 0) + 1);
  };

  for (const [index, text] of texts.entries()) {
    const doc = nlp.readDoc(text);
    sentiment[sentimentOf(Number(doc.out(its.sentiment)))] += 1;
    const words: Word[] = [];
    doc.tokens().each((token) => {
      const normal = token.out(its.normal);
      const type = token.out(its.type);
      const previous = words.at(-1);
      words.push({
        pos: token.out(its.pos),
        lemma: token.out(its.lemma).toLowerCase(),
        normal,
        value: token.out(its.value),
        eligible:
          type === 'word' &&
          !(token.out(its.stopWordFlag) as unknown as boolean) &&
          normal.length > 1 &&
          HAS_LETTER.test(normal),
        sentenceStart: previous === undefined || SENTENCE_END.test(previous.value),
      });
    });
    words.forEach((word, i) => {
      if (!isKey(word)) return;
      // A proper noun keeps its capitals, unless they are only the sentence's ("Staff were friendly").
      mention(word.lemma, index, word.normal, word.pos === 'PROPN' && !word.sentenceStart ? word.value : word.normal);
      const before = words[i - 1];
      // A phrase is a modifier and the noun that ends a compound: "great customer service" gives
      // "customer service", never "great customer".
      if (before?.eligible && MODIFIER_POS.has(before.pos) && !isKey(words[i + 1])) {
        const surface = `${before.normal} ${word.normal}`;
        mention(`${before.lemma} ${word.lemma}`, index, surface, surface);
      }
    });
  }

  const candidates = [...byKey.values()].filter((t) => t.answers.length >= THEME_MIN_ANSWERS);
  // A word whose every mention is inside one phrase gives way to that phrase.
  const phraseCounts = new Map<string, number>();
  for (const term of candidates) {
    if (!term.key.includes(' ')) continue;
    for (const part of term.key.split(' ')) {
      phraseCounts.set(part, Math.max(phraseCounts.get(part) ?? 0, term.answers.length));
    }
  }
  const keyTerms = candidates
    .filter((t) => t.key.includes(' ') || phraseCounts.get(t.key) !== t.answers.length)
    .sort(byCountThenKey);
  return { texts, sentiment, keyTerms };
}

function byCountThenKey(a: { answers: unknown[]; key: string }, b: { answers: unknown[]; key: string }): number {
  return b.answers.length - a.answers.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The most used of several counted spellings; ties alphabetically. */
function mostUsed(counts: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && value < best)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/** The lower-case words the answers used for these key terms, most used first. */
function surfaceWords(terms: readonly KeyTerm[]): string[] {
  const counts = new Map<string, number>();
  for (const term of terms) {
    for (const [surface, count] of term.surfaces) counts.set(surface, (counts.get(surface) ?? 0) + count);
  }
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([surface]) => surface);
}

/** An answer as an example: trimmed, at most EXAMPLE_MAX_CHARS characters. */
function asExample(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' '));
  return chars.length <= EXAMPLE_MAX_CHARS ? chars.join('') : `${chars.slice(0, EXAMPLE_MAX_CHARS - 1).join('')}…`;
}

/**
 * A theme made of one or more key terms: the answers mentioning any of them (each once), up to
 * INSIGHTS_LIMITS.examples distinct examples (short answers first, in reading order), and the words used.
 */
export function themeOf(label: string, terms: readonly KeyTerm[], texts: readonly string[]): InsightTheme {
  const answers = [...new Set(terms.flatMap((t) => t.answers))].sort((a, b) => a - b);
  const distinct = [...new Set(answers.map((i) => texts[i]!).filter((text) => text !== ''))];
  const short = distinct.filter((text) => text.length <= EXAMPLE_MAX_CHARS);
  const long = distinct.filter((text) => text.length > EXAMPLE_MAX_CHARS);
  const examples = [...short, ...long].slice(0, INSIGHTS_LIMITS.examples).map(asExample);
  return { label, count: answers.length, examples, terms: surfaceWords(terms) };
}

/** The label of one key term: its most used spelling (proper nouns as written, anything else lower case). */
export function labelOf(term: KeyTerm): string {
  return mostUsed(term.written);
}

/** Most mentioned first, ties alphabetically by label; at most INSIGHTS_LIMITS.themes. */
export function rankThemes(themes: readonly InsightTheme[]): InsightTheme[] {
  return [...themes]
    .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .slice(0, INSIGHTS_LIMITS.themes);
}

/** The built-in themes: the most mentioned key terms, one theme each. */
export function builtinThemes(analysis: TextAnalysis): InsightTheme[] {
  return rankThemes(
    analysis.keyTerms.slice(0, INSIGHTS_LIMITS.themes).map((t) => themeOf(labelOf(t), [t], analysis.texts)),
  );
}
