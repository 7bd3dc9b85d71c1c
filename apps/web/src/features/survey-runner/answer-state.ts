import {
  answerFor,
  answerInLanguage,
  emptyAnswers,
  isAnswered,
  type AnswerValue,
  type Question,
} from '@quorum/contract';
import { questionRunnerOf } from '@/question-types/runner';

// The respondent's answers as the runner keeps them (whatever is typed or picked so far), and the part of them
// that counts: what the flow follows, what the progress counts and what is sent.

/** Why a started answer cannot be sent yet, or undefined (also when nothing is answered). */
export function answerProblem(question: Question, value: AnswerValue | undefined): string | undefined {
  if (value === undefined || !isAnswered(value)) return undefined;
  return questionRunnerOf(question).problem?.(question, value);
}

/** Whether an answer counts: given, and sendable as it stands. */
export function isReady(question: Question, value: AnswerValue | undefined): boolean {
  return value !== undefined && isAnswered(value) && answerProblem(question, value) === undefined;
}

/** The answers that count, keyed by question id (a record without a prototype). */
export function readyAnswers(
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
): Record<string, AnswerValue> {
  const ready = emptyAnswers();
  for (const question of questions) {
    const value = answerFor(answers, question.id);
    if (value !== undefined && isReady(question, value)) ready[question.id] = value;
  }
  return ready;
}

/** The answers sent for the questions on the respondent's path, in path order, each in the form its type sends. */
export function answersToSend(
  path: readonly Question[],
  ready: Readonly<Record<string, AnswerValue>>,
): Array<{ questionId: string; answer: AnswerValue }> {
  return path.flatMap((question) => {
    const value = answerFor(ready, question.id);
    if (value === undefined) return [];
    const part = questionRunnerOf(question);
    return [{ questionId: question.id, answer: part.toSubmit ? part.toSubmit(question, value) : value }];
  });
}

/** A copy of `answers` (without a prototype) without the answer to one question. */
export function withoutAnswer(
  answers: Readonly<Record<string, AnswerValue>>,
  questionId: string,
): Record<string, AnswerValue> {
  const next = Object.assign(emptyAnswers(), answers);
  delete next[questionId];
  return next;
}

/**
 * The answers given to `from` (the survey in one language) as answers to `to` (the same survey in another): a chosen
 * option stays chosen, as the option at its position; texts, numbers and dates stay as they are.
 */
export function answersInLanguage(
  from: readonly Question[],
  to: readonly Question[],
  answers: Readonly<Record<string, AnswerValue>>,
): Record<string, AnswerValue> {
  const next = emptyAnswers();
  for (const question of to) {
    const value = answerFor(answers, question.id);
    if (value === undefined) continue;
    const before = from.find((q) => q.id === question.id);
    next[question.id] = before ? answerInLanguage(before, question, value) : value;
  }
  return next;
}
