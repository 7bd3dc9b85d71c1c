// The respondent-side rules and texts, free of zod on purpose: the public survey page imports
// them, and it must stay tiny (see docs/performance.md, "Public page").

/** An answer: one option, a list of options (checkbox), free text, or a rating. */
export type AnswerValue = string | number | string[];

/** Section 8, public survey screens, and the answers of the submit call. */
export const PUBLIC_MESSAGES = {
  notFound: 'Survey not found',
  unavailable: 'Survey not found or no longer available',
  submitFailed: 'Failed to submit survey',
  tooMany: 'Too many responses from this address. Please try again in a minute.',
  thankYouTitle: 'Thank You!',
  thankYouBody: 'Your response has been successfully recorded. We appreciate your time and feedback.',
  getStarted: 'Get Started Free',
} as const;

/** Section 9: a ten-point scale is a slider labelled at 1, 5 and 10. */
export const SLIDER_LABELS: ReadonlyArray<readonly [value: number, label: string]> = [
  [1, '1 - Very Poor'],
  [5, '5 - Average'],
  [10, '10 - Excellent'],
];

/** Section 5: a question counts as answered only when its value is non-empty. */
export function isAnswered(value: AnswerValue | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.trim() !== '';
  return Array.isArray(value) && value.length > 0;
}
