import type { AnswerValue } from '../answers';
import type { QuestionType } from '../survey-constants';
import type { Question } from '../surveys';
import { checkbox, dropdown, multipleChoice } from './choice';
import { date } from './date';
import { email } from './email';
import { number } from './number';
import { matrix, ranking } from './ranking';
import { rating } from './rating';
import { nps } from './scales';
import { text } from './text';
import type { AnswerCheck, DraftQuestion, QuestionDraft, QuestionOf, QuestionTypeModule } from './types';

export type { AnswerCheck, DraftQuestion, QuestionDraft, QuestionOf, QuestionTypeModule } from './types';
export type { DateRange } from './date';
export type { NumberRange } from './number';
export { NPS_OPTIONS } from './scales';

/** The registry: one module per question type. A type missing here fails to compile. */
export const QUESTION_TYPES: { readonly [T in QuestionType]: QuestionTypeModule<T> } = {
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

/** The module of a question's type. */
export function questionTypeOf<T extends QuestionType>(type: T): QuestionTypeModule<T> {
  return QUESTION_TYPES[type] as QuestionTypeModule<T>;
}

/**
 * Checks one answer against its question and returns it in stored form, or why it is refused; each type's
 * module holds its rule.
 */
export function checkAnswer(question: Question, answer: AnswerValue): AnswerCheck {
  return questionTypeOf(question.type).checkAnswer(question as QuestionOf<typeof question.type>, answer);
}

/** The question an author's draft becomes (see each type's `fromDraft`). */
export function questionFromDraft(
  draft: QuestionDraft,
  ctx: Parameters<QuestionTypeModule<QuestionType>['fromDraft']>[1],
): DraftQuestion<QuestionType> {
  return questionTypeOf(draft.type).fromDraft(draft as QuestionDraft<typeof draft.type>, ctx);
}
