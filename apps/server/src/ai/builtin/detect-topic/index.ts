import type { PurposeId } from '../purposes';
import { fold, tokenize } from '../text';
import { dedupe, findAspectList } from './aspects';
import { detectLanguage, type Language } from './language';
import { detectPurpose, type IdeaPart } from './purpose';
import { findSubject, type Subject } from './subject';

export type { Language } from './language';
export type { Subject } from './subject';

/** What the built-in generator understood of an idea. */
export interface Topic {
  language: Language;
  purpose: PurposeId;
  /** The thing the survey is about, as the idea wrote it ("weekend jazz festival"), if any. */
  subject: Subject | null;
  /** The aspects the idea lists, as written ("food", "sound", "tickets"), in order, without repeats. */
  aspects: string[];
}

/** At most this many aspects are kept from a list; more than four go into a checkbox question. */
export const MAX_ASPECTS = 8;

/**
 * Reads an idea: its language, the purpose of the survey, the subject it names and the aspects it lists.
 * The aspect list is found first, so that its words neither become the subject nor outweigh the rest of
 * the idea in choosing the purpose.
 */
export function detectTopic(idea: string): Topic {
  const text = prepare(idea);
  const language = detectLanguage(tokenize(text));
  const sentences = splitSentences(text);

  const best = findAspectList(sentences, language);
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

function part(text: string): IdeaPart {
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
