import { z } from 'zod';
import { errorDetail, type ErrorDetail } from './error-messages';
import { LOGIC_END, LOGIC_OPERATORS, logicOperatorsFor, type LogicOperator, type LogicRule } from './question-flow';
import { questionFromDraft } from './question-types';
import { questionTypeIs } from './question-types/families';
import { isIsoDate, parseDecimal } from './question-rules';
import { ratingScaleSchema } from './rating-scale';
import { settingsProblem, surveySettingsInputShape, surveySettingsShape } from './survey-settings';
import { surveyLanguagesInputShape, surveyTranslationsSchema, translationsProblem } from './survey-translations';
import { NAME_MESSAGES, namedTextSchema } from './named-text';
import { isHttpUrl } from './urls';
import { personSchema, workspaceRoleSchema } from './workspaces';
import {
  LIMITS,
  questionTypes,
  SURVEY_MESSAGES,
  surveyStateSchema,
  type QuestionType,
  type SurveyState,
} from './survey-constants';

export * from './survey-constants';
export * from './rating-scale';
export * from './survey-settings';
export * from './survey-translations';
export { isHttpUrl, isSafeRedirectUrl } from './urls';

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
/**
 * Names that mean something to every JavaScript object, and "end" (where a skip-logic rule may send a respondent):
 * never a question id, whatever the pattern allows.
 */
export const RESERVED_QUESTION_IDS: readonly string[] = ['__proto__', 'constructor', 'prototype', LOGIC_END];

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
// Dropdowns hold the longest lists; every other type's module keeps to LIMITS.options.
const optionList = z
  .array(optionText)
  .max(LIMITS.dropdownOptions, { error: `A question can have at most ${LIMITS.dropdownOptions} options` });

/** A skip-logic rule as stored (see `LogicRule` in question-flow.ts). */
export const logicRuleSchema = z.object({
  when: z.object({ operator: z.enum(LOGIC_OPERATORS), value: z.union([z.string(), z.number()]).optional() }),
  goTo: z.string(),
});

/**
 * What every stored question has. `required` absent means true: every question saved before it existed, and the
 * specification's behaviour (read it with `isRequired`).
 */
const sharedQuestionFields = {
  id: questionId,
  text: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  logic: z.array(logicRuleSchema).optional(),
};
const optionFlags = { allowOther: z.boolean().optional(), randomizeOptions: z.boolean().optional() };

export const choiceQuestionSchema = z.object({
  ...sharedQuestionFields,
  type: z.enum(['multiple_choice', 'checkbox', 'dropdown']),
  options: z.array(z.string()),
  ...optionFlags,
});
/** The choice types (multiple choice, checkbox, dropdown): options as they are, "Other" and a shuffled order on offer. */
export type ChoiceType = z.output<typeof choiceQuestionSchema>['type'];
export const textQuestionSchema = z.object({
  ...sharedQuestionFields,
  type: z.enum(['text', 'email']),
  options: z.array(z.string()).max(0),
});
export const ratingQuestionSchema = z.object({
  ...sharedQuestionFields,
  type: z.literal('rating'),
  options: z.array(z.string()),
  ratingScale: ratingScaleSchema,
});
export const npsQuestionSchema = z.object({
  ...sharedQuestionFields,
  type: z.literal('nps'),
  options: z.array(z.string()),
});
export const numberQuestionSchema = z.object({
  ...sharedQuestionFields,
  type: z.literal('number'),
  options: z.array(z.string()).max(0),
  numberRange: z
    .object({ min: z.number().optional(), max: z.number().optional(), step: z.number().optional() })
    .optional(),
});
export const dateQuestionSchema = z.object({
  ...sharedQuestionFields,
  type: z.literal('date'),
  options: z.array(z.string()).max(0),
  dateRange: z.object({ min: z.string().optional(), max: z.string().optional() }).optional(),
});
export const rankingQuestionSchema = z.object({
  ...sharedQuestionFields,
  type: z.literal('ranking'),
  options: z.array(z.string()),
  randomizeOptions: z.boolean().optional(),
});
export const matrixQuestionSchema = z.object({
  ...sharedQuestionFields,
  type: z.literal('matrix'),
  /** The columns: the one scale every row is answered on. */
  options: z.array(z.string()),
  rows: z.array(z.string()),
  randomizeOptions: z.boolean().optional(),
});
export const questionSchema = z.discriminatedUnion('type', [
  choiceQuestionSchema,
  textQuestionSchema,
  ratingQuestionSchema,
  npsQuestionSchema,
  numberQuestionSchema,
  dateQuestionSchema,
  rankingQuestionSchema,
  matrixQuestionSchema,
]);
export type Question = z.output<typeof questionSchema>;

