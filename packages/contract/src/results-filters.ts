import { z } from 'zod';
import { LOGIC_OPERATORS } from './question-flow';
import { isoInstantSchema, timeZoneSchema } from './time';

// ---------------------------------------------------------------------------
// Filters of the results: GET …/results, GET …/responses and both exports
// ---------------------------------------------------------------------------

export const RESULTS_FILTER_LIMITS = {
  /** Conditions in one filter (all must hold). */
  filters: 20,
  /** Characters of a compared value. */
  value: 500,
  /** Characters of the `filters` query parameter (JSON). */
  queryLength: 16_000,
} as const;

const filterValueError = `value must be a text of at most ${RESULTS_FILTER_LIMITS.value} characters or a number`;

/**
 * "Answered X to Q": the answer to `questionId` meets the condition, with the operators and the comparison of
 * skip logic (`ruleMatches`): `equals` a choice, `includes` a checkbox option, `less_than` a rating, `skipped`, ….
 */
export const answerFilterSchema = z
  .object({
    questionId: z.string().min(1).max(100),
    operator: z.enum(LOGIC_OPERATORS, { error: `operator must be one of ${LOGIC_OPERATORS.join(', ')}` }),
    value: z
      .union([z.string().max(RESULTS_FILTER_LIMITS.value), z.number().finite()], { error: filterValueError })
      .optional(),
  })
  .strict();
export type AnswerFilter = z.infer<typeof answerFilterSchema>;

/** A hidden field of the link equals `value` exactly. */
export const hiddenFieldFilterSchema = z
  .object({
    hiddenField: z.string().min(1).max(64),
    value: z.string().max(RESULTS_FILTER_LIMITS.value),
  })
  .strict();
export type HiddenFieldFilter = z.infer<typeof hiddenFieldFilterSchema>;

/** The response was given in `language` (a code of the survey's languages): the per-language breakdown. */
export const languageFilterSchema = z
  .object({ language: z.string().min(1).max(35, { error: 'language must be a language code' }) })
  .strict();
export type LanguageFilter = z.infer<typeof languageFilterSchema>;

export const resultsFilterConditionSchema = z.union(
  [answerFilterSchema, hiddenFieldFilterSchema, languageFilterSchema],
  { error: 'each filter is { questionId, operator, value }, { hiddenField, value } or { language }' },
);
export type ResultsFilterCondition = AnswerFilter | HiddenFieldFilter | LanguageFilter;

export function isHiddenFieldFilter(condition: ResultsFilterCondition): condition is HiddenFieldFilter {
  return 'hiddenField' in condition;
}

export function isLanguageFilter(condition: ResultsFilterCondition): condition is LanguageFilter {
  return 'language' in condition;
}

const conditionsSchema = z
  .array(resultsFilterConditionSchema)
  .max(RESULTS_FILTER_LIMITS.filters, { error: `At most ${RESULTS_FILTER_LIMITS.filters} filters` });

/** `filters` in a query: a JSON array of conditions. */
const filtersParamSchema = z
  .string()
  .max(RESULTS_FILTER_LIMITS.queryLength, { error: 'filters is too long' })
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.issues.push({ code: 'custom', message: 'filters must be a JSON array', input: text });
      return z.NEVER;
    }
  })
  .pipe(conditionsSchema);

const booleanParamSchema = z
  .enum(['true', 'false'], { error: 'expected true or false' })
  .transform((value) => value === 'true');

const fromBeforeTo = <T extends { from?: string; to?: string }>(q: T) => !q.from || !q.to || q.from <= q.to;
const fromBeforeToError = { error: 'from must not be after to', path: ['to'] };

/**
 * The filter fields every results query takes. `from` is inclusive and `to` exclusive (ISO dates or date-times);
 * `filters` must all hold; `hideFlagged` leaves out responses with any quality flag. None given: every response.
 */
export const resultsFilterFields = {
  from: isoInstantSchema.optional(),
  to: isoInstantSchema.optional(),
  filters: filtersParamSchema.optional(),
  hideFlagged: booleanParamSchema.optional(),
};

/** GET /api/surveys/:surveyId/results?from=&to=&filters=&hideFlagged=&tz= */
export const resultsQuerySchema = z
  .object({ ...resultsFilterFields, tz: timeZoneSchema.optional() })
  .refine(fromBeforeTo, fromBeforeToError);

/** A results filter as the server applies it. */
export interface ResultsFilter {
  from?: string | undefined;
  to?: string | undefined;
  filters?: ResultsFilterCondition[] | undefined;
  hideFlagged?: boolean | undefined;
}

/** Whether the filter leaves any response out (else the counters answer). */
export function isFiltered(filter: ResultsFilter): boolean {
  return Boolean(filter.from || filter.to || filter.filters?.length || filter.hideFlagged);
}

/** The query parameters of a filter (for links and requests); empty for no filter. */
export function resultsFilterParams(filter: ResultsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.filters?.length) params.set('filters', JSON.stringify(filter.filters));
  if (filter.hideFlagged) params.set('hideFlagged', 'true');
  return params;
}

/** The filter in a request body (POST …/results/export-link): the same fields, as JSON values. */
export const resultsFilterBodyFields = {
  from: isoInstantSchema.optional(),
  to: isoInstantSchema.optional(),
  filters: conditionsSchema.optional(),
  hideFlagged: z.boolean({ error: 'hideFlagged must be true or false' }).optional(),
};

export { fromBeforeTo as resultsFromBeforeTo, fromBeforeToError as resultsFromBeforeToError };

// ---------------------------------------------------------------------------
// Quality flags
// ---------------------------------------------------------------------------

/**
 * What may be wrong with a response:
 * - `speeder`: finished in under a third of the survey's median time, once at least 10 responses have a time;
 * - `straightliner`: the same answer to every one of at least four rating, NPS or matrix items (a matrix row is an
 *   item);
 * - `duplicate`: the same non-empty text answers as an earlier response to the same survey.
 */
export const RESPONSE_FLAGS = ['speeder', 'straightliner', 'duplicate'] as const;
export type ResponseFlag = (typeof RESPONSE_FLAGS)[number];

export const QUALITY_RULES = {
  /** A speeder took less than this share of the median completion time. */
  speederShareOfMedian: 1 / 3,
  /** Responses with a completion time needed before anyone is called a speeder. */
  speederMinResponses: 10,
  /** Rating, NPS or matrix items a straightliner answered, all alike. */
  straightlinerMinItems: 4,
} as const;
