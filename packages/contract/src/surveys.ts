import { z } from 'zod';
import { errorDetail, type ErrorDetail } from './error-messages';
import { questionFromDraft } from './question-types';
import { ratingScaleSchema } from './rating-scale';
import { LIMITS, questionTypes, SURVEY_MESSAGES, surveyStateSchema, type SurveyState } from './survey-constants';

export * from './survey-constants';
export * from './rating-scale';

// ---------------------------------------------------------------------------
// Project ids and public links
// ---------------------------------------------------------------------------

/** A project's id: its name trimmed and lower-cased, each run of whitespace one hyphen. */
export function projectIdFrom(projectName: string): string {
  return projectName.trim().toLowerCase().replace(/\s+/g, '-');
}

// ---------------------------------------------------------------------------
// Questions: stored shape, a discriminated union on `type`
// ---------------------------------------------------------------------------

/**
 * A question id an author may send: letters, digits, "-" and "_", 1 to 64 of them. Ids the server makes
 * (UUIDv7) match. Stored ids are read with a looser rule (`questionId` below): surveys saved before this
 * rule may hold other ids, and they still load, run, count and export.
 */
export const QUESTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Names that mean something to every JavaScript object: never a question id, whatever the pattern allows. */
export const RESERVED_QUESTION_IDS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Why an author-supplied question id is refused, or undefined when it may be used. */
export function questionIdProblem(id: string): string | undefined {
  if (RESERVED_QUESTION_IDS.includes(id)) return SURVEY_MESSAGES.reservedQuestionId;
  if (!QUESTION_ID_PATTERN.test(id)) return SURVEY_MESSAGES.invalidQuestionId;
  return undefined;
}

const questionId = z.string().trim().min(1).max(100);
const questionText = z
  .string({ error: SURVEY_MESSAGES.questionTextRequired })
  .trim()
  .min(1, { error: SURVEY_MESSAGES.questionTextRequired })
  .max(LIMITS.text, { error: `Question text must be at most ${LIMITS.text} characters` });
const optionText = z.string().max(LIMITS.text, { error: `Options must be at most ${LIMITS.text} characters` });
const optionList = z
  .array(optionText)
  .max(LIMITS.options, { error: `A question can have at most ${LIMITS.options} options` });

export const choiceQuestionSchema = z.object({
  id: questionId,
  text: z.string(),
  type: z.enum(['multiple_choice', 'checkbox']),
  options: z.array(z.string()),
});
export const textQuestionSchema = z.object({
  id: questionId,
  text: z.string(),
  type: z.literal('text'),
  options: z.array(z.string()).max(0),
});
export const ratingQuestionSchema = z.object({
  id: questionId,
  text: z.string(),
  type: z.literal('rating'),
  options: z.array(z.string()),
  ratingScale: ratingScaleSchema,
});
export const questionSchema = z.discriminatedUnion('type', [
  choiceQuestionSchema,
  textQuestionSchema,
  ratingQuestionSchema,
]);
export type Question = z.output<typeof questionSchema>;

// ---------------------------------------------------------------------------
// Questions as the client sends them, normalised on parse: blank options dropped, no options on text
// questions, a rating scale on rating questions only
// ---------------------------------------------------------------------------

