import type { KeptResponse } from './filtered-responses';
import { emptyTally, quarterOf, tallyResponse, tallyRetiredAnswer, tallyRows } from '../tallies';
import type { ResultQuestion } from './result-rows';
import type { AnswerCountRow, QuestionTotalRow } from '../tallies';

/**
 * The statistics of the responses a filter keeps, counted one by one into the very counters the submission keeps
 * (`tallyResponse`), so that `buildQuestionResults` reads them exactly as it reads the stored ones: a filter that
 * keeps every response gives the unfiltered statistics. Also counts the kept responses per quarter hour (the
 * timeline) and keeps the newest `newestLimit` of them (the first page of the table).
 */
export function createResultsCounter(questions: readonly ResultQuestion[], newestLimit = 0) {
  const current = questions.filter((q) => !q.isDeleted);
  const retired = questions.filter((q) => q.isDeleted);
  const tally = emptyTally();
  const quarters = new Map<number, number>();
  const newest: KeptResponse[] = [];
  let matching = 0;
  return {
    /** Counts one kept response (responses come oldest first). */
    add(response: KeptResponse): void {
      matching += 1;
      tallyResponse(tally, current, response.answers);
      for (const question of retired) tallyRetiredAnswer(tally, question, response.answers);
      const quarter = quarterOf(response.row.submitted_at);
      if (Number.isFinite(quarter)) quarters.set(quarter, (quarters.get(quarter) ?? 0) + 1);
      if (newestLimit > 0) {
        newest.push(response);
        if (newest.length > newestLimit) newest.shift();
      }
    },
    /** How many responses were counted. */
    matching: () => matching,
    /** The counters, as the stored ones read. */
    rows: (): { counts: AnswerCountRow[]; totals: QuestionTotalRow[] } => tallyRows(tally),
    quarters: (): ReadonlyMap<number, number> => quarters,
    /** The newest counted responses, newest first. */
    newest: (): KeptResponse[] => [...newest].reverse(),
  };
}
