import { z } from 'zod';
import { LIMITS, questionSchema, type Question } from './surveys';

/** An answer: one option, a list of options (checkbox), free text, or a rating. */
export const answerValueSchema = z.union([
  z.string().max(LIMITS.textAnswer, { error: `Answers must be at most ${LIMITS.textAnswer} characters` }),
  z.number(),
  z.array(z.string().max(LIMITS.text)).max(LIMITS.options),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const submitResponseBodySchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.string().min(1).max(100),
        answer: answerValueSchema,
      }),
    )
    .max(LIMITS.questions),
});
export type SubmitResponseBody = z.input<typeof submitResponseBodySchema>;
export const submitResponseResponseSchema = z.object({ responseId: z.string() });
export type SubmitResponseResponse = z.infer<typeof submitResponseResponseSchema>;

/** What an anonymous respondent sees: nothing about the owner. */
export const publicSurveySchema = z.object({
  surveyId: z.string(),
  projectId: z.string(),
  title: z.string(),
  brandingImageUrl: z.string().nullable(),
  questions: z.array(questionSchema),
});
export type PublicSurvey = z.output<typeof publicSurveySchema>;

export const PUBLIC_MESSAGES = {
  notFound: 'Survey not found',
  unavailable: 'Survey not found or no longer available',
  submitFailed: 'Failed to submit survey',
  tooMany: 'Too many responses from this address. Please try again in a minute.',
} as const;

/** Section 5: a question counts as answered only when its value is non-empty. */
export function isAnswered(value: AnswerValue | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.trim() !== '';
  return value.length > 0;
}

/**
 * Checks one answer against its question and returns it in stored form, or a reason it is refused.
 * multiple_choice: one of the options; checkbox: a non-empty list of distinct options;
 * text: a non-empty string; rating: an integer between min and max (number or numeric string).
 */
export function checkAnswer(
  question: Question,
  answer: AnswerValue,
): { ok: true; value: AnswerValue } | { ok: false; reason: string } {
  switch (question.type) {
    case 'multiple_choice':
      return typeof answer === 'string' && question.options.includes(answer)
        ? { ok: true, value: answer }
        : { ok: false, reason: 'must be one of the options' };
    case 'checkbox': {
      if (!Array.isArray(answer) || answer.length === 0) {
        return { ok: false, reason: 'must be a non-empty list of options' };
      }
      if (new Set(answer).size !== answer.length) return { ok: false, reason: 'lists an option twice' };
      if (!answer.every((a) => question.options.includes(a))) {
        return { ok: false, reason: 'must only list the options' };
      }
      return { ok: true, value: question.options.filter((o) => answer.includes(o)) };
    }
    case 'text':
      return typeof answer === 'string' && answer.trim() !== '' && answer.length <= LIMITS.textAnswer
        ? { ok: true, value: answer.trim() }
        : { ok: false, reason: 'must be a non-empty text' };
    case 'rating': {
      const value =
        typeof answer === 'number'
          ? answer
          : typeof answer === 'string' && /^\s*-?\d+\s*$/.test(answer)
            ? Number(answer)
            : Number.NaN;
      const { min, max } = question.ratingScale;
      return Number.isInteger(value) && value >= min && value <= max
        ? { ok: true, value }
        : { ok: false, reason: `must be a whole number from ${min} to ${max}` };
    }
  }
}
