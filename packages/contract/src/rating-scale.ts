import { z } from 'zod';
import { RATING_PRESETS } from './rating-presets';

// ---------------------------------------------------------------------------
// Rating scales
// ---------------------------------------------------------------------------

/** A rating scale as stored and answered: min, max and labels keyed by value. */
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

// The presets and the options of a scale live in a zod-free module, which the public survey page imports.
export { FIVE_POINT_SCALE, TEN_POINT_SCALE, RATING_PRESETS, ratingOptions } from './rating-presets';