// ---------------------------------------------------------------------------
// Questions as the client sends them, normalised on parse: blank options dropped, no options on text
// questions, each type's own fields on that type only
// ---------------------------------------------------------------------------

const logicRuleInputSchema = z.object({
  when: z.object({
    operator: z.enum(LOGIC_OPERATORS, { error: `A rule's condition must be one of ${LOGIC_OPERATORS.join(', ')}` }),
    value: z
      .union([z.string().trim().max(LIMITS.text), z.number().finite()], {
        error: "A rule's value must be text or a number",
      })
      .nullable()
      .optional(),
  }),
  goTo: z
    .string({ error: SURVEY_MESSAGES.logicTargetMissing })
    .trim()
    .min(1, { error: SURVEY_MESSAGES.logicTargetMissing })
    .max(100, { error: SURVEY_MESSAGES.logicTargetMissing }),
});

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
    type: z.enum(questionTypes, { error: `Question type must be one of ${questionTypes.join(', ')}` }),
    required: z.boolean({ error: 'required must be true or false' }).optional().default(true),
    description: z
      .string({ error: SURVEY_MESSAGES.descriptionTooLong })
      .trim()
      .max(LIMITS.description, { error: SURVEY_MESSAGES.descriptionTooLong })
      .nullable()
      .optional(),
    options: optionList.optional().default([]),
    ratingScale: z.unknown().optional(),
    allowOther: z.boolean({ error: 'allowOther must be true or false' }).optional(),
    randomizeOptions: z.boolean({ error: 'randomizeOptions must be true or false' }).optional(),
    numberRange: z.unknown().optional(),
    dateRange: z.unknown().optional(),
    rows: z
      .array(z.string().max(LIMITS.text, { error: `Rows must be at most ${LIMITS.text} characters` }))
      .max(LIMITS.matrixRows, { error: SURVEY_MESSAGES.matrixTooManyRows })
      .optional(),
    logic: z.array(logicRuleInputSchema).max(LIMITS.logicRules, { error: SURVEY_MESSAGES.logicTooMany }).optional(),
  })
  // Each type's module turns the draft into its stored shape (options, rating scale, ranges, rows) or says what
  // is wrong; the fields every type shares are set around it.
  .transform((q, ctx) => {
    if (q.allowOther && !questionTypeIs(q.type, 'allowsOther')) {
      ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.otherNotOffered, path: ['allowOther'] });
      return z.NEVER;
    }
    if (q.randomizeOptions && !questionTypeIs(q.type, 'randomizable')) {
      ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.randomizeNotOffered, path: ['randomizeOptions'] });
      return z.NEVER;
    }
    const typed = questionFromDraft(
      {
        id: q.id ? q.id : undefined,
        text: q.text,
        type: q.type,
        options: q.options,
        ratingScale: q.ratingScale,
        allowOther: q.allowOther,
        randomizeOptions: q.randomizeOptions,
        numberRange: q.numberRange,
        dateRange: q.dateRange,
        rows: q.rows,
      },
      ctx,
    );
    if ((typed as unknown) === z.NEVER) return z.NEVER;
    return {
      ...typed,
      required: q.required,
      ...(q.description ? { description: q.description } : {}),
      ...(q.logic && q.logic.length > 0
        ? {
            logic: q.logic.map((rule): LogicRule => ({
              when: logicCondition(q.type, rule.when.operator, rule.when.value ?? undefined),
              goTo: rule.goTo,
            })),
          }
        : {}),
    };
  });
export type QuestionInput = z.input<typeof questionInputSchema>;
/** A normalised question whose id may still be missing (the server fills it in). */
export type NormalisedQuestionInput = z.output<typeof questionInputSchema>;

