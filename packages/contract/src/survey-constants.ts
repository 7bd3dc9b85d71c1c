import { z } from 'zod';
import { ERROR_MESSAGES, errorMessage } from './error-messages';
import { EMAIL_ANSWER_MAX, NUMBER_ANSWER_MAX, OTHER_ANSWER_MAX } from './question-rules';
import { MAX_SURVEY_LANGUAGES } from './survey-languages';

export { NPS_LABELS, OTHER_LABEL } from './question-rules';

export const questionTypes = [
  'multiple_choice',
  'checkbox',
  'text',
  'rating',
  'nps',
  'number',
  'email',
  'date',
  'dropdown',
  'ranking',
  'matrix',
] as const;
export type QuestionType = (typeof questionTypes)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: 'Multiple choice',
  checkbox: 'Checkboxes',
  text: 'Text',
  rating: 'Rating',
  nps: 'Net Promoter Score',
  number: 'Number',
  email: 'Email',
  date: 'Date',
  dropdown: 'Dropdown',
  ranking: 'Ranking',
  matrix: 'Matrix',
};

export const surveyStates = ['draft', 'active', 'paused', 'closed', 'deleted'] as const;
export type SurveyState = z.infer<typeof surveyStateSchema>;
export const surveyStateSchema = z.enum(surveyStates);

/** Launch and resume are refused while a user already has this many active surveys. */
export const MAX_ACTIVE_SURVEYS = 2;

export const LIMITS = {
  projectName: 200,
  title: 200,
  questions: 100,
  options: 50,
  text: 1000,
  textAnswer: 5000,
  url: 2048,
  prompt: 2000,
  /** Help text under a question. */
  description: 1000,
  /** A dropdown's options (every other type: `options`). */
  dropdownOptions: 500,
  /** A matrix's rows. */
  matrixRows: 30,
  /** A respondent's "Other" text. */
  otherAnswer: OTHER_ANSWER_MAX,
  /** Skip-logic rules on one question. */
  logicRules: 20,
  /** Characters of a number answer (sign, digits and point). */
  numberAnswer: NUMBER_ANSWER_MAX,
  /** An email answer. */
  emailAnswer: EMAIL_ANSWER_MAX,
} as const;

export const SURVEY_MESSAGES = {
  projectNameRequired: 'Project name is required',
  titleRequired: 'Survey title is required',
  questionRequired: 'At least one question is required',
  invalidImageUrl: 'Please provide a valid image URL',
  questionTextRequired: 'Question text is required',
  optionRequired: 'Each choice question needs at least one option',
  duplicateQuestionId: 'Question ids must be unique within a survey',
  invalidQuestionId: 'Question ids may only contain letters, digits, "-" and "_", at most 64 characters',
  reservedQuestionId: 'Question ids cannot be "__proto__", "constructor", "prototype" or "end"',
  descriptionTooLong: `Help text must be at most ${LIMITS.description} characters`,
  otherNotOffered: 'Only multiple choice, checkbox and dropdown questions can offer "Other"',
  otherIsAnOption: 'An option cannot be called "Other" while "Other" is offered',
  randomizeNotOffered: 'Only choice, dropdown, ranking and matrix questions can show their options in random order',
  logicTargetMissing: 'A rule must go to a later question or to the end',
  logicTargetBackwards: 'A rule can only go forward, to a later question or to the end',
  logicOperatorNotForType: 'This condition does not fit this type of question',
  logicValueRequired: 'This condition needs a value',
  logicValueNotAnOption: 'The value of a rule must be one of the question’s options',
  logicValueNotANumber: 'The value of this rule must be a number',
  logicSkippedRequired: 'A required question is never skipped: make it optional or pick another condition',
  matrixRowRequired: 'A matrix question needs at least one row',
  matrixTooManyRows: `A matrix question can have at most ${LIMITS.matrixRows} rows`,
  matrixRowsDifferent: 'Rows of a matrix question must be different',
  logicTooMany: `A question can have at most ${LIMITS.logicRules} rules`,
  invalidLanguage: 'Languages are written as codes such as "de", "pt-BR" or "zh-Hant"',
  tooManyLanguages: `A survey can have at most ${MAX_SURVEY_LANGUAGES} languages`,
  translationOfDefault: 'The default language cannot also be a translation',
  translationUnknownQuestion: 'A translation can only name questions of the survey',
  translationTooManyOptions: 'A translation cannot have more options or rows than its question',
  translationOptionsAlike: 'Translated options (and rows) of a question must be different',
  translationLabelOutOfScale: 'A translated rating label must be for a value of its scale',
  activeLimit: ERROR_MESSAGES.ACTIVE_LIMIT_REACHED,
  writeRateLimited: ERROR_MESSAGES.SURVEY_WRITE_RATE_LIMITED,
  notFound: ERROR_MESSAGES.SURVEY_NOT_FOUND,
  notEditable: ERROR_MESSAGES.SURVEY_NOT_EDITABLE,
  adminCannotCreate: ERROR_MESSAGES.ADMIN_CANNOT_CREATE,
  adminCannotEdit: ERROR_MESSAGES.ADMIN_CANNOT_EDIT,
  created: 'Survey created successfully and saved as draft',
  updated: 'Survey updated successfully',
} as const;

/** Why a new survey is refused when the account already holds `max` surveys that are not deleted. */
export function surveyLimitMessage(max: number): string {
  return errorMessage('SURVEY_LIMIT_REACHED', { limit: max });
}
