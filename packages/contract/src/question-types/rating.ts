import { z } from 'zod';
import { FIVE_POINT_SCALE, ratingOptions, ratingScaleInputSchema } from '../rating-scale';
import { QUESTION_TYPE_LABELS } from '../survey-constants';
import type { QuestionTypeModule } from './types';

/**
 * A whole number on the question's scale (the 1–5 preset when the author sent none), as a number or a numeric
 * string; stored as a number. Its options are the scale's numbers as strings.
 */
export const rating: QuestionTypeModule<'rating'> = {
  type: 'rating',
  label: QUESTION_TYPE_LABELS.rating,
  fromDraft(draft, ctx) {
    const scale = ratingScaleInputSchema.safeParse(draft.ratingScale ?? FIVE_POINT_SCALE);
    if (!scale.success) {
      for (const issue of scale.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['ratingScale', ...issue.path] });
      }
      return z.NEVER;
    }
    return {
      id: draft.id,
      text: draft.text,
      type: draft.type,
      options: ratingOptions(scale.data),
      ratingScale: scale.data,
    };
  },
  checkAnswer(question, answer) {
    const value =
      typeof answer === 'number'
        ? answer
        : typeof answer === 'string' && /^\s*[-+]?\d{1,6}\s*$/.test(answer)
          ? Number(answer)
          : Number.NaN;
    const { min, max } = question.ratingScale;
    return Number.isInteger(value) && value >= min && value <= max
      ? { ok: true, value }
      : { ok: false, reason: `must be a whole number from ${min} to ${max}` };
  },
};
