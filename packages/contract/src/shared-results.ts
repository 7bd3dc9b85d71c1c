import { z } from 'zod';
import { funnelSchema, questionResultSchema, timelineSchema } from './results';
import { surveyStateSchema } from './surveys';
import { timeZoneSchema } from './time';

// ---------------------------------------------------------------------------
// A read-only report anyone with its link may open: POST/GET/DELETE /api/surveys/:surveyId/results/share,
// GET /api/shared/results/:token, and the page /shared/results/:token
// ---------------------------------------------------------------------------

/** Text answers a shared report shows per question, newest first, when the owner includes them. */
export const SHARED_TEXT_ANSWERS = 50;

/** POST …/results/share: make (or update) the survey's shared report. */
export const shareResultsBodySchema = z
  .object({
    /** Show text answers and "Other" texts (never email answers). Off when left out. */
    includeTextAnswers: z.boolean({ error: 'includeTextAnswers must be true or false' }).default(false),
  })
  .strict();
export type ShareResultsBody = z.input<typeof shareResultsBodySchema>;

/**
 * The survey's shared report: its link (the same one until it is revoked), whether it shows text answers, and
 * since when it is shared.
 */
export const resultsShareSchema = z.object({
  /** Same-origin path of the report page: /shared/results/:token. */
  url: z.string(),
  includeTextAnswers: z.boolean(),
  createdAt: z.string(),
});
export type ResultsShare = z.infer<typeof resultsShareSchema>;

/** GET …/results/share: the share, or null while the results are not shared. */
export const resultsShareStatusSchema = z.object({ share: resultsShareSchema.nullable() });
export type ResultsShareStatus = z.infer<typeof resultsShareStatusSchema>;

export const sharedResultsParamsSchema = z.object({
  token: z.string().min(1).max(200),
});

/** GET /api/shared/results/:token?tz=: the viewer's time zone for the timeline (UTC when left out). */
export const sharedResultsQuerySchema = z.object({ tz: timeZoneSchema.optional() });

/**
 * GET /api/shared/results/:token?tz=: statistics, charts and funnel, never individual responses; text answers
 * (`textAnswers` of each question) only when the owner included them. A revoked or unknown token is 404.
 */
export const sharedResultsSchema = z.object({
  title: z.string(),
  state: surveyStateSchema,
  totalResponses: z.number().int(),
  includeTextAnswers: z.boolean(),
  timeZone: z.string(),
  timeline: timelineSchema,
  funnel: funnelSchema,
  /** The owner's `otherTexts` never: "Other" texts are in `textAnswers`, only when the owner included them. */
  questions: z.array(questionResultSchema.omit({ otherTexts: true })),
  /** When the report was read (ISO). */
  generatedAt: z.string(),
});
export type SharedResults = z.output<typeof sharedResultsSchema>;

/** How often the shared report page asks again, for live numbers. */
export const SHARED_RESULTS_REFRESH_SECONDS = 10;
