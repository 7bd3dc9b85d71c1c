import { z } from 'zod';
import { emptyAnswers, type AnswerValue } from './answers';
import { errorDetail, type ErrorDetail, type ErrorParamsArg } from './error-messages';
import { checkAnswer } from './question-types';
import { nextIndex, questionPositions } from './question-flow';
import { isRequired } from './question-rules';
import { visitIdSchema } from './visits';
import {
  LIMITS,
  questionSchema,
  SETTINGS_LIMITS,
  surveyLanguageSchema,
  thankYouScreenSchema,
  welcomeScreenSchema,
  type Question,
} from './surveys';

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

/**
 * Hidden field name → value, as the runner sends them: text values of at most 500 characters, at most 20 of them.
 * Checked as a plain object so that every key is kept (a zod record would leave out one named "__proto__"); the
 * server takes only the names the survey declares.
 */
export const hiddenFieldValuesSchema = z.custom<Record<string, string>>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length <= SETTINGS_LIMITS.hiddenFields &&
    Object.entries(value).every(
      ([key, field]) =>
        key.length <= 64 && typeof field === 'string' && field.length <= SETTINGS_LIMITS.hiddenFieldValue,
    ),
  {
    error: `hiddenFields must map at most ${SETTINGS_LIMITS.hiddenFields} names to texts of at most ${SETTINGS_LIMITS.hiddenFieldValue} characters`,
  },
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
  /** Surveys with `oneResponsePerBrowser`: the random id the runner keeps in this browser for the survey. */
  respondentId: z
    .string({ error: 'respondentId must be text' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'respondentId must be 8 to 100 letters, digits, "-" or "_"' })
    .optional(),
  /** The survey's declared hidden fields, from the public link's query: name → value. */
  hiddenFields: hiddenFieldValuesSchema.optional(),
  /** The visit (POST …/visits) this response ends: counts the completion and its time in the funnel. */
  visitId: visitIdSchema.optional(),
  /**
   * The survey language the respondent answered in (one of the public survey's `languages`; default: the survey's
   * default language). Options are matched by position, so every answer is stored in the default language.
   */
  language: surveyLanguageSchema.optional(),
});
export type SubmitResponseBody = z.input<typeof submitResponseBodySchema>;
export type SubmittedAnswer = SubmitResponseBody['answers'][number];
export const submitResponseResponseSchema = z.object({ responseId: z.string() });
export type SubmitResponseResponse = z.infer<typeof submitResponseResponseSchema>;

/** What an anonymous respondent sees: nothing about the owner, no deleted questions, no response limit. */
export const publicSurveySchema = z.object({
  surveyId: z.string(),
  /** Lets the page correct a public link whose projectId does not match. */
  projectId: z.string(),
  title: z.string(),
  brandingImageUrl: z.string().nullable(),
  questions: z.array(questionSchema),
  /** When set and still ahead, the page says when the survey opens and takes no answers until then. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  oneResponsePerBrowser: z.boolean(),
  hiddenFields: z.array(z.string()),
  welcome: welcomeScreenSchema.nullable(),
  thankYou: thankYouScreenSchema.nullable(),
  /** The language of the texts above: the one asked for (`?lang=`), else the browser's, else the default. */
  language: z.string(),
  /** Every language the survey is offered in, its default first. */
  languages: z.array(z.string()),
});
export type PublicSurvey = z.output<typeof publicSurveySchema>;

/**
 * Query of GET /api/surveys/:surveyId/public: `lang`, the language wanted. One the survey does not offer is not an
 * error: the browser's languages (Accept-Language) decide, then the default.
 */
export const publicSurveyQuerySchema = z.object({
  lang: z.string().trim().max(35, { error: 'lang must be a language code' }).optional(),
});
export type PublicSurveyQuery = z.input<typeof publicSurveyQuerySchema>;

/** Why a submitted response is refused: an error of the catalog, worded for the person who sent it. */
export type ResponseRefusal = ErrorDetail & {
  code: 'NO_ANSWERS' | 'ANSWER_MISSING' | 'ANSWER_REPEATED' | 'UNKNOWN_QUESTION' | 'ANSWER_INVALID' | 'ANSWER_OFF_PATH';
};

function refuse<C extends ResponseRefusal['code']>(
  code: C,
  ...params: ErrorParamsArg<C>
): { ok: false } & ResponseRefusal {
  return { ok: false, ...errorDetail(code, ...params), code };
}

/** A response that may be stored: its answers in stored form, and the ids of the questions its path showed. */
export interface AcceptedResponse {
  ok: true;
  /** Question id → answer, a record without a prototype. */
  answers: Record<string, AnswerValue>;
  /** The questions on the respondent's path, in order: answered or skipped, each was seen. */
  seen: string[];
}

/**
 * Checks a whole response against the survey's current questions by walking the path its own answers choose:
 * every required question on the path answered, optional ones answered or skipped, every answer valid for its
 * type, no answer for a question off the path, none repeated, no unknown question. Returns the answers in stored
 * form keyed by question id and the path's question ids, or the first reason to refuse as the error the server
 * sends (400), naming the question by its position in the survey.
 */
export function checkResponse(
  questions: readonly Question[],
  answers: ReadonlyArray<{ questionId: string; answer: AnswerValue }>,
): AcceptedResponse | ({ ok: false } & ResponseRefusal) {
  const positions = questionPositions(questions);
  const given = new Map<string, AnswerValue>();
  for (const { questionId, answer } of answers) {
    const position = positions.get(questionId);
    if (position === undefined) return refuse('UNKNOWN_QUESTION', { questionId });
    if (given.has(questionId)) return refuse('ANSWER_REPEATED', { position: position + 1 });
    given.set(questionId, answer);
  }
  if (given.size === 0 && questions.length > 0) return refuse('NO_ANSWERS');
  // Keyed by question id: no prototype, so an id such as "__proto__" is stored like any other.
  const stored = emptyAnswers();
  const seen: string[] = [];
  // The path is the flow's, shared with the runner: each question's rules see its answer in stored form.
  for (let index = questions.length > 0 ? 0 : -1; index >= 0;) {
    const question = questions[index]!;
    seen.push(question.id);
    const answer = given.get(question.id);
    let value: AnswerValue | undefined;
    if (answer !== undefined) {
      const check = checkAnswer(question, answer);
      if (!check.ok) return refuse('ANSWER_INVALID', { position: index + 1, reason: check.reason });
      value = check.value;
      stored[question.id] = value;
    } else if (isRequired(question)) {
      return refuse('ANSWER_MISSING', { position: index + 1 });
    }
    index = nextIndex(questions, index, value, positions);
  }
  const onPath = new Set(seen);
  for (const questionId of given.keys()) {
    if (!onPath.has(questionId)) return refuse('ANSWER_OFF_PATH', { position: positions.get(questionId)! + 1 });
  }
  return { ok: true, answers: stored, seen };
}