/** A rule's condition as stored: numbers for numeric types, no value for answered and skipped. */
function logicCondition(type: QuestionType, operator: LogicOperator, value: string | number | undefined) {
  if (operator === 'answered' || operator === 'skipped' || value === undefined || value === '') return { operator };
  if (questionTypeIs(type, 'numeric')) {
    const number = typeof value === 'number' ? value : parseDecimal(value);
    return number === undefined ? { operator, value } : { operator, value: number };
  }
  return { operator, value: String(value) };
}

/**
 * What is wrong with one rule of the question at `index`, or undefined: a condition that fits the question's type,
 * a value where the condition needs one (an option of choice questions, a number for numeric ones, a date for
 * dates), no "skipped" on a required question, and a target that is a later question or the end.
 */
export function logicRuleProblem(
  questions: ReadonlyArray<Pick<NormalisedQuestionInput, 'id' | 'type' | 'options' | 'required'>>,
  index: number,
  rule: LogicRule,
): { message: string; path: Array<string> } | undefined {
  const question = questions[index]!;
  const { operator, value } = rule.when;
  if (!logicOperatorsFor(question.type).includes(operator)) {
    return { message: SURVEY_MESSAGES.logicOperatorNotForType, path: ['when', 'operator'] };
  }
  if (operator === 'skipped' && question.required) {
    return { message: SURVEY_MESSAGES.logicSkippedRequired, path: ['when', 'operator'] };
  }
  if (operator !== 'answered' && operator !== 'skipped') {
    if (value === undefined || value === '')
      return { message: SURVEY_MESSAGES.logicValueRequired, path: ['when', 'value'] };
    if (questionTypeIs(question.type, 'choice') && !question.options.includes(String(value))) {
      return { message: SURVEY_MESSAGES.logicValueNotAnOption, path: ['when', 'value'] };
    }
    if (questionTypeIs(question.type, 'numeric') && typeof value !== 'number') {
      return { message: SURVEY_MESSAGES.logicValueNotANumber, path: ['when', 'value'] };
    }
    if (questionTypeIs(question.type, 'date') && !isIsoDate(String(value))) {
      return { message: 'Dates are written YYYY-MM-DD', path: ['when', 'value'] };
    }
  }
  if (rule.goTo === LOGIC_END) return undefined;
  const target = questions.findIndex((q) => q.id === rule.goTo);
  if (target < 0) return { message: SURVEY_MESSAGES.logicTargetMissing, path: ['goTo'] };
  if (target <= index) return { message: SURVEY_MESSAGES.logicTargetBackwards, path: ['goTo'] };
  return undefined;
}

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

/**
 * Body of POST /api/surveys and PUT /api/surveys/:id. Keys are declared in the order the form checks
 * them (project name, title, at least one question, image URL), so the first issue reported is the one
 * the client checks first.
 * `projectId` may be sent but is always derived from `projectName`.
 */
