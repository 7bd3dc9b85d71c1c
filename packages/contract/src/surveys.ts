import { z } from 'zod';

// ---------------------------------------------------------------------------
// Constants and pure rules (sections 3, 4, 9)
// ---------------------------------------------------------------------------

export const questionTypes = ['multiple_choice', 'checkbox', 'text', 'rating'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: 'Multiple choice',
  checkbox: 'Checkboxes',
  text: 'Text',
  rating: 'Rating',
};

export const surveyStates = ['draft', 'active', 'paused', 'closed', 'deleted'] as const;
export type SurveyState = z.infer<typeof surveyStateSchema>;
export const surveyStateSchema = z.enum(surveyStates);

/** Maximum active surveys per user (section 9). */
export const MAX_ACTIVE_SURVEYS = 2;

export const LIMITS = {
  projectName: 200,
  title: 200,
  questions: 100,
  options: 50,
  text: 1000,
  textAnswer: 5000,
  url: 2048,
  prompt: 2000,
} as const;

export const SURVEY_MESSAGES = {
  projectNameRequired: 'Project name is required',
  titleRequired: 'Survey title is required',
  questionRequired: 'At least one question is required',
  invalidImageUrl: 'Please provide a valid image URL',
  questionTextRequired: 'Question text is required',
  optionRequired: 'Each choice question needs at least one option',
  duplicateQuestionId: 'Question ids must be unique within a survey',
  invalidQuestionId: 'Question ids may only contain letters, digits, "-" and "_", at most 64 characters',
  reservedQuestionId: 'Question ids cannot be "__proto__", "constructor" or "prototype"',
  activeLimit: 'Maximum active surveys limit reached',
  writeRateLimited: 'You are saving surveys too quickly. Please wait a minute and try again.',
  notFound: 'Survey not found',
  notEditable: 'Only draft and active surveys can be edited',
  adminCannotCreate: 'Administrators cannot create surveys',
  adminCannotEdit: 'Administrators cannot edit surveys',
  created: 'Survey created successfully and saved as draft',
  updated: 'Survey updated successfully',
} as const;

/** Why a new survey is refused when the account already holds `max` surveys that are not deleted. */
export function surveyLimitMessage(max: number): string {
  return `You have reached the limit of ${max.toLocaleString('en-US')} surveys. Delete surveys you no longer need to create new ones.`;
}

