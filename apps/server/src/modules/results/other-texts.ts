import type { Kysely } from 'kysely';
import {
  answerFor,
  isAnswerValue,
  OTHER_LABEL,
  OTHER_TEXTS_LISTED,
  questionTypeIs,
  type AnswerValue,
  type QuestionResult,
} from '@quorum/contract';
import type { Database } from '../../db/schema';
import { freeTextOf, hasFreeTexts } from '../insights/free-texts';
import { readFreeTexts } from '../insights/insights.service';
import type { ResultQuestion } from './result-rows';

/**
 * Responses the unfiltered results read at most, newest first, for the "Other" texts: the statistics come from the
 * counters, and this bound keeps a rarely chosen "Other" from making every results request read a million rows.
 */
export const OTHER_TEXTS_SCAN_ROWS = 5_000;

/** The questions whose "Other" texts the results list: those that offer "Other" (not text questions). */
const offeringOther = (questions: readonly ResultQuestion[]) =>
  questions.filter((q) => questionTypeIs(q.type, 'allowsOther') && hasFreeTexts(q));

/**
 * The newest OTHER_TEXTS_LISTED "Other" texts of each question that offers "Other", newest first, read through
 * the shared report's query over the newest OTHER_TEXTS_SCAN_ROWS responses (the `(survey_id, id)` index, small
 * pages, stopping as soon as every question has its texts).
 */
export async function readOtherTexts(
  db: Kysely<Database>,
  surveyId: string,
  questions: readonly ResultQuestion[],
): Promise<Map<string, string[]>> {
  const offering = offeringOther(questions);
  if (offering.length === 0) return new Map();
  return readFreeTexts(db, surveyId, offering, { perQuestion: OTHER_TEXTS_LISTED, scanRows: OTHER_TEXTS_SCAN_ROWS });
}

/**
 * The same texts from responses counted one by one, oldest first (the filtered results' pass over the responses
 * the filter keeps): the newest OTHER_TEXTS_LISTED of them, with no query of its own.
 */
export function collectOtherTexts(questions: readonly ResultQuestion[]) {
  const offering = offeringOther(questions);
  const kept = new Map(offering.map((q) => [q.id, [] as string[]]));
  return {
    add(answers: Readonly<Record<string, AnswerValue>>): void {
      for (const question of offering) {
        const value = answerFor(answers, question.id);
        const text = value !== undefined && isAnswerValue(value) ? freeTextOf(question, value) : undefined;
        if (text === undefined) continue;
        const list = kept.get(question.id)!;
        list.push(text);
        if (list.length > OTHER_TEXTS_LISTED) list.shift();
      }
    },
    /** Newest first. */
    texts: (): Map<string, string[]> => new Map([...kept].map(([id, list]) => [id, [...list].reverse()])),
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
