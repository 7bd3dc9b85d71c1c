import { purposeIds, type PurposeId } from '../purposes';
import { fold, list } from '../text';
import type { Language } from './language';
import { PURPOSE_WORDS, type PurposeWords } from './purpose-words';

/** Part of an idea as detection reads it: its words (folded tokens) and its folded text. */
export interface IdeaPart {
  words: readonly string[];
  folded: string;
}

const scored = purposeIds.filter((id) => id !== 'general');

/**
 * Scores every purpose by the distinct keywords (2 points) and hints (1 point) in the idea and returns
 * the best one. Words inside the listed aspects count half: "feedback on our app about onboarding and
 * pricing" is product feedback, not employee onboarding. Ties go to the more specific purpose (the order
 * of `purposeIds`); no keyword at all gives the general purpose.
 */
export function detectPurpose(main: IdeaPart, aspects: IdeaPart, language: Language): PurposeId {
  const score = ({ keywords, hints = [] }: PurposeWords, part: IdeaPart) => {
    const padded = ` ${part.folded.replace(/[^\p{L}\p{N}&'-]+/gu, ' ')} `;
    let points = 0;
    for (const keyword of keywords) if (matches(keyword, part.words, padded, language)) points += 2;
    for (const hint of hints) if (matches(hint, part.words, padded, language)) points += 1;
    return points;
  };
  let best: PurposeId = 'general';
  let bestScore = 0;
  for (const id of scored) {
    const total = 2 * score(PURPOSE_WORDS[id], main) + score(PURPOSE_WORDS[id], aspects);
    if (total > bestScore) {
      best = id;
      bestScore = total;
    }
  }
  return best;
}

/** Whether a word names some purpose ("website", "usability", "festival"). */
export function isPurposeWord(word: string, language: Language): boolean {
  return Object.values(PURPOSE_WORDS).some(({ keywords, hints = [] }) =>
    [...keywords, ...hints].some((k) => !/[\s&]/.test(k) && matches(k, [word], '', language)),
  );
}

/** Names of kinds of survey ("market research", "estudio de mercado"): never part of a subject. */
export const PURPOSE_PHRASES: readonly string[][] = list(`
  market research, market study, customer satisfaction, client satisfaction, net promoter score,
  net promoter, promoter score, employee engagement, employee satisfaction, job satisfaction,
  course evaluation, user experience, website usability, patient experience, guest experience,
  customer experience, product feedback, event feedback,
  estudio de mercado, investigacion de mercado, etude de marche, pesquisa de mercado, estudo de mercado,
  ricerca di mercato, indagine di mercato, satisfaccion del cliente, satisfaction client,
  satisfaction des clients, satisfacao do cliente, soddisfazione del cliente, soddisfazione dei clienti,
  clima laboral, climat social, clima organizacional, clima aziendale
`).map((phrase) => phrase.split(' '));

/**
 * A phrase matches on word boundaries; "=word" matches the word or its plural; else a word starting with
 * it, and in German also a compound ending with it ("Jazzfestival").
 */
function matches(keyword: string, words: readonly string[], padded: string, language: Language): boolean {
  if (keyword.startsWith('=')) {
    const word = keyword.slice(1);
    return words.includes(word) || words.includes(`${word}s`) || words.includes(`${word}es`);
  }
  const folded = fold(keyword);
  if (/[\s&]/.test(folded)) return padded.includes(` ${folded} `) || padded.includes(` ${folded}s `);
  if (folded.length < 4) return words.includes(folded) || words.includes(`${folded}s`);
  return words.some(
    (word) => word.startsWith(folded) || (language === 'de' && folded.length >= 5 && word.endsWith(folded)),
  );
}
