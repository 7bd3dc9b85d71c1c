import { z } from 'zod';
import { ERROR_MESSAGES, errorMessage } from './error-messages';

export const questionTypes = ['multiple_choice', 'checkbox', 'text', 'rating'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: 'Multiple choice',
  checkbox: 'Checkboxes',
  text: 'Text',
  rating: 'Rating',
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
  reservedQuestionId: 'Question ids cannot be "__proto__", "constructor" or "prototype"',
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
