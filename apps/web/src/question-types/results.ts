import type { QuestionType } from '@quorum/contract';
import { checkboxResult } from './checkbox/result';
import { dateResult } from './date/result';
import { dropdownResult } from './dropdown/result';
import { emailResult } from './email/result';
import { matrixResult } from './matrix/result';
import { multipleChoiceResult } from './multiple-choice/result';
import { npsResult } from './nps/result';
import { numberResult } from './number/result';
import { rankingResult } from './ranking/result';
import { ratingResult } from './rating/result';
import { textResult } from './text/result';
import type { QuestionResultPart } from './types';

/** The results' part of every question type. A type missing here fails to compile. */
export const QUESTION_RESULTS: { readonly [T in QuestionType]: QuestionResultPart<T> } = {
  multiple_choice: multipleChoiceResult,
  checkbox: checkboxResult,
  text: textResult,
  rating: ratingResult,
  nps: npsResult,
  number: numberResult,
  email: emailResult,
  date: dateResult,
  dropdown: dropdownResult,
  ranking: rankingResult,
  matrix: matrixResult,
};

/** The results' part of a type. */
export function questionResultOf<T extends QuestionType>(type: T): QuestionResultPart<T> {
  return QUESTION_RESULTS[type] as QuestionResultPart<T>;
}
