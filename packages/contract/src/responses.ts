import { z } from 'zod';
import { emptyAnswers, type AnswerValue } from './answers';
import { errorDetail, type ErrorDetail, type ErrorParamsArg } from './error-messages';
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

/** Why a submitted response is refused: an error of the catalog, worded for the person who sent it. */
export type ResponseRefusal = ErrorDetail & {
  code: 'NO_ANSWERS' | 'ANSWER_MISSING' | 'ANSWER_REPEATED' | 'UNKNOWN_QUESTION' | 'ANSWER_INVALID';
};

function refuse<C extends ResponseRefusal['code']>(
  code: C,
  ...params: ErrorParamsArg<C>
): { ok: false } & ResponseRefusal {
  return { ok: false, ...errorDetail(code, ...params), code };
}

/**
 * Checks a whole response against the survey's current questions: every question answered exactly
 * once, no unknown question, every answer valid. Returns the answers in stored form keyed by
 * question id (a record without a prototype), or the first reason to refuse (in question order) as the error the
 * server sends (400).
 */
export function checkResponse(
  questions: readonly Question[],
  answers: ReadonlyArray<{ questionId: string; answer: AnswerValue }>,
): { ok: true; answers: Record<string, AnswerValue> } | ({ ok: false } & ResponseRefusal) {
  const positions = new Map(questions.map((q, index) => [q.id, index + 1]));
  const given = new Map<string, AnswerValue>();
  for (const { questionId, answer } of answers) {
    const position = positions.get(questionId);
    if (position === undefined) return refuse('UNKNOWN_QUESTION', { questionId });
    if (given.has(questionId)) return refuse('ANSWER_REPEATED', { position });
    given.set(questionId, answer);
  }
  if (given.size === 0 && questions.length > 0) return refuse('NO_ANSWERS');
  // Keyed by question id: no prototype, so an id such as "__proto__" is stored like any other.
  const stored = emptyAnswers();
  // Every question on the respondent's path must be answered; the path is the flow's, shared with the runner.
  const onPath = new Set(questionPath(questions, Object.fromEntries(given)).map((q) => q.id));
  for (const [index, question] of questions.entries()) {
    if (!onPath.has(question.id)) continue;
    const answer = given.get(question.id);
    if (answer === undefined) return refuse('ANSWER_MISSING', { position: index + 1 });
    const check = checkAnswer(question, answer);
    if (!check.ok) return refuse('ANSWER_INVALID', { position: index + 1, reason: check.reason });
    stored[question.id] = check.value;
  }
  return { ok: true, answers: stored };
}
