import { z } from 'zod';
import { isIsoDate } from '../question-rules';
import { QUESTION_TYPE_LABELS } from '../survey-constants';
import { rangeFromDraft } from './range';
import type { QuestionTypeModule } from './types';

/** A date question's optional earliest and latest dates (YYYY-MM-DD), as stored. */
export interface DateRange {
  min?: string;
  max?: string;
}

const isoDate = z.string().refine(isIsoDate, { error: 'Dates are written YYYY-MM-DD' });
export const dateRangeSchema = z
  .object({ min: isoDate.optional(), max: isoDate.optional() })
  .strict()
  .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
    error: 'The earliest date cannot be after the latest',
  });

/** A calendar date, YYYY-MM-DD, within the question's range. */
export const date: QuestionTypeModule<'date'> = {
  type: 'date',
  label: QUESTION_TYPE_LABELS.date,
  fromDraft(draft, ctx) {
    const range = rangeFromDraft('dateRange', dateRangeSchema, draft.dateRange, ctx);
    if (!range) return z.NEVER;
    return { id: draft.id, text: draft.text, type: draft.type, options: [], ...range };
  },
  checkAnswer(question, answer) {
    if (typeof answer !== 'string' || !isIsoDate(answer.trim())) {
      return { ok: false, reason: 'must be a date written YYYY-MM-DD' };
    }
    const value = answer.trim();
    const range = question.dateRange ?? {};
    if (range.min !== undefined && value < range.min) return { ok: false, reason: `must be on or after ${range.min}` };
    if (range.max !== undefined && value > range.max) return { ok: false, reason: `must be on or before ${range.max}` };
    return { ok: true, value };
  },
};
