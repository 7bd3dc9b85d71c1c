// The question rules and texts the public survey page needs, free of zod on purpose: the page imports them, and
// it must stay tiny (see docs/performance.md, "Public page"). The rest of the contract reads them from here.

/** The end labels of a Net Promoter Score question, under 0 and 10. */
export const NPS_LABELS = { low: 'Not at all likely', high: 'Extremely likely' } as const;

/** What a respondent's own answer to a question that offers "Other" is counted and shown under. */
export const OTHER_LABEL = 'Other';

/** The longest "Other" text a respondent may type. */
export const OTHER_ANSWER_MAX = 500;

/** The longest email answer. */
export const EMAIL_ANSWER_MAX = 254;

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