const questionInputSchema = z
  .object({
    /** Missing, null or blank: the server generates one. */
    id: z
      .string()
      .trim()
      .superRefine((id, ctx) => {
        const problem = id === '' ? undefined : questionIdProblem(id);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .nullable()
      .optional(),
    text: questionText,
    type: z.enum(questionTypes, { error: 'Question type must be multiple_choice, checkbox, text or rating' }),
    options: optionList.optional().default([]),
    ratingScale: z.unknown().optional(),
  })
  // Each type's module turns the draft into its stored shape (options, rating scale) or says what is wrong.
  .transform((q, ctx) =>
    questionFromDraft(
      { id: q.id ? q.id : undefined, text: q.text, type: q.type, options: q.options, ratingScale: q.ratingScale },
      ctx,
    ),
  );
export type QuestionInput = z.input<typeof questionInputSchema>;
/** A normalised question whose id may still be missing (the server fills it in). */
export type NormalisedQuestionInput = z.output<typeof questionInputSchema>;

/** An http(s) URL, or nothing. Empty strings mean "no image". */
export const brandingImageUrlSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const trimmed = (value ?? '').trim();
    if (trimmed === '') return null;
    if (!isHttpUrl(trimmed) || trimmed.length > LIMITS.url) {
      ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.invalidImageUrl });
      return z.NEVER;
    }
    return trimmed;
  });

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Body of POST /api/surveys and PUT /api/surveys/:id. Keys are declared in the order the form checks
 * them (project name, title, at least one question, image URL), so the first issue reported is the one
 * the client checks first.
 * `projectId` may be sent but is always derived from `projectName`.
 */
export const surveyInputSchema = z
  .object({
    projectName: z
      .string({ error: SURVEY_MESSAGES.projectNameRequired })
      .trim()
      .min(1, { error: SURVEY_MESSAGES.projectNameRequired })
      .max(LIMITS.projectName, { error: `Project name must be at most ${LIMITS.projectName} characters` }),
    title: z
      .string({ error: SURVEY_MESSAGES.titleRequired })
      .trim()
      .min(1, { error: SURVEY_MESSAGES.titleRequired })
      .max(LIMITS.title, { error: `Survey title must be at most ${LIMITS.title} characters` }),
    questions: z
      .array(questionInputSchema, { error: SURVEY_MESSAGES.questionRequired })
      .min(1, { error: SURVEY_MESSAGES.questionRequired })
      .max(LIMITS.questions, { error: `A survey can have at most ${LIMITS.questions} questions` }),
    brandingImageUrl: brandingImageUrlSchema,
    /** Ignored whatever it holds: the server derives it from projectName. */
    projectId: z.unknown().optional(),
  })
  .superRefine((survey, ctx) => {
    const seen = new Set<string>();
    survey.questions.forEach((q, index) => {
      if (!q?.id) return;
      if (seen.has(q.id)) {
        ctx.addIssue({
          code: 'custom',
          message: SURVEY_MESSAGES.duplicateQuestionId,
          path: ['questions', index, 'id'],
        });
      }
      seen.add(q.id);
    });
  })
  .transform((survey) => ({
    projectName: survey.projectName,
    projectId: projectIdFrom(survey.projectName),
    title: survey.title,
    brandingImageUrl: survey.brandingImageUrl,
    questions: survey.questions,
  }));
export type SurveyInput = z.input<typeof surveyInputSchema>;
export type NormalisedSurveyInput = z.output<typeof surveyInputSchema>;

// ---------------------------------------------------------------------------
// State machine: the state changes an owner may make, and an administrator's restore to draft
// ---------------------------------------------------------------------------

/** What an owner may do from each state. */
export const OWNER_TRANSITIONS: Record<SurveyState, readonly SurveyState[]> = {
  draft: ['active', 'deleted'],
  active: ['paused', 'closed'],
  paused: ['active', 'closed'],
  closed: ['deleted'],
  deleted: [],
};
/** What an administrator may do: restore a deleted survey to draft. */
export const ADMIN_TRANSITIONS: Record<SurveyState, readonly SurveyState[]> = {
  draft: [],
  active: [],
  paused: [],
  closed: [],
  deleted: ['draft'],
};

export function canTransition(from: SurveyState, to: SurveyState, role: 'user' | 'admin'): boolean {
  return (role === 'admin' ? ADMIN_TRANSITIONS : OWNER_TRANSITIONS)[from].includes(to);
}

/** Launch and resume both make a survey active, and both count against the limit. */
export function isActivation(from: SurveyState, to: SurveyState): boolean {
  return to === 'active' && from !== 'active';
}

