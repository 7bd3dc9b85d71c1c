import { answerFor, isAnswerValue, questionPath, type AnswerValue, type Question } from '@quorum/contract';
import { serverQuestionType } from '../../question-types';
import { freeTextOf } from './free-texts';
import type { AnswerCountRow, ResponseTally } from './tallies.repository';

/**
 * What responses add to the results' counters: per question and answer key how many gave it, and per question
 * how many saw it, how many answered it and the sum of ratings. The submission adds a batch to the stored
 * counters with it; the filtered results count the responses a filter keeps with it. One rule, so filtered and
 * unfiltered statistics can never disagree.
 */
export interface AnswerTally {
  /** Question id → answer key → count. */
  counts: Map<string, Map<string, number>>;
  /** Question id → totals. */
  totals: Map<string, { answered: number; rating_sum: number; seen: number }>;
}

export function emptyTally(): AnswerTally {
  return { counts: new Map(), totals: new Map() };
}

/**
 * Adds one response. Every question on its path (`questionPath` of its answers over `questions`, the current
 * questions in order) was seen; each answered one moves the counters its type names (`countAnswer`).
 */
export function tallyResponse(
  tally: AnswerTally,
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
): void {
  for (const question of pathOf(questions, answers)) {
    const total = totalOf(tally, question.id);
    total.seen += 1;
    const value = answerFor(answers, question.id);
    if (value === undefined || !isAnswerValue(value)) continue;
    countAnswered(tally, total, question, value);
  }
}

/**
 * Adds the answer of one response to a question that is no longer asked (deleted): it has no place on a path any
 * more, so it counts as seen only when it was answered.
 */
export function tallyRetiredAnswer(
  tally: AnswerTally,
  question: Question,
  answers: Readonly<Record<string, AnswerValue>>,
): void {
  const value = answerFor(answers, question.id);
  if (value === undefined || !isAnswerValue(value)) return;
  const total = totalOf(tally, question.id);
  total.seen += 1;
  countAnswered(tally, total, question, value);
}

/** One respondent's own "Other" text: the question it answers and the text, trimmed. */
export interface OtherText {
  questionId: string;
  text: string;
}

/**
 * The "Other" texts of one response, exactly those its tally counts under "Other": for each question on its path
 * (as `tallyResponse` walks it) that offers "Other" — a choice question; a text question's answers are no "Other"
 * texts — the answer, or the checkbox answer's element, that is none of the options (`freeTextOf`, the rule the
 * type's counter key follows). A submission stores them beside the counters (`other_texts`).
 */
export function otherTextsOf(
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
): OtherText[] {
  const texts: OtherText[] = [];
  for (const question of pathOf(questions, answers)) {
    if (question.type === 'text') continue;
    const value = answerFor(answers, question.id);
    if (value === undefined || !isAnswerValue(value)) continue;
    const text = freeTextOf(question, value);
    if (text !== undefined) texts.push({ questionId: question.id, text });
  }
  return texts;
}

/** Question lists without any skip-logic rule: every response's path is the whole list (see questionPath). */
const withoutLogic = new WeakMap<readonly Question[], boolean>();

/** `questionPath`, skipped when no question has a rule (a pass over many responses asks it once per response). */
function pathOf(questions: readonly Question[], answers: Readonly<Record<string, AnswerValue>>): readonly Question[] {
  let fixed = withoutLogic.get(questions);
  if (fixed === undefined) withoutLogic.set(questions, (fixed = questions.every((q) => !q.logic?.length)));
  return fixed ? questions : questionPath(questions, answers);
}

function totalOf(tally: AnswerTally, questionId: string) {
  let total = tally.totals.get(questionId);
  if (!total) tally.totals.set(questionId, (total = { answered: 0, rating_sum: 0, seen: 0 }));
  return total;
}

function countAnswered(
  tally: AnswerTally,
  total: { answered: number; rating_sum: number },
  question: Question,
  value: AnswerValue,
): void {
  total.answered += 1;
  let byAnswer = tally.counts.get(question.id);
  total.rating_sum += serverQuestionType(question.type).countAnswer(question, value, (answer) => {
    if (!byAnswer) tally.counts.set(question.id, (byAnswer = new Map()));
    byAnswer.set(answer, (byAnswer.get(answer) ?? 0) + 1);
  });
}

/** The tally as counter rows, sorted by question id then answer (the order writers lock rows in). */
export function tallyRows(tally: AnswerTally): ResponseTally {
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byFirst = <T>(a: readonly [string, T], b: readonly [string, T]) => byKey(a[0], b[0]);
  const counts: AnswerCountRow[] = [];
  for (const [questionId, byAnswer] of [...tally.counts].sort(byFirst)) {
    for (const [answer, count] of [...byAnswer].sort(byFirst)) {
      counts.push({ question_id: questionId, answer, count });
    }
  }
  const totals = [...tally.totals].sort(byFirst).map(([questionId, total]) => ({ question_id: questionId, ...total }));
  return { counts, totals };
}

/** The counters a batch of responses adds (a submission's group commit). */
export function tallyResponses(
  questions: readonly Question[],
  responses: Iterable<Readonly<Record<string, AnswerValue>>>,
): ResponseTally {
  const tally = emptyTally();
  for (const answers of responses) tallyResponse(tally, questions, answers);
  return tallyRows(tally);
}

/**
 * What one stored response added to the counters, as well as can be told now, to take it away again (a deletion):
 * its path through the current questions, and each question deleted since that it answered (a deleted question
 * keeps its statistics), counted as seen and answered.
 */
export function tallyStoredResponse(
  current: readonly Question[],
  deleted: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
): ResponseTally {
  const tally = emptyTally();
  tallyResponse(tally, current, answers);
  for (const question of deleted) tallyRetiredAnswer(tally, question, answers);
  return tallyRows(tally);
}