/** Section 3: lowercase, trim, runs of whitespace to one hyphen. */
export function projectIdFrom(projectName: string): string {
  return projectName.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The public link of a survey (section 2). */
export function publicSurveyPath(projectId: string, surveyId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/surveys/${encodeURIComponent(surveyId)}`;
}

// ---------------------------------------------------------------------------
// Rating scales
// ---------------------------------------------------------------------------

/** A rating scale as stored and answered (section 3). */
export const ratingScaleSchema = z.object({
  min: z.number().int(),
  max: z.number().int(),
  labels: z.record(z.string(), z.string()),
});
export type RatingScale = z.output<typeof ratingScaleSchema>;

/**
 * A rating scale as a client sends it: the 1–5 or 1–10 preset. Labels are trimmed, keyed by the
 * plain number ("05" → "5"), kept only within range; when none are sent the preset's labels apply.
 */
export const ratingScaleInputSchema = z
  .object({
    min: z.literal(1, { error: 'Rating scales start at 1' }),
    max: z.union([z.literal(5), z.literal(10)], { error: 'Rating scales go to 5 or to 10' }),
    labels: z
      .record(
        z.string().regex(/^\d{1,3}$/, { error: 'Rating labels are keyed by their value' }),
        z.string().trim().max(100, { error: 'Rating labels must be at most 100 characters' }),
        // A key that is not a value ("constructor", "1a") is refused with this message, not zod's generic one.
        { error: (issue) => (issue.code === 'invalid_key' ? 'Rating labels are keyed by their value' : undefined) },
      )
      .optional(),
  })
  .transform((scale): RatingScale => {
    if (scale.labels === undefined) {
      const preset = RATING_PRESETS[scale.max];
      return { min: preset.min, max: preset.max, labels: { ...preset.labels } };
    }
    const labels: Record<string, string> = {};
    for (const [key, label] of Object.entries(scale.labels)) {
      const value = Number(key);
      if (label !== '' && value >= scale.min && value <= scale.max) labels[String(value)] = label;
    }
    return { min: scale.min, max: scale.max, labels };
  });

export const FIVE_POINT_SCALE: RatingScale = {
  min: 1,
  max: 5,
  labels: { '1': 'Very Poor', '2': 'Poor', '3': 'Average', '4': 'Good', '5': 'Excellent' },
};
export const TEN_POINT_SCALE: RatingScale = {
  min: 1,
  max: 10,
  labels: { '1': 'Extremely Poor', '5': 'Average', '10': 'Excellent' },
};
export const RATING_PRESETS = { 5: FIVE_POINT_SCALE, 10: TEN_POINT_SCALE } as const;

/** Options of a rating question: the numbers from min to max as strings. */
export function ratingOptions(scale: Pick<RatingScale, 'min' | 'max'>): string[] {
  const options: string[] = [];
  for (let value = scale.min; value <= scale.max; value += 1) options.push(String(value));
  return options;
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
export type ChoiceQuestion = z.output<typeof choiceQuestionSchema>;
export type RatingQuestion = z.output<typeof ratingQuestionSchema>;

// ---------------------------------------------------------------------------
// Questions as the client sends them, normalised on parse (section 5 "On save")
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
  .transform((q, ctx) => {
    const id = q.id ? q.id : undefined;
    if (q.type === 'text') return { id, text: q.text, type: q.type, options: [] as string[] };
    if (q.type === 'rating') {
      const scale = ratingScaleInputSchema.safeParse(q.ratingScale ?? FIVE_POINT_SCALE);
      if (!scale.success) {
        for (const issue of scale.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['ratingScale', ...issue.path] });
        }
        return z.NEVER;
      }
      return {
        id,
        text: q.text,
        type: q.type,
        options: ratingOptions(scale.data),
        ratingScale: scale.data,
      };
    }
    const options = q.options.map((o) => o.trim()).filter((o) => o !== '');
    if (options.length === 0) {
      ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.optionRequired, path: ['options'] });
      return z.NEVER;
    }
    if (new Set(options).size !== options.length) {
      ctx.addIssue({ code: 'custom', message: 'Options of a question must be different', path: ['options'] });
      return z.NEVER;
    }
    return { id, text: q.text, type: q.type, options };
  });
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
 * Body of POST /api/surveys and PUT /api/surveys/:id. Keys are declared in the order of
 * section 5 so the first issue reported is the one the client checks first.
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

/** Gives every question without an id a fresh one. */
export function withQuestionIds(questions: readonly NormalisedQuestionInput[], newId: () => string): Question[] {
  return questions.map((q) => ({ ...q, id: q.id ?? newId() }) as Question);
}

// ---------------------------------------------------------------------------
// State machine (section 4)
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

export function canLaunchMore(activeCount: number): boolean {
  return activeCount < MAX_ACTIVE_SURVEYS;
}

/** The confirmation sent with a successful state change. */
export function stateChangeMessage(from: SurveyState, to: SurveyState): string {
  if (to === 'active') return from === 'paused' ? 'Survey resumed' : 'Survey launched';
  if (to === 'paused') return 'Survey paused';
  if (to === 'closed') return 'Survey closed';
  if (to === 'deleted') return 'Survey deleted';
  return from === 'deleted' ? 'Survey restored to draft' : 'Survey moved to draft';
}

const STATE_ARTICLE: Record<SurveyState, string> = {
  draft: 'a draft',
  active: 'an active',
  paused: 'a paused',
  closed: 'a closed',
  deleted: 'a deleted',
};

/** Why a state change is refused, e.g. "Cannot change a closed survey to active". */
export function transitionRefusalMessage(from: SurveyState, to: SurveyState, role: 'user' | 'admin'): string {
  if (from === to) return `The survey is already ${to}`;
  if (role === 'admin') return 'Administrators can only restore deleted surveys to draft';
  return `Cannot change ${STATE_ARTICLE[from]} survey to ${to}`;
}

/** Edit is offered for draft and active surveys (section 4). */
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
export type SurveyListQuery = z.input<typeof surveyListQuerySchema>;
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