/** The confirmation sent with a successful state change. */
export function stateChangeMessage(from: SurveyState, to: SurveyState): string {
  if (to === 'active') return from === 'paused' ? 'Survey resumed' : 'Survey launched';
  if (to === 'paused') return 'Survey paused';
  if (to === 'closed') return 'Survey closed';
  if (to === 'deleted') return 'Survey deleted';
  return from === 'deleted' ? 'Survey restored to draft' : 'Survey moved to draft';
}

/** The error a refused state change gets: already in that state, an administrator's move, or not a move there is. */
export function transitionRefusal(
  from: SurveyState,
  to: SurveyState,
  role: 'user' | 'admin',
): ErrorDetail & { code: 'SURVEY_ALREADY_IN_STATE' | 'ADMIN_CANNOT_CHANGE_STATE' | 'INVALID_TRANSITION' } {
  const code =
    from === to ? 'SURVEY_ALREADY_IN_STATE' : role === 'admin' ? 'ADMIN_CANNOT_CHANGE_STATE' : 'INVALID_TRANSITION';
  return { ...errorDetail(code, { from, to }), code };
}

/** Edit is offered for draft and active surveys only. */
export function isEditable(state: SurveyState): boolean {
  return state === 'draft' || state === 'active';
}

// ---------------------------------------------------------------------------
// API shapes
// ---------------------------------------------------------------------------

export const surveyIdParamsSchema = z.object({ surveyId: z.string().min(1).max(100) });

export const surveyGeneratorSchema = z.enum(['manual', 'builtin', 'ai']);
export type SurveyGenerator = z.infer<typeof surveyGeneratorSchema>;

export const creatorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const surveySchema = z.object({
  surveyId: z.string(),
  projectId: z.string(),
  userId: z.string(),
  title: z.string(),
  projectName: z.string(),
  brandingImageUrl: z.string().nullable(),
  state: surveyStateSchema,
  questions: z.array(questionSchema),
  generator: surveyGeneratorSchema,
  responseCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  creator: creatorSchema.optional(),
});
export type Survey = z.output<typeof surveySchema>;

export const surveySummarySchema = surveySchema.omit({ questions: true }).extend({
  questionCount: z.number().int(),
});
export type SurveySummary = z.output<typeof surveySummarySchema>;

export const surveyListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  state: surveyStateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
/** The list query once parsed: limit and offset filled in. */
export type ParsedSurveyListQuery = z.output<typeof surveyListQuerySchema>;

export const surveyListResponseSchema = z.object({
  surveys: z.array(surveySummarySchema),
  total: z.number().int(),
});
export type SurveyListResponse = z.output<typeof surveyListResponseSchema>;

export const stateChangeBodySchema = z.object({
  state: surveyStateSchema,
});
export type StateChangeBody = z.input<typeof stateChangeBodySchema>;
export const stateChangeResponseSchema = z.object({ message: z.string(), survey: surveySchema });
export type StateChangeResponse = z.output<typeof stateChangeResponseSchema>;

export const generateSurveyBodySchema = z.object({
  prompt: z
    .string({ error: 'Please describe the survey you want' })
    .trim()
    .min(1, { error: 'Please describe the survey you want' })
    .max(LIMITS.prompt, { error: `The idea must be at most ${LIMITS.prompt} characters` }),
});
export type GenerateSurveyBody = z.input<typeof generateSurveyBodySchema>;

export const imageCheckBodySchema = z.object({
  url: z.string().trim().min(1).max(LIMITS.url),
});
export type ImageCheckBody = z.input<typeof imageCheckBodySchema>;
export const imageCheckResponseSchema = z.object({
  ok: z.boolean(),
  contentType: z.string().nullable(),
  message: z.string().optional(),
});
export type ImageCheckResponse = z.output<typeof imageCheckResponseSchema>;
