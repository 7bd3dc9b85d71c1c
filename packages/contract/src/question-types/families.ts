// The families each question type belongs to: what the code outside a type's own module asks of it ("is it
// numeric", "does it offer Other"), answered here instead of by lists of type names. Free of zod: the public survey
// page imports it (skip logic, translated options).
import type { QuestionType } from '../survey-constants';

/**
 * What one answer of a type is, for skip-logic values, results filters and exports: a picked option (one or
 * several), a number, a date, a text the respondent typed, or an arrangement of the options (a ranking's order, a
 * matrix's rows).
 */
export type AnswerKind = 'choice' | 'numeric' | 'date' | 'text' | 'arrangement';

/** The families of one type. Every property is required, so a new type must say where it belongs. */
export interface QuestionTypeFamilies {
  answer: AnswerKind;
  /** Its answers are the respondent's own words, for insights and the duplicate flag (not emails). */
  freeText: boolean;
  /** It may offer "Other" with a text of the respondent's own. */
  allowsOther: boolean;
  /** Its options (for a matrix, its rows) may be shown in a fresh order to each respondent. */
  randomizable: boolean;
  /** Its options are the author's words (translated), and its answers and rule values are options. */
  translatedOptions: boolean;
  /** Its answers are items a straightliner answers alike (each matrix row is an item). */
  scaleItems: boolean;
}

const choice = {
  answer: 'choice',
  freeText: false,
  allowsOther: true,
  randomizable: true,
  translatedOptions: true,
  scaleItems: false,
} as const satisfies QuestionTypeFamilies;

const plain = {
  freeText: false,
  allowsOther: false,
  randomizable: false,
  translatedOptions: false,
  scaleItems: false,
} as const satisfies Omit<QuestionTypeFamilies, 'answer'>;

/** The families of every type; a type missing here fails to compile. */
export const QUESTION_TYPE_FAMILIES: { readonly [T in QuestionType]: QuestionTypeFamilies } = {
  multiple_choice: choice,
  checkbox: choice,
  dropdown: choice,
  text: { ...plain, answer: 'text', freeText: true },
  email: { ...plain, answer: 'text' },
  rating: { ...plain, answer: 'numeric', scaleItems: true },
  nps: { ...plain, answer: 'numeric', scaleItems: true },
  number: { ...plain, answer: 'numeric' },
  date: { ...plain, answer: 'date' },
  ranking: { ...plain, answer: 'arrangement', randomizable: true, translatedOptions: true },
  matrix: { ...plain, answer: 'arrangement', randomizable: true, translatedOptions: true, scaleItems: true },
};

type Flag = {
  [K in keyof QuestionTypeFamilies]: QuestionTypeFamilies[K] extends boolean ? K : never;
}[keyof QuestionTypeFamilies];

/**
 * Whether a type belongs to a family: `questionTypeIs(type, 'allowsOther')`, or by its answer,
 * `questionTypeIs(type, 'numeric')`. False for a name that is no type (a damaged row, a rule's loose type).
 */
export function questionTypeIs(type: string | undefined, family: Flag | AnswerKind): boolean {
  if (type === undefined || !Object.hasOwn(QUESTION_TYPE_FAMILIES, type)) return false;
  const families = QUESTION_TYPE_FAMILIES[type as QuestionType];
  return isFlag(family) ? families[family] : families.answer === family;
}

const isFlag = (family: Flag | AnswerKind): family is Flag => Object.hasOwn(plain, family);

/** What one answer of a type is (see `AnswerKind`). */
export const answerKindOf = (type: QuestionType): AnswerKind => QUESTION_TYPE_FAMILIES[type].answer;
