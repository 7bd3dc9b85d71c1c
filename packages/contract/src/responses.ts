import { z } from 'zod';
import { emptyAnswers, type AnswerValue } from './answers';
import { checkAnswer } from './question-types';
import { questionPath } from './question-flow';
import { LIMITS, questionSchema, type Question } from './surveys';

export * from './answers';

/** An answer as sent: one option, a list of options (checkbox), free text, or a rating. */
export const answerValueSchema = z.union(
  [
    z.string().max(LIMITS.textAnswer, { error: `Answers must be at most ${LIMITS.textAnswer} characters` }),
    z.number(),
    z.array(z.string().max(LIMITS.text)).max(LIMITS.options),
  ],
  { error: 'Each answer must be text, a number or a list of options' },
);

export const submitResponseBodySchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.string().min(1).max(100),
        answer: answerValueSchema,
      }),
      { error: 'answers must be a list of { questionId, answer }' },
    )
    .max(LIMITS.questions, { error: `A response can have at most ${LIMITS.questions} answers` }),
});
export type SubmitResponseBody = z.input<typeof submitResponseBodySchema>;
export type SubmittedAnswer = SubmitResponseBody['answers'][number];
export const submitResponseResponseSchema = z.object({ responseId: z.string() });
export type SubmitResponseResponse = z.infer<typeof submitResponseResponseSchema>;

/** What an anonymous respondent sees: nothing about the owner, no deleted questions. */
export const publicSurveySchema = z.object({
  surveyId: z.string(),
  /** Lets the page correct a public link whose projectId does not match. */
  projectId: z.string(),
  title: z.string(),
  brandingImageUrl: z.string().nullable(),
  questions: z.array(questionSchema),
});
export type PublicSurvey = z.output<typeof publicSurveySchema>;

/** Why a submitted response is refused (400), worded for the person who sent it. */
export const SUBMIT_MESSAGES = {
  noAnswers: 'Please answer every question before submitting',
  missing: (position: number) => `Every question must be answered: question ${position} has no answer`,
  repeated: (position: number) => `Question ${position} is answered more than once`,
  unknown: (questionId: string) => `This survey has no question with id "${questionId}"`,
  invalid: (position: number, reason: string) => `The answer to question ${position} ${reason}`,
} as const;

/**
 * Checks a whole response against the survey's current questions: every question answered exactly
 * once, no unknown question, every answer valid. Returns the answers in stored form keyed by
 * question id (a record without a prototype), or the first reason to refuse (in question order).
 */
export function checkResponse(
  questions: readonly Question[],
  answers: ReadonlyArray<{ questionId: string; answer: AnswerValue }>,
): { ok: true; answers: Record<string, AnswerValue> } | { ok: false; message: string } {
  const positions = new Map(questions.map((q, index) => [q.id, index + 1]));
  const given = new Map<string, AnswerValue>();
  for (const { questionId, answer } of answers) {
    const position = positions.get(questionId);
    if (position === undefined) return { ok: false, message: SUBMIT_MESSAGES.unknown(questionId) };
    if (given.has(questionId)) return { ok: false, message: SUBMIT_MESSAGES.repeated(position) };
    given.set(questionId, answer);
  }
  if (given.size === 0 && questions.length > 0) return { ok: false, message: SUBMIT_MESSAGES.noAnswers };
  // Keyed by question id: no prototype, so an id such as "__proto__" is stored like any other.
  const stored = emptyAnswers();
  // Every question on the respondent's path must be answered; the path is the flow's, shared with the runner.
  const onPath = new Set(questionPath(questions, Object.fromEntries(given)).map((q) => q.id));
  for (const [index, question] of questions.entries()) {
    if (!onPath.has(question.id)) continue;
    const answer = given.get(question.id);
    if (answer === undefined) return { ok: false, message: SUBMIT_MESSAGES.missing(index + 1) };
    const check = checkAnswer(question, answer);
    if (!check.ok) return { ok: false, message: SUBMIT_MESSAGES.invalid(index + 1, check.reason) };
    stored[question.id] = check.value;
  }
  return { ok: true, answers: stored };
}
