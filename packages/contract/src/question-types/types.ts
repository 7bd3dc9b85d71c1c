import type { z } from 'zod';
import type { AnswerValue } from '../answers';
import type { QuestionType } from '../survey-constants';
import type { Question } from '../surveys';

/** The stored question of one type. */
export type QuestionOf<T extends QuestionType> = Question & { type: T };

/** One question as the editor sent it, after the fields every type shares were checked. */
export interface QuestionDraft<T extends QuestionType = QuestionType> {
  /** Missing when the server is to make one. */
  id: string | undefined;
  text: string;
  type: T;
  options: string[];
  ratingScale?: unknown;
  allowOther?: boolean | undefined;
  randomizeOptions?: boolean | undefined;
  numberRange?: unknown;
  dateRange?: unknown;
  rows?: string[] | undefined;
}

/** The fields every type shares, which the survey schema sets around each type's own (see `surveys.ts`). */
export type SharedQuestionFields = 'id' | 'required' | 'description' | 'logic';

/** A stored question whose id the server may still have to make. */
export type DraftQuestion<T extends QuestionType> = T extends QuestionType
  ? Omit<QuestionOf<T>, SharedQuestionFields> & { id: string | undefined }
  : never;

/** An answer in stored form, or why it is refused (worded to follow "The answer to question n"). */
export type AnswerCheck = { ok: true; value: AnswerValue } | { ok: false; reason: string };

/**
 * Everything the contract knows about one question type. A new type is a new module and one line in the
 * registry (`question-types/index.ts`), which is typed so that a type without a module fails to compile.
 */
export interface QuestionTypeModule<T extends QuestionType> {
  type: T;
  /** The name people see in the editor and the results. */
  label: string;
  /** The question an author's draft becomes, or issues added to `ctx` and `z.NEVER`. */
  fromDraft(draft: QuestionDraft<T>, ctx: z.RefinementCtx): DraftQuestion<T>;
  /** Whether `answer` answers `question`, and its stored form. */
  checkAnswer(question: QuestionOf<T>, answer: AnswerValue): AnswerCheck;
}
