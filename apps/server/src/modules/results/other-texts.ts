import {
  answerFor,
  isAnswerValue,
  OTHER_LABEL,
  OTHER_TEXTS_LISTED,
  questionTypeIs,
  type AnswerValue,
  type QuestionResult,
} from '@quorum/contract';
import { freeTextOf, hasFreeTexts } from '../tallies';
import type { ResultQuestion } from './result-rows';
import type { AnswerCountRow } from '../tallies';

/** The questions whose "Other" texts the results list: those that offer "Other" (not text questions). */
const offeringOther = (questions: readonly ResultQuestion[]) =>
  questions.filter((q) => questionTypeIs(q.type, 'allowsOther') && hasFreeTexts(q));

/**
 * The questions whose stored "Other" texts the unfiltered results read (`other_texts`, the newest
 * OTHER_TEXTS_LISTED of each through its primary key): those that offer "Other" and whose "Other" counter is above
 * zero. A survey without "Other", or where nobody chose it, reads none.
 */
export function questionsWithOtherTexts(
  questions: readonly ResultQuestion[],
  counts: readonly AnswerCountRow[],
): string[] {
  const chosen = new Set(counts.filter((c) => c.answer === OTHER_LABEL && c.count > 0).map((c) => c.question_id));
  return offeringOther(questions)
    .filter((q) => chosen.has(q.id))
    .map((q) => q.id);
}

/**
 * The same texts from responses counted one by one, oldest first (the filtered results' pass over the responses
 * the filter keeps): the newest OTHER_TEXTS_LISTED of them, with no query of its own.
 */
export function collectOtherTexts(questions: readonly ResultQuestion[]) {
  // Each question offering "Other" with the texts kept for it so far.
  const kept = offeringOther(questions).map((question) => ({ question, list: new Array<string>() }));
  return {
    add(answers: Readonly<Record<string, AnswerValue>>): void {
      for (const { question, list } of kept) {
        const value = answerFor(answers, question.id);
        const text = value !== undefined && isAnswerValue(value) ? freeTextOf(question, value) : undefined;
        if (text === undefined) continue;
        list.push(text);
        if (list.length > OTHER_TEXTS_LISTED) list.shift();
      }
    },
    /** Newest first. */
    texts: (): Map<string, string[]> => new Map(kept.map(({ question, list }) => [question.id, [...list].reverse()])),
  };
}

/**
 * The question results with `otherTexts` on each question that offers "Other": its texts (none found reads as
 * none) and, as the total, the count of its "Other" statistic.
 */
export function withOtherTexts(results: QuestionResult[], texts: ReadonlyMap<string, string[]>): QuestionResult[] {
  return results.map((result) => {
    if (result.allowOther !== true) return result;
    const total = result.statistics.find((s) => s.answer === OTHER_LABEL)?.count ?? 0;
    return { ...result, otherTexts: { texts: texts.get(result.id) ?? [], total } };
  });
}
