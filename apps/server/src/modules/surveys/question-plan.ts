import type { NormalisedQuestionInput, Question } from '@quorum/contract';
import { newId } from '../../lib/ids';
import { serverQuestionType } from '../../question-types';
import { questionFromRow, questionRow, type QuestionRow } from './question-row';

/** The stored row of a submitted question, under `id` at `position`. */
export function toRow(surveyId: string, id: string, position: number, q: NormalisedQuestionInput): QuestionRow {
  return questionRow(surveyId, position, { ...q, id });
}

/** A question whose rules go to the questions' new ids where `renamed` gives one. */
export function withRenamedTargets<Q extends { logic?: Array<{ goTo: string }> }>(
  q: Q,
  renamed: ReadonlyMap<string, string>,
): Q {
  if (!q.logic) return q;
  return { ...q, logic: q.logic.map((rule) => ({ ...rule, goTo: renamed.get(rule.goTo) ?? rule.goTo })) };
}

/** Whether stored answers keep their meaning under the edited question: the same type, and its type says so. */
function sameAnswerShape(row: QuestionRow, q: NormalisedQuestionInput): boolean {
  if (row.type !== q.type) return false;
  return serverQuestionType(q.type).keepsAnswers(questionFromRow(row), { ...q, id: row.id } as Question);
}

export interface QuestionPlan {
  /** Every row the survey keeps: the submitted questions in order, then the retained deleted ones. */
  rows: QuestionRow[];
  /** Questions removed for good (nobody answered them); their counters go too. */
  droppedIds: string[];
}

/**
 * How an edit changes a survey's questions:
 * - the submitted questions, in the submitted order, become positions 0..n-1; an id that matches a
 *   stored question updates it (and revives it if it was deleted), a missing or unknown id adds one;
 * - a stored question left out is kept with is_deleted = 1 when responses answered it, else removed;
 * - a question that was answered and whose type or rating scale changed would make the stored
 *   answers meaningless: the old question is kept as deleted (with its answers and counts) and the
 *   edited one is stored under a new id, starting from zero answers.
 * Retained deleted questions follow the current ones, in their previous order.
 */
export function planQuestionUpdate(
  surveyId: string,
  existing: readonly QuestionRow[],
  submitted: readonly NormalisedQuestionInput[],
  answered: ReadonlyMap<string, number>,
  makeId: () => string = newId,
): QuestionPlan {
  const byId = new Map(existing.map((row) => [row.id, row]));
  const kept = new Set<string>();
  const ids = submitted.map((q) => {
    const old = q.id ? byId.get(q.id) : undefined;
    if (old && !((answered.get(old.id) ?? 0) > 0 && !sameAnswerShape(old, q))) {
      kept.add(old.id);
      return old.id;
    }
    return old ? makeId() : (q.id ?? makeId());
  });
  // A question stored under a new id keeps the skip-logic rules that send respondents to it.
  const renamed = new Map<string, string>();
  submitted.forEach((q, position) => {
    if (q.id && q.id !== ids[position]) renamed.set(q.id, ids[position]!);
  });
  const current = submitted.map((q, position) =>
    toRow(surveyId, ids[position]!, position, renamed.size > 0 ? withRenamedTargets(q, renamed) : q),
  );
  const retained: QuestionRow[] = [];
  const droppedIds: string[] = [];
  for (const row of [...existing].sort((a, b) => a.position - b.position)) {
    if (kept.has(row.id)) continue;
    if (row.is_deleted === 1 || (answered.get(row.id) ?? 0) > 0) retained.push(row);
    else droppedIds.push(row.id);
  }
  const rows = [
    ...current,
    ...retained.map((row, index) => ({ ...row, position: current.length + index, is_deleted: 1 })),
  ];
  return { rows, droppedIds };
}
