import { FIVE_POINT_SCALE, isJsonObject, RATING_PRESETS, ratingOptions, type RatingScale } from '@quorum/contract';
import type { ServerQuestionType } from './types';
import { listedStatistics, optionsFrom, parseJson } from './shared';

/** A stored scale; an unreadable one reads as the 1–5 preset, the scale a question gets when its author sends none. */
function ratingScaleFrom(text: string | null): RatingScale {
  const scale = parseJson(text);
  const { min, max, labels } = isJsonObject(scale) ? scale : {};
  if (!isInteger(min) || !isInteger(max)) return { ...FIVE_POINT_SCALE, labels: { ...FIVE_POINT_SCALE.labels } };
  return { min, max, labels: isJsonObject(labels) ? textsOf(labels) : {} };
}

const isInteger = (value: unknown): value is number => Number.isInteger(value);

/** The labels that are texts, keyed as stored (own keys: a key such as "__proto__" stays an ordinary key). */
function textsOf(labels: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
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
    const { min, max } = isJsonObject(scale) ? scale : {};
    return { ratingScale: min === 1 && (max === 5 || max === 10) ? RATING_PRESETS[max] : scale };
  },
};
