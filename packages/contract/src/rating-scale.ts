import { z } from 'zod';

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
