// The question rules and texts the public survey page needs, free of zod on purpose: the page imports them, and
// it must stay tiny (see docs/performance.md, "Public page"). The rest of the contract reads them from here.

/** The end labels of a Net Promoter Score question, under 0 and 10. */
export const NPS_LABELS = { low: 'Not at all likely', high: 'Extremely likely' } as const;

/** What a respondent's own answer to a question that offers "Other" is counted and shown under. */
export const OTHER_LABEL = 'Other';

/** The longest "Other" text a respondent may type. */
export const OTHER_ANSWER_MAX = 500;

/** Whether a stored answer to a question that offers "Other" is a respondent's own text rather than an option. */
export function isOtherAnswer(question: { options: readonly string[]; allowOther?: boolean }, answer: string) {
  return question.allowOther === true && !question.options.includes(answer);
}

/** Whether `answer` lists every one of `options` once, in any order: a ranking. */
export function ranksEveryOption(options: readonly string[], answer: unknown): answer is string[] {
  return (
    Array.isArray(answer) &&
    answer.length === options.length &&
    new Set(answer).size === answer.length &&
    answer.every((a) => typeof a === 'string' && options.includes(a))
  );
}

/** The longest email answer. */
export const EMAIL_ANSWER_MAX = 254;

/** The longest value of a hidden field (from the public link's query). */
export const HIDDEN_FIELD_VALUE_MAX = 500;

/** The most characters of a number answer (sign, digits and point). */
export const NUMBER_ANSWER_MAX = 32;

/** One address: something before a single "@", a domain with a dot after it, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether `text` (trimmed) is an email address an email question accepts. */
export function isEmailAddress(text: string): boolean {
  const value = text.trim();
  return value.length <= EMAIL_ANSWER_MAX && EMAIL.test(value);
}

/** Whether a question must be answered (Next waits for an answer): unless its author made it optional. */
export function isRequired(question: { required?: boolean | undefined }): boolean {
  return question.required !== false;
}

/** A decimal written plainly: an optional minus, digits, an optional point and digits (at most 15 significant). */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The plain decimal text of a number answer, or undefined when it is not one. */
export function parseDecimal(answer: string | number): number | undefined {
  const text = typeof answer === 'number' ? String(answer) : answer.trim().replace(/^\+/, '');
  if (text.length === 0 || text.length > NUMBER_ANSWER_MAX || !DECIMAL.test(text)) return undefined;
  if (text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length > 15) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Whether `value` is a whole number of steps from the range's minimum (or from 0 without one). */
export function onStep(range: { min?: number | undefined; step?: number | undefined }, value: number): boolean {
  if (range.step === undefined) return true;
  const steps = (value - (range.min ?? 0)) / range.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** Whether `text` is a calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
