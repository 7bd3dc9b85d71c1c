import type { RatingScale } from './rating-scale';

// Free of zod on purpose: the public survey page reads the presets (their labels are the spec's texts).

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
