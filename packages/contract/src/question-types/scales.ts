import { QUESTION_TYPE_LABELS } from '../survey-constants';
import type { QuestionTypeModule } from './types';

/** The options of a Net Promoter Score question: "0" to "10". */
export const NPS_OPTIONS: readonly string[] = Array.from({ length: 11 }, (_, value) => String(value));

/** A whole number from 0 to 10, as a number or a numeric string; stored as a number. */
export const nps: QuestionTypeModule<'nps'> = {
  type: 'nps',
  label: QUESTION_TYPE_LABELS.nps,
  fromDraft: (draft) => ({ id: draft.id, text: draft.text, type: draft.type, options: [...NPS_OPTIONS] }),
  checkAnswer(_question, answer) {
    const value =
      typeof answer === 'number'
        ? answer
        : typeof answer === 'string' && /^\s*\d{1,2}\s*$/.test(answer)
          ? Number(answer)
          : NaN;
    return Number.isInteger(value) && value >= 0 && value <= 10
      ? { ok: true, value }
      : { ok: false, reason: 'must be a whole number from 0 to 10' };
  },
};
