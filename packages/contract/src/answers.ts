// The respondent-side rules and texts, free of zod on purpose: the public survey page imports
// them, and it must stay tiny (see docs/performance.md, "Public page").

import { ERROR_MESSAGES } from './error-messages';

/** An answer: one option, a list of options (checkbox), free text, or a rating. */
export type AnswerValue = string | number | string[];

/**
 * The value stored under `key` in a record keyed by people's input (question ids, answers, labels), read as
 * an own property only: a key such as "constructor" or "__proto__" never reaches Object.prototype.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record !== null && record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The answer given to a question, or undefined: `answers` is keyed by question id. */
export function answerFor<T = AnswerValue>(
  answers: Readonly<Record<string, T>> | null | undefined,
  questionId: string,
): T | undefined {
  return ownValue(answers, questionId);
}

/** An empty record keyed by question id, without a prototype, so any id is an ordinary key. */
export function emptyAnswers<T = AnswerValue>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A copy of `answers` (without a prototype) with one answer set. */
export function withAnswer<T = AnswerValue>(
  answers: Readonly<Record<string, T>>,
  questionId: string,
  value: NoInfer<T>,
): Record<string, T> {
  const next = Object.assign(emptyAnswers<T>(), answers);
  next[questionId] = value;
  return next;
}

/** The texts of the public survey, thank-you and error screens, and of the submit call's refusals. */
export const PUBLIC_MESSAGES = {
  notFound: ERROR_MESSAGES.SURVEY_NOT_FOUND,
  unavailable: 'Survey not found or no longer available',
  submitFailed: 'Failed to submit survey',
  tooMany: ERROR_MESSAGES.SUBMIT_RATE_LIMITED,
  thankYouTitle: 'Thank You!',
  thankYouBody: 'Your response has been successfully recorded. We appreciate your time and feedback.',
  getStarted: 'Get Started Free',
} as const;

/** One value of a rating scale as a respondent sees it. */
export interface RatingStop {
  value: number;
  /** The scale's label for this value, if it has one. */
  label: string | undefined;
  /** What is shown for the value: "1 - Very Poor" when labelled, else the number. */
  text: string;
}

/**
 * The ten-point preset as a respondent reads it. The preset stores "Extremely Poor" at 1 (the rating-scale model),
 * and its slider reads "1 - Very Poor", "5 - Average" and "10 - Excellent": a scale holding exactly the preset's
 * labels shows these; any other labels show as written.
 */
const TEN_POINT_SHOWN: Readonly<Record<string, string>> = { '1': 'Very Poor', '5': 'Average', '10': 'Excellent' };

function isTenPointPreset(scale: { min: number; max: number; labels: Readonly<Record<string, string>> }): boolean {
  const keys = Object.keys(scale.labels);
  return (
    scale.min === 1 &&
    scale.max === 10 &&
    keys.length === 3 &&
    ownValue(scale.labels, '1') === 'Extremely Poor' &&
    ownValue(scale.labels, '5') === 'Average' &&
    ownValue(scale.labels, '10') === 'Excellent'
  );
}

/**
 * The values of a rating scale from min to max, each with the label it shows: what the survey shows respondents and
 * what the editor's preview shows its author, so the two never differ.
 */
export function ratingStops(scale: {
  min: number;
  max: number;
  labels: Readonly<Record<string, string>>;
}): RatingStop[] {
  const stops: RatingStop[] = [];
  const labels = isTenPointPreset(scale) ? TEN_POINT_SHOWN : scale.labels;
  for (let value = scale.min; value <= scale.max; value += 1) {
    const label = ownValue(labels, String(value))?.trim() || undefined;
    stops.push({ value, label, text: label === undefined ? String(value) : `${value} - ${label}` });
  }
  return stops;
}

/** A question counts as answered only when its value is non-empty. */
export function isAnswered(value: AnswerValue | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.trim() !== '';
  return Array.isArray(value) && value.length > 0;
}
