import type { QuestionType } from '@quorum/contract';
import { checkbox, multipleChoice } from './choice';
import { rating } from './rating';
import { text } from './text';
import type { ServerQuestionType } from './types';

/** The registry: one module per question type. A type missing here fails to compile. */
export const SERVER_QUESTION_TYPES: { readonly [T in QuestionType]: ServerQuestionType<T> } = {
  multiple_choice: multipleChoice,
  checkbox,
  text,
  rating,
};

/** The server module of a question's type (typed for any question: each module only ever sees its own type). */
export function serverQuestionType(type: QuestionType): ServerQuestionType<QuestionType> {
  return SERVER_QUESTION_TYPES[type] as unknown as ServerQuestionType<QuestionType>;
}
