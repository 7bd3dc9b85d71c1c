import { z } from 'zod';
import { resultsFilterFields, resultsFromBeforeTo, resultsFromBeforeToError } from './results-filters';

// ---------------------------------------------------------------------------
// GET /api/surveys/:surveyId/results/insights?questionId=&(filter): themes and sentiment of free-text answers
// ---------------------------------------------------------------------------

/**
 * What one insight reads at most: the newest `answers` texts, and of them no more than `textBytes` of text (UTF-8)
 * together; and the themes and examples it returns at most.
 */
export const INSIGHTS_LIMITS = { answers: 5_000, textBytes: 2 * 1024 * 1024, themes: 12, examples: 3 } as const;

export const insightsQuerySchema = z
  .object({ ...resultsFilterFields, questionId: z.string().min(1).max(100) })
  .refine(resultsFromBeforeTo, resultsFromBeforeToError);

/**
 * A theme: a key phrase (or, with an AI provider, a name for merged phrases), how many answers mention it, a few
 * of them, and `terms`: the lower-case words that put an answer in this theme (for highlighting and filtering the
 * answers on screen).
 */
export const insightThemeSchema = z.object({
  label: z.string(),
  count: z.number().int(),
  examples: z.array(z.string()),
  terms: z.array(z.string()),
});
export type InsightTheme = z.infer<typeof insightThemeSchema>;

export const insightsResponseSchema = z.object({
  questionId: z.string(),
  /** The answers read: the newest INSIGHTS_LIMITS.answers at most of the text (or "Other") answers kept by the filter. */
  answerCount: z.number().int(),
  /**
   * The sample read: `analysed` answers (the same as `answerCount`), the newest of `total` text answers the filter
   * keeps (counted in the newest 50,000 responses at most); `truncated` when a limit of INSIGHTS_LIMITS left some
   * unread.
   */
  sample: z.object({ analysed: z.number().int(), total: z.number().int(), truncated: z.boolean() }),
  /** Most mentioned first. */
  themes: z.array(insightThemeSchema),
  /** How many of the answers read are positive, neutral or negative. */
  sentiment: z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
  /** Who named the themes: the built-in language model, or the configured AI provider. */
  source: z.enum(['builtin', 'ai']),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
