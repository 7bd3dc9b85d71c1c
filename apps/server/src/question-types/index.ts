import type { QuestionType } from '@quorum/contract';
import { checkbox, dropdown, multipleChoice } from './choice';
import { date } from './date';
import { email } from './email';
import { matrix } from './matrix';
import { nps } from './nps';
import { number } from './number';
import { ranking } from './ranking';
import { rating } from './rating';
import { text } from './text';
import type { ServerQuestionType } from './types';

/** The registry: one module per question type. A type missing here fails to compile. */
export const SERVER_QUESTION_TYPES: { readonly [T in QuestionType]: ServerQuestionType<T> } = {
  multiple_choice: multipleChoice,
  checkbox,
  text,
  rating,
  nps,
  number,
  email,
  date,
  dropdown,
  ranking,
  matrix,
};

/** The server module of a question's type (typed for any question: each module only ever sees its own type). */
export function serverQuestionType(type: QuestionType): ServerQuestionType<QuestionType> {
  return SERVER_QUESTION_TYPES[type] as unknown as ServerQuestionType<QuestionType>;
}
