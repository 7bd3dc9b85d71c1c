import { FIVE_POINT_SCALE, RATING_PRESETS, ratingOptions, type RatingScale } from '@quorum/contract';
import type { ServerQuestionType } from './types';
import { listedStatistics, optionsFrom, parseJson } from './shared';

/** A stored scale; an unreadable one reads as the 1–5 preset, the scale a question gets when its author sends none. */
function ratingScaleFrom(text: string | null): RatingScale {
  const scale = parseJson(text) as Partial<RatingScale> | null | undefined;
  if (!scale || typeof scale !== 'object' || !Number.isInteger(scale.min) || !Number.isInteger(scale.max)) {
    return { ...FIVE_POINT_SCALE, labels: { ...FIVE_POINT_SCALE.labels } };
  }
  const labels = scale.labels && typeof scale.labels === 'object' ? scale.labels : {};
  return { min: scale.min!, max: scale.max!, labels };
}

/** Every value of the scale counts, and the sum of ratings gives the average. */
export const rating: ServerQuestionType<'rating'> = {
  toRow: (q) => ({ options: JSON.stringify(q.options), rating_scale: JSON.stringify(q.ratingScale), settings: null }),
  fromRow: (row) => ({
    id: row.id,
    text: row.text,
    type: 'rating',
    options: optionsFrom(row.options),
    ratingScale: ratingScaleFrom(row.rating_scale),
  }),
  // Another scale changes what each stored number means.
  keepsAnswers: (before, after) =>
    before.ratingScale.min === after.ratingScale.min && before.ratingScale.max === after.ratingScale.max,
  countAnswer(_q, value, count) {
    count(String(value));
    return Number(value);
  },
  results: (q, counts, statistic) => ({
    statistics: listedStatistics(ratingOptions(q.ratingScale), counts.byAnswer, statistic),
    average: counts.answered > 0 ? counts.ratingSum / counts.answered : null,
    ratingCount: counts.answered,
    ratingScale: q.ratingScale,
  }),
  // A model's 1–5 or 1–10 scale becomes the contract's preset, with its labels.
  modelFields(q) {
    const scale = q.ratingScale ?? q.rating_scale;
    if (scale === null || scale === undefined) return {};
    const { min, max } = typeof scale === 'object' ? (scale as Record<string, unknown>) : {};
    return { ratingScale: min === 1 && (max === 5 || max === 10) ? RATING_PRESETS[max] : scale };
  },
};
