import { z } from 'zod';
import { answerValueSchema } from './responses';
import { questionTypes, ratingScaleSchema, surveyStateSchema } from './surveys';

export const statisticSchema = z.object({
  answer: z.string(),
  count: z.number().int(),
  /** Share of the responses that answered the question, 0–100, one decimal place. */
  percentage: z.number(),
});
export type Statistic = z.infer<typeof statisticSchema>;

export const questionResultSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(questionTypes),
  isDeleted: z.boolean(),
  /** How many responses answered this question. */
  answeredCount: z.number().int(),
  statistics: z.array(statisticSchema),
  /** Rating questions only. */
  average: z.number().nullable().optional(),
  ratingCount: z.number().int().optional(),
  ratingScale: ratingScaleSchema.optional(),
});
export type QuestionResult = z.output<typeof questionResultSchema>;

export const responseRowSchema = z.object({
  responseId: z.string(),
  submittedAt: z.string(),
  answers: z.record(z.string(), answerValueSchema),
});
export type ResponseRow = z.infer<typeof responseRowSchema>;

export const resultsResponseSchema = z.object({
  surveyId: z.string(),
  projectId: z.string(),
  state: surveyStateSchema,
  title: z.string(),
  totalResponses: z.number().int(),
  questions: z.array(questionResultSchema),
  /** The newest page of responses, newest first. */
  responses: z.array(responseRowSchema),
  /** Pass to GET /api/surveys/:id/responses?cursor= for the next (older) page; null when none. */
  nextCursor: z.string().nullable(),
});
export type ResultsResponse = z.output<typeof resultsResponseSchema>;

export const responsesPageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type ResponsesPageQuery = z.input<typeof responsesPageQuerySchema>;
export const responsesPageSchema = z.object({
  responses: z.array(responseRowSchema),
  nextCursor: z.string().nullable(),
});
export type ResponsesPage = z.infer<typeof responsesPageSchema>;

export const RESULTS_MESSAGES = {
  fetchFailed: 'Failed to fetch results',
  noResults: 'No results found',
} as const;

/** Six fixed pie colours (section 9). */
export const PIE_COLORS = ['#4f46e5', '#0891b2', '#16a34a', '#ca8a04', '#dc2626', '#9333ea'] as const;

/** Share as a percentage with one decimal place. */
export function percentageOf(count: number, of: number): number {
  return of === 0 ? 0 : Math.round((count / of) * 1000) / 10;
}

/** A rating average to one decimal place (section 9). */
export function formatAverage(average: number | null | undefined): string {
  return average === null || average === undefined ? '–' : average.toFixed(1);
}

/** CSV: a cell, RFC 4180 quoted, with formula-looking text made inert. */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A file name made from a survey title, safe on every file system. */
export function csvFileName(title: string): string {
  const safe = title
    .normalize('NFKC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${safe || 'survey-results'}.csv`;
}
