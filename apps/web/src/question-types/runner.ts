import type { Question, QuestionType } from '@quorum/contract';
import { checkboxRunner } from './checkbox/runner';
import { dateRunner } from './date/runner';
import { dropdownRunner } from './dropdown/runner';
import { emailRunner } from './email/runner';
import { matrixRunner } from './matrix/runner';
import { multipleChoiceRunner } from './multiple-choice/runner';
import { npsRunner } from './nps/runner';
import { numberRunner } from './number/runner';
import { rankingRunner } from './ranking/runner';
import { ratingRunner } from './rating/runner';
import { textRunner } from './text/runner';
import type { QuestionRunnerPart } from './types';

// The public page loads this registry: it imports the runner parts only, never an editor or a chart.

/** The respondent's part of every question type. A type missing here fails to compile. */
export const QUESTION_RUNNERS: { readonly [T in QuestionType]: QuestionRunnerPart<T> } = {
  multiple_choice: multipleChoiceRunner,
  checkbox: checkboxRunner,
  text: textRunner,
  rating: ratingRunner,
  nps: npsRunner,
  number: numberRunner,
  email: emailRunner,
  date: dateRunner,
  dropdown: dropdownRunner,
  ranking: rankingRunner,
  matrix: matrixRunner,
};

/** The runner's part of a question's type. */
export function questionRunnerOf<Q extends Question>(question: Q): QuestionRunnerPart<Q['type']> {
  return QUESTION_RUNNERS[question.type] as QuestionRunnerPart<Q['type']>;
}
