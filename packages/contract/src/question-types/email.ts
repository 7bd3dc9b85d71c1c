import { isEmailAddress } from '../question-rules';
import { QUESTION_TYPE_LABELS } from '../survey-constants';
import type { QuestionTypeModule } from './types';

/** An email address, stored trimmed; listed like text answers. */
export const email: QuestionTypeModule<'email'> = {
  type: 'email',
  label: QUESTION_TYPE_LABELS.email,
  fromDraft: (draft) => ({ id: draft.id, text: draft.text, type: draft.type, options: [] }),
  checkAnswer(_question, answer) {
    return typeof answer === 'string' && isEmailAddress(answer)
      ? { ok: true, value: answer.trim() }
      : { ok: false, reason: 'must be a valid email address' };
  },
};
