// The few texts and limits of the contract that the public page needs. The contract's modules that hold them
// also build zod schemas, which would more than double the page's JavaScript, so the values are repeated here;
// a test holds each one equal to the contract's. The server checks every answer again on submit.

/** The end labels of a Net Promoter Score question, under 0 and 10 (the contract's NPS_LABELS). */
export const NPS_END_LABELS = { low: 'Not at all likely', high: 'Extremely likely' } as const;

/** The choice that lets a respondent type an answer of their own (the contract's OTHER_LABEL). */
export const OTHER_CHOICE = 'Other';

/** The longest "Other" text (the contract's LIMITS.otherAnswer). */
export const OTHER_MAX_LENGTH = 500;

/** The longest email address (the contract's LIMITS.emailAnswer). */
export const EMAIL_MAX_LENGTH = 254;

/** One address: something before a single "@", a domain with a dot after it, no spaces (the server's rule). */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether a typed email address will be accepted. */
export function isEmailAddress(text: string): boolean {
  const value = text.trim();
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}

/** Whether a question may be skipped: only when its author made it optional (`required` absent means required). */
export function isOptional(question: { required?: boolean | undefined }): boolean {
  return question.required === false;
}
