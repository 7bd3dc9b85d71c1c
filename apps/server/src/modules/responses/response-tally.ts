import { answerFor, questionPath, type AnswerValue, type Question } from '@quorum/contract';
import { serverQuestionType } from '../../question-types';

/** One answer's count: how many responses gave `answer` to `question_id`. */
export interface AnswerCountDelta {
  question_id: string;
  answer: string;
  count: number;
}

/** One question's totals: responses that answered it, the sum of their ratings, and responses that saw it. */
export interface QuestionTotalDelta {
  question_id: string;
  answered: number;
  rating_sum: number;
  seen: number;
}

/** What a set of responses adds to the counters results read, keys sorted (rows are locked in that order). */
export interface ResponseTally {
  counts: AnswerCountDelta[];
  totals: QuestionTotalDelta[];
}

const byKey = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The counters a set of responses makes, the one rule for both adding (a submission) and taking away (a deletion):
 * every question on a response's path (`questionPath` of its answers) has seen it, answered or skipped, and each
 * answer is counted by its question type (`countAnswer`, which also gives the rating to add to the sum).
 */
export function tallyResponses(
  questions: readonly Question[],
  responses: Iterable<Readonly<Record<string, AnswerValue>>>,
): ResponseTally {
  const counts = new Map<string, AnswerCountDelta>();
  const totals = new Map<string, QuestionTotalDelta>();
  const countAnswer = (questionId: string, answer: string) => {
    const key = `${questionId}\u0000${answer}`;
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { question_id: questionId, answer, count: 1 });
  };
  for (const answers of responses) {
    for (const question of questionPath(questions, answers)) {
      let total = totals.get(question.id);
      if (!total) totals.set(question.id, (total = { question_id: question.id, answered: 0, rating_sum: 0, seen: 0 }));
      total.seen += 1;
      const value = answerFor(answers, question.id);
      if (value === undefined) continue;
      total.answered += 1;
      total.rating_sum += serverQuestionType(question.type).countAnswer(question, value, (answer) =>
        countAnswer(question.id, answer),
      );
    }
  }
  return {
    counts: [...counts.entries()].sort(byKey).map(([, row]) => row),
    totals: [...totals.entries()].sort(byKey).map(([, row]) => row),
  };
}

/**
 * What one stored response added to the counters, as well as can be told now, to take it away again: its path
 * through the current questions (as tallyResponses), and each question deleted since that it answered (a deleted
 * question keeps its statistics), counted as seen and answered.
 */
export function tallyStoredResponse(
  current: readonly Question[],
  deleted: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
): ResponseTally {
  const answeredDeleted = deleted.filter((question) => answerFor(answers, question.id) !== undefined);
  const onPath = tallyResponses(current, [answers]);
  if (answeredDeleted.length === 0) return onPath;
  // A deleted question is on no path: each is its own one-question flow (its first question is always on it).
  const counts = [...onPath.counts];
  const totals = [...onPath.totals];
  for (const question of answeredDeleted) {
    const alone = tallyResponses([question], [answers]);
    counts.push(...alone.counts);
    totals.push(...alone.totals);
  }
  const key = (row: { question_id: string; answer?: string }) => `${row.question_id}\u0000${row.answer ?? ''}`;
  return {
    counts: counts.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
    totals: totals.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
  };
}
