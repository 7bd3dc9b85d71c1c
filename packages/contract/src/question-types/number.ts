import { z } from 'zod';
import { onStep, parseDecimal } from '../question-rules';
import { QUESTION_TYPE_LABELS } from '../survey-constants';
import { rangeFromDraft } from './range';
import type { QuestionTypeModule } from './types';

/** A number's optional lower and upper bounds and step, as stored. */
export interface NumberRange {
  min?: number;
  max?: number;
  step?: number;
}

const finite = z.number({ error: 'The range must be numbers' });
export const numberRangeSchema = z
  .object({
    min: finite.optional(),
    max: finite.optional(),
    step: finite.positive({ error: 'The step must be more than 0' }).optional(),
  })
  .strict()
  .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
    error: 'The smallest number cannot be more than the largest',
  });

/**
 * A decimal within the question's range and on its step, sent as a string or a number; stored as its plain
 * decimal text ("7", "-2.5"), so every answer of one value counts together.
 */
export const number: QuestionTypeModule<'number'> = {
  type: 'number',
  label: QUESTION_TYPE_LABELS.number,
  fromDraft(draft, ctx) {
    const range = rangeFromDraft('numberRange', numberRangeSchema, draft.numberRange, ctx);
    if (!range) return z.NEVER;
    return { id: draft.id, text: draft.text, type: draft.type, options: [], ...range };
  },
  checkAnswer(question, answer) {
    const value = typeof answer === 'string' || typeof answer === 'number' ? parseDecimal(answer) : undefined;
    if (value === undefined) return { ok: false, reason: 'must be a number' };
    const range = question.numberRange ?? {};
    if (range.min !== undefined && value < range.min) return { ok: false, reason: `must be at least ${range.min}` };
    if (range.max !== undefined && value > range.max) return { ok: false, reason: `must be at most ${range.max}` };
    if (!onStep(range, value)) return { ok: false, reason: `must be in steps of ${range.step}` };
    return { ok: true, value: String(value) };
  },
};
