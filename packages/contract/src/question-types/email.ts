import { LIMITS, QUESTION_TYPE_LABELS } from '../survey-constants';
import type { QuestionTypeModule } from './types';

/** One address: something before a single "@", a domain with a dot after it, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** An email address, stored trimmed; listed like text answers. */
export const email: QuestionTypeModule<'email'> = {
  type: 'email',
  label: QUESTION_TYPE_LABELS.email,
  fromDraft: (draft) => ({ id: draft.id, text: draft.text, type: draft.type, options: [] }),
  checkAnswer(_question, answer) {
    const value = typeof answer === 'string' ? answer.trim() : '';
    return value.length <= LIMITS.emailAnswer && EMAIL.test(value)
      ? { ok: true, value }
      : { ok: false, reason: 'must be a valid email address' };
  },
};
