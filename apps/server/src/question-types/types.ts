import type { AnswerValue, QuestionOf, QuestionResult, QuestionType, Statistic } from '@quorum/contract';
import type { QuestionsTable } from '../db/schema';

/** What a type stores of its question beyond the fields every question shares (id, text, required, help, logic). */
export type QuestionRowFields = Pick<QuestionsTable, 'options' | 'rating_scale' | 'settings'>;

/** The running counts of one question: answers given per answer text, how many answered, their rating sum. */
export interface QuestionCounts {
  byAnswer: ReadonlyMap<string, number>;
  answered: number;
  ratingSum: number;
}

/** The part of a question's results that depends on its type. */
export type TypeResults = Pick<
  QuestionResult,
  | 'statistics'
  | 'average'
  | 'ratingCount'
  | 'ratingScale'
  | 'allowOther'
  | 'nps'
  | 'summary'
  | 'histogram'
  | 'dates'
  | 'ranking'
  | 'rows'
>;

/**
 * What the server knows about one question type: how its question is stored and read back, which counters an
 * answer moves, and the statistics read from those counters. A new type is a new module and one line in the
 * registry (`question-types/index.ts`), typed so that a type without a module fails to compile.
 */
export interface ServerQuestionType<T extends QuestionType> {
  toRow(question: QuestionOf<T>): QuestionRowFields;
  /** Never throws: a damaged row reads as something sensible (see each type). */
  fromRow(row: { id: string; text: string } & QuestionRowFields): QuestionOf<T>;
  /**
   * Calls `count` for each counter key the answer (in stored form) adds one to, and returns what it adds to the
   * rating sum. The question is the one the answer was checked against, so "Other" texts count as "Other".
   */
  countAnswer(question: QuestionOf<T>, value: AnswerValue, count: (key: string) => void): number;
  /** Whether answers given to `before` keep their meaning once the question reads as `after` (same type). */
  keepsAnswers(before: QuestionOf<T>, after: QuestionOf<T>): boolean;
  results(
    question: QuestionOf<T>,
    counts: QuestionCounts,
    statistic: (answer: string, count: number) => Statistic,
  ): TypeResults;
  /** One stored answer as one cell of the CSV; without it, `answerText` (lists joined with "; "). */
  answerText?(question: QuestionOf<T>, value: AnswerValue): string;
  /**
   * The type's own fields of a question a model wrote (loose JSON, before the contract checks it): a rating's scale,
   * a range without its null bounds, a matrix's rows. Without it, the type has none beyond those every type shares.
   */
  modelFields?(question: Readonly<Record<string, unknown>>): Record<string, unknown>;
}
