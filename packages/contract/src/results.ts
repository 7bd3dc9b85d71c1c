import { z } from 'zod';
import { answerValueSchema, hiddenFieldValuesSchema, type AnswerValue } from './responses';
import {
  RESPONSE_FLAGS,
  resultsFilterBodyFields,
  resultsFilterFields,
  resultsFromBeforeTo,
  resultsFromBeforeToError,
} from './results-filters';
import { questionTypes, ratingScaleSchema, surveyIdParamsSchema, surveyStateSchema } from './surveys';

// ---------------------------------------------------------------------------
// GET /api/surveys/:surveyId/results: title, total, per-question statistics and the newest responses
// ---------------------------------------------------------------------------

export const statisticSchema = z.object({
  answer: z.string(),
  count: z.number().int(),
  /** Share of the responses that answered the question, 0–100, one decimal place. */
  percentage: z.number(),
});
export type Statistic = z.infer<typeof statisticSchema>;

/** A Net Promoter Score: % promoters (9–10) − % detractors (0–6), rounded to a whole number; null while nobody answered. */
export const npsSummarySchema = z.object({
  score: z.number().int().nullable(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
});
export type NpsSummary = z.infer<typeof npsSummarySchema>;

/** The answers to a number question: null figures while nobody answered. */
export const numberSummarySchema = z.object({
  count: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
});
export type NumberSummary = z.infer<typeof numberSummarySchema>;

/** One bar of a histogram: the answers from `from` up to `to` (the last bar includes `to`). */
export const histogramBinSchema = z.object({ from: z.number(), to: z.number(), count: z.number().int() });
export type HistogramBin = z.infer<typeof histogramBinSchema>;

/** The answers to a date question: earliest and latest (null while nobody answered) and counts per month. */
export const dateSummarySchema = z.object({
  earliest: z.string().nullable(),
  latest: z.string().nullable(),
  /** "YYYY-MM", oldest first, months without answers left out. */
  months: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type DateSummary = z.infer<typeof dateSummarySchema>;

/** "Other" texts the owner's results list per question, newest first. */
export const OTHER_TEXTS_LISTED = 50;

export const questionResultSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(questionTypes),
  isDeleted: z.boolean(),
  /** False when the question could be skipped. */
  required: z.boolean(),
  description: z.string().optional(),
  /** How many responses answered this question (the base of every percentage). */
  answeredCount: z.number().int(),
  /** How many responses had this question on their path (answered or skipped): "answered by n of m who saw it". */
  seenCount: z.number().int(),
  /**
   * Choice, dropdown, ranking and NPS questions: every option in option order (zero counts included), then "Other"
   * when it is offered, then answers no longer among the options. Rating questions: every value from min to max,
   * then values outside the scale. Matrix questions: see `rows`. Text, email, number and date questions: empty.
   */
  statistics: z.array(statisticSchema),
  /** Questions that offer "Other": true (its count is the statistic named "Other"; the texts are in `otherTexts`). */
  allowOther: z.boolean().optional(),
  /**
   * The owner's results (GET …/results) of a question that offers "Other": the newest texts given as "Other", newest
   * first, at most OTHER_TEXTS_LISTED, of the responses the filter keeps; `total` is how many of those responses
   * chose "Other" (the "Other" statistic's count): below OTHER_TEXTS_LISTED, as many texts as `total`.
   */
  otherTexts: z.object({ texts: z.array(z.string()), total: z.number().int() }).optional(),
  /** Rating questions only: the mean rating, null while nobody rated. */
  average: z.number().nullable().optional(),
  /** Rating questions only: how many ratings the average is made of. */
  ratingCount: z.number().int().optional(),
  ratingScale: ratingScaleSchema.optional(),
  /** NPS questions only. */
  nps: npsSummarySchema.optional(),
  /** Number questions only, with `histogram`. */
  summary: numberSummarySchema.optional(),
  histogram: z.array(histogramBinSchema).optional(),
  /** Date questions only. */
  dates: dateSummarySchema.optional(),
  /** Ranking questions only: each option's average rank (1 is best), best first. */
  ranking: z.array(z.object({ option: z.string(), averageRank: z.number().nullable() })).optional(),
  /** Matrix questions only: per row, in row order, the count of each column. */
  rows: z.array(z.object({ row: z.string(), statistics: z.array(statisticSchema) })).optional(),
  /**
   * Shared reports only, and only when the owner included text answers: the newest text answers of a text
   * question, or the newest "Other" texts of a question that offers "Other" (up to SHARED_TEXT_ANSWERS).
   */
  textAnswers: z.array(z.string()).optional(),
});
export type QuestionResult = z.output<typeof questionResultSchema>;

/** A stored answer: text, a finite number, or a list of options. */
export function isAnswerValue(value: unknown): value is AnswerValue {
  if (typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/**
 * Question id → answer: an option, a list of options (checkbox), text, or a rating. Checked value by value and
 * passed on as it is, every key kept: a zod record would leave out an answer keyed "__proto__".
 */
export const answersByQuestionSchema = z.custom<Record<string, AnswerValue>>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((answer) => answerValueSchema.safeParse(answer).success),
  { error: 'answers must map question ids to answers' },
);

export const responseFlagSchema = z.enum(RESPONSE_FLAGS);

export const responseRowSchema = z.object({
  responseId: z.string(),
  submittedAt: z.string(),
  answers: answersByQuestionSchema,
  /** The survey's hidden fields this response came with (name → value); absent when none. */
  hiddenFields: hiddenFieldValuesSchema.optional(),
  /** Seconds from opening the survey page to submitting; null when the response came without a visit. */
  durationSeconds: z.number().nullable(),
  /** What may be wrong with the response (see RESPONSE_FLAGS); empty for most. */
  flags: z.array(responseFlagSchema),
  /** The survey language it was answered in (its answers are stored in the default language whatever it was). */
  language: z.string(),
});
export type ResponseRow = z.infer<typeof responseRowSchema>;

// ---------------------------------------------------------------------------
// Funnel and timeline
// ---------------------------------------------------------------------------

/** How far one question got: visits that reached it, and visits that went on from it (to the next or to submit). */
export const dropOffSchema = z.object({
  questionId: z.string(),
  reached: z.number().int(),
  answered: z.number().int(),
});
export type DropOff = z.infer<typeof dropOffSchema>;

/**
 * The public page's funnel, from running counters (never filtered):
 * - `views`: visits (the page was opened: POST …/visits);
 * - `starts`: visits that went on from their first question;
 * - `completions`: visits that ended in a stored response;
 * - `completionRate`: completions ÷ views, 0–100 with one decimal;
 * - `medianCompletionSeconds`: median time from opening the page to submitting; null before any completion;
 * - `dropOff`: per current question, in order.
 */
export const funnelSchema = z.object({
  views: z.number().int(),
  starts: z.number().int(),
  completions: z.number().int(),
  completionRate: z.number(),
  medianCompletionSeconds: z.number().nullable(),
  dropOff: z.array(dropOffSchema),
});
export type Funnel = z.infer<typeof funnelSchema>;

/** Responses per day in the viewer's time zone: `date` is "YYYY-MM-DD", oldest first, days without any left out. */
export const timelineSchema = z.array(z.object({ date: z.string(), count: z.number().int() }));
export type Timeline = z.infer<typeof timelineSchema>;

export const resultsResponseSchema = z.object({
  surveyId: z.string(),
  projectId: z.string(),
  state: surveyStateSchema,
  title: z.string(),
  totalResponses: z.number().int(),
  /** The responses the filter keeps (every response when none is given): the base of the statistics. */
  matchingResponses: z.number().int(),
  /** The time zone `timeline` counts days in (the `tz` parameter, else UTC). */
  timeZone: z.string(),
  timeline: timelineSchema,
  funnel: funnelSchema,
  /** Current questions in order, then deleted ones (`isDeleted: true`). */
  questions: z.array(questionResultSchema),
  /** The hidden field names the survey declares, in order: the table's and the CSV's columns after the questions. */
  hiddenFields: z.array(z.string()),
  /**
   * The survey's languages (default first) with the matching responses given in each: the per-language breakdown.
   * Filter by one with the `{ language }` condition. A survey in one language has one entry.
   */
  languages: z.array(z.object({ language: z.string(), responses: z.number().int() })),
  /** The newest page of the matching responses, newest first. */
  responses: z.array(responseRowSchema),
  /** Pass to GET /api/surveys/:id/responses?cursor= for the next (older) page; null when none. */
  nextCursor: z.string().nullable(),
});
export type ResultsResponse = z.output<typeof resultsResponseSchema>;

// ---------------------------------------------------------------------------
// GET /api/surveys/:surveyId/responses?cursor=&limit= (keyset pages, newest first)
// ---------------------------------------------------------------------------

/** Default and largest page sizes of the response list. */
export const RESPONSES_PAGE = { defaultLimit: 50, maxLimit: 500 } as const;

export const responsesPageQuerySchema = z
  .object({
    ...resultsFilterFields,
    /** The id of the last response of the previous page; the page holds the responses older than it. */
    cursor: z
      .string()
      .max(100, { error: 'Invalid cursor' })
      .regex(/^[0-9a-zA-Z-]+$/, { error: 'Invalid cursor' })
      .optional(),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${RESPONSES_PAGE.maxLimit}` })
      .int({ error: `limit must be a whole number from 1 to ${RESPONSES_PAGE.maxLimit}` })
      .min(1, { error: `limit must be a whole number from 1 to ${RESPONSES_PAGE.maxLimit}` })
      .max(RESPONSES_PAGE.maxLimit, { error: `limit must be a whole number from 1 to ${RESPONSES_PAGE.maxLimit}` })
      .default(RESPONSES_PAGE.defaultLimit),
  })
  .refine(resultsFromBeforeTo, resultsFromBeforeToError);
export const responsesPageSchema = z.object({
  responses: z.array(responseRowSchema),
  nextCursor: z.string().nullable(),
});
export type ResponsesPage = z.infer<typeof responsesPageSchema>;

// ---------------------------------------------------------------------------
// One response: GET and DELETE /api/surveys/:surveyId/responses/:responseId
// ---------------------------------------------------------------------------

export const responseIdParamsSchema = surveyIdParamsSchema.extend({
  responseId: z.string().min(1).max(100),
});

// ---------------------------------------------------------------------------
// Exports: POST …/results/export-link { format }, then GET …/results.csv or …/results.xlsx?token=&(filter)
// ---------------------------------------------------------------------------

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file format (CSV when left out) and the filter the file keeps to (every response when left out). */
export const exportLinkBodySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' }).default('csv'),
    ...resultsFilterBodyFields,
  })
  .refine(resultsFromBeforeTo, resultsFromBeforeToError);
export type ExportLinkBody = z.input<typeof exportLinkBodySchema>;

/** How long a signed download link stays valid. */
export const EXPORT_LINK_TTL_SECONDS = 60;

export const exportLinkResponseSchema = z.object({
  /** Same-origin path with a short-lived signed token; navigate the browser to it to download the CSV. */
  url: z.string(),
  /** ISO time after which the link no longer works. */
  expiresAt: z.string(),
});
export type ExportLinkResponse = z.infer<typeof exportLinkResponseSchema>;

/** GET …/results.csv and …/results.xlsx: the signed link's token (or a bearer token instead) and the filter. */
export const exportQuerySchema = z
  .object({ ...resultsFilterFields, token: z.string().max(2000).optional() })
  .refine(resultsFromBeforeTo, resultsFromBeforeToError);

/** The name of the XLSX export's second sheet. */
export const XLSX_STATISTICS_SHEET = 'Statistics';

// ---------------------------------------------------------------------------
// Live updates: GET …/results/stream (Server-Sent Events, Authorization header)
// ---------------------------------------------------------------------------

/** SSE event names sent by the results stream. */
export const LIVE_EVENTS = {
  /** Sent once when the stream is open: data is `{ surveyId, totalResponses }`. */
  ready: 'ready',
  /** Sent when responses were stored: data is a LiveResultsEvent. */
  response: 'response',
} as const;

export const liveResultsEventSchema = z.object({
  surveyId: z.string(),
  /** The latest stored response the event is about. */
  responseId: z.string().optional(),
  totalResponses: z.number().int(),
});
export type LiveResultsEvent = z.infer<typeof liveResultsEventSchema>;

// ---------------------------------------------------------------------------
// Pure rules shared by the server, the CSV and the screen
// ---------------------------------------------------------------------------

/** Pie charts always use these six colours, in this order. */
export const PIE_COLORS = ['#4f46e5', '#0891b2', '#16a34a', '#ca8a04', '#dc2626', '#9333ea'] as const;

/** Share as a percentage with one decimal place. */
export function percentageOf(count: number, of: number): number {
  return of <= 0 ? 0 : Math.round((count / of) * 1000) / 10;
}

/** A rating average is shown to one decimal place ("–" when there is none). */
export function formatAverage(average: number | null | undefined): string {
  return average === null || average === undefined || !Number.isFinite(average) ? '–' : average.toFixed(1);
}

/** The column label of the n-th question (1-based), as in the CSV and the table: "Q{n}: {text}". */
export function questionLabel(n: number, text: string, isDeleted = false): string {
  return `Q${n}: ${text}${isDeleted ? ' (deleted)' : ''}`;
}

/**
 * An answer as one line of text: checkbox answers joined with "; ", ratings as numbers, nothing as ''. For the
 * screen; the CSV passes it through csvCell, which makes each joined element inert on its own.
 */
export function answerText(value: AnswerValue | null | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join('; ');
  // Nothing, or something that is not an answer: never "[object Object]".
  return '';
}

/**
 * Formula injection. A spreadsheet runs a cell as a formula when it starts with = + - @ (tab and carriage
 * return too, header cells included); one that splits cells on commas, semicolons, tabs or lines on opening
 * the file starts a new cell after each of those. So every point where a formula character begins the cell
 * or follows such a separator (spaces between allowed) gets an apostrophe before it: "ok; =HYPERLINK(…)" is
 * written "ok; '=HYPERLINK(…)", and a text answer "-3" is written "'-3" as a leading "-" always was. Plain
 * text, "a=b" or "a - b", is unchanged.
 */
const FORMULA_POINT = /(^|[,;\t\r\n])( *)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",\r\n]/;
const NEEDS_WORK = /(?:^|[,;\t\r\n]) *[=+\-@\t\r]|[",\r\n]/;

/** CSV: a cell, RFC 4180 quoted, with every formula-looking part made inert by an apostrophe. */
export function csvCell(value: string): string {
  // Most cells need nothing: one test, then out (the export formats millions of cells).
  if (!NEEDS_WORK.test(value)) return value;
  const inert = value.replace(FORMULA_POINT, "$1$2'");
  return NEEDS_QUOTES.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** CSV: one record ending in CRLF (RFC 4180). */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The UTF-8 byte-order mark that lets spreadsheet programs read accents. */
export const CSV_BOM = '\uFEFF';

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** A file name made from a survey title, safe on every file system. */
export function csvFileName(title: string): string {
  return exportFileName(title, 'csv');
}

/** A file name made from a survey title with the export's extension, safe on every file system. */
export function exportFileName(title: string, format: ExportFormat): string {
  const cleaned = title
    .normalize('NFKC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f-\u009f]/g, '')
    // Invisible direction marks and overrides could disguise the extension ("…\u202Ecsv.exe").
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  // Cut by code points so a surrogate pair is never split.
  let safe = Array.from(cleaned)
    .slice(0, 100)
    .join('')
    .replace(/[. ]+$/, '');
  if (WINDOWS_RESERVED.test(safe)) safe = `${safe}-results`;
  return `${safe || 'survey-results'}.${format}`;
}
