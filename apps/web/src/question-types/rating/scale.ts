import { FIVE_POINT_SCALE, RATING_PRESETS, ratingOptions } from '@quorum/contract';
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
