import {
  FIVE_POINT_SCALE,
  RATING_PRESETS,
  ratingOptions,
  ratingStops,
  TEN_POINT_SCALE,
  type RatingScale,
  type RatingStop,
} from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import type { QuestionDraft } from '../types';

export type RatingPreset = keyof typeof RATING_PRESETS;

/** Choosing the 5-point or 10-point scale regenerates the options. */
export function changeRatingScale(question: QuestionDraft, preset: RatingPreset): QuestionDraft {
  const scale = RATING_PRESETS[preset];
  return { ...question, ratingScale: scale, options: ratingOptions(scale) };
}

export function ratingPresetOf(question: QuestionDraft): RatingPreset {
  return question.ratingScale?.max === 10 ? 10 : 5;
}

/** The scale a rating question is saved with (the five-point one when it has none). */
export function scaleOf(question: QuestionDraft) {
  return question.ratingScale ?? FIVE_POINT_SCALE;
}

const sameLabels = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, label]) => b[key] === label);

/** Which preset's own labels a scale still holds ('five', 'ten'), or undefined when its author wrote them. */
function presetLabelsOf(scale: RatingScale): 'five' | 'ten' | undefined {
  if (scale.min !== 1) return undefined;
  if (scale.max === 5 && sameLabels(scale.labels, FIVE_POINT_SCALE.labels)) return 'five';
  if (scale.max === 10 && sameLabels(scale.labels, TEN_POINT_SCALE.labels)) return 'ten';
  return undefined;
}

/**
 * The scale's values as `ratingStops` shows them, with a preset's default labels in the interface's language
 * ("1 - Sehr schlecht"); labels an author wrote are the survey's content and stay as written.
 */
export function shownRatingStops(scale: RatingScale): RatingStop[] {
  const stops = ratingStops(scale);
  const preset = presetLabelsOf(scale);
  if (!preset) return stops;
  return stops.map((stop) => {
    if (stop.label === undefined) return stop;
    const label = i18n.t(`questions:rating.presets.${preset}.${stop.value}`);
    return { ...stop, label, text: i18n.t('questions:rating.stop', { value: stop.value, label }) };
  });
}
