import type { QuestionType } from '@quorum/contract';
import { checkboxEditor } from './checkbox/editor';
import { dateEditor } from './date/editor';
import { dropdownEditor } from './dropdown/editor';
import { emailEditor } from './email/editor';
import { matrixEditor } from './matrix/editor';
import { multipleChoiceEditor } from './multiple-choice/editor';
import { npsEditor } from './nps/editor';
import { numberEditor } from './number/editor';
import { rankingEditor } from './ranking/editor';
import { ratingEditor } from './rating/editor';
import { textEditor } from './text/editor';
import type { QuestionEditorPart } from './types';

/** The survey editor's part of every question type. A type missing here fails to compile. */
export const QUESTION_EDITORS: { readonly [T in QuestionType]: QuestionEditorPart<T> } = {
  multiple_choice: multipleChoiceEditor,
  checkbox: checkboxEditor,
  text: textEditor,
  rating: ratingEditor,
  nps: npsEditor,
  number: numberEditor,
  email: emailEditor,
  date: dateEditor,
  dropdown: dropdownEditor,
  ranking: rankingEditor,
  matrix: matrixEditor,
};

/** The editor's part of a type. */
export function questionEditorOf<T extends QuestionType>(type: T): QuestionEditorPart<T> {
  return QUESTION_EDITORS[type] as QuestionEditorPart<T>;
}