export const surveyInputSchema = z
  .object({
    projectName: namedTextSchema(LIMITS.projectName, {
      required: SURVEY_MESSAGES.projectNameRequired,
      tooLong: `Project name must be at most ${LIMITS.projectName} characters`,
      forbidden: NAME_MESSAGES.projectNameControlCharacters,
    }),
    title: namedTextSchema(LIMITS.title, {
      required: SURVEY_MESSAGES.titleRequired,
      tooLong: `Survey title must be at most ${LIMITS.title} characters`,
      forbidden: NAME_MESSAGES.titleControlCharacters,
    }),
    questions: z
      .array(questionInputSchema, { error: SURVEY_MESSAGES.questionRequired })
      .min(1, { error: SURVEY_MESSAGES.questionRequired })
      .max(LIMITS.questions, { error: `A survey can have at most ${LIMITS.questions} questions` }),
    brandingImageUrl: brandingImageUrlSchema,
    ...surveySettingsInputShape,
    ...surveyLanguagesInputShape,
    /** Ignored whatever it holds: the server derives it from projectName. */
    projectId: z.unknown().optional(),
    /**
     * Create only: the workspace the survey is made in (default: the caller's personal workspace). A save
     * (`PUT`) ignores it: a survey stays in its workspace.
     */
    workspaceId: z.string().min(1).max(100).optional(),
    /**
     * Save only: the `version` the editor loaded. When the survey has changed since (someone else saved it), the
     * save is refused with 409 SURVEY_VERSION_CONFLICT and changes nothing. Without it a save is not checked.
     */
    version: z.number({ error: 'version must be a whole number' }).int().min(1).optional(),
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
    // Skip logic: each rule fits its question and goes forward (so a path always ends).
    survey.questions.forEach((q, index) => {
      q?.logic?.forEach((rule, ruleIndex) => {
        const problem = logicRuleProblem(survey.questions, index, rule);
        if (problem) {
          ctx.addIssue({
            code: 'custom',
            message: problem.message,
            path: ['questions', index, 'logic', ruleIndex, ...problem.path],
          });
        }
      });
    });
  })
  .superRefine((survey, ctx) => {
    const problem = settingsProblem(survey);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  })
  .superRefine((survey, ctx) => {
    const problem = translationsProblem(survey.defaultLanguage, survey.translations, survey.questions);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  })
  .transform((survey) => ({
    projectName: survey.projectName,
    projectId: projectIdFrom(survey.projectName),
    title: survey.title,
    brandingImageUrl: survey.brandingImageUrl,
    questions: survey.questions,
    opensAt: survey.opensAt,
    closesAt: survey.closesAt,
    responseLimit: survey.responseLimit,
    oneResponsePerBrowser: survey.oneResponsePerBrowser,
    hiddenFields: survey.hiddenFields,
    welcome: survey.welcome,
    thankYou: survey.thankYou,
    notifications: survey.notifications,
    defaultLanguage: survey.defaultLanguage,
    translations: survey.translations,
    workspaceId: survey.workspaceId,
    version: survey.version,
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

/**
 * Whether a survey's closing time has passed at `now`: from `closesAt` on it takes no response. Both are ISO UTC
 * date-times as the server stores them (`toISOString`, one fixed width), so they compare as text, the same way the
 * database compares them.
 */
export function pastClosingTime(closesAt: string | null | undefined, now: string): boolean {
  return typeof closesAt === 'string' && closesAt !== '' && now >= closesAt;
}

/**
 * The state a survey is in at `now`: an active survey whose closing time has passed is closed at once, whether or
 * not the periodic close has stored that yet (it only writes what every read already shows). Any other state is
 * as stored. The database's counts and list filters say the same in SQL (surveys.repository's `stateIs`).
 */
export function effectiveState(state: SurveyState, closesAt: string | null | undefined, now: string): SurveyState {
  return state === 'active' && pastClosingTime(closesAt, now) ? 'closed' : state;
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
  /** The workspace the survey belongs to (a personal workspace's id is its owner's id). */
  workspaceId: z.string(),
  /** Who made it; null once their account is deleted. */
  createdBy: personSchema.nullable(),
  /** Who saved it last; null until someone saves it after creating it, or once their account is deleted. */
  updatedBy: personSchema.nullable(),
  /** Goes up by one with every save; a save that names an older one is refused (409 SURVEY_VERSION_CONFLICT). */
  version: z.number().int(),
  /** The caller's role in the survey's workspace; null for an administrator who is not a member. */
  role: workspaceRoleSchema.nullable(),
  ...surveySettingsShape,
  /** The language the author writes in ("en" for surveys made before languages). */
  defaultLanguage: z.string(),
  /** The survey's other languages: code → translation ({} when it has none). */
  translations: surveyTranslationsSchema,
});
export type Survey = z.output<typeof surveySchema>;

export const surveySummarySchema = surveySchema.omit({ questions: true, translations: true }).extend({
  questionCount: z.number().int(),
});
export type SurveySummary = z.output<typeof surveySummarySchema>;

/** How the survey list is sorted: by creation (newest first by default), title or response count. */
export const SURVEY_SORTS = ['created', 'title', 'responses'] as const;
export type SurveySort = (typeof SURVEY_SORTS)[number];

export const surveyListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  state: surveyStateSchema.optional(),
  sort: z.enum(SURVEY_SORTS, { error: `sort must be one of ${SURVEY_SORTS.join(', ')}` }).default('created'),
  /** Defaults to desc for created and responses, asc for title. */
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /**
   * The workspace to list (the caller must be a member). Default: the caller's personal workspace; for an
   * administrator, every survey.
   */
  workspaceId: z.string().min(1).max(100).optional(),
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
  /** The workspace the draft is made in (default: the caller's personal workspace); editors and owners only. */
  workspaceId: z.string().min(1).max(100).optional(),
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
