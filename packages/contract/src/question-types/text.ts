import { LIMITS, QUESTION_TYPE_LABELS } from '../survey-constants';
import type { QuestionTypeModule } from './types';

/** Free text: not empty, at most LIMITS.textAnswer characters, stored trimmed. */
export const text: QuestionTypeModule<'text'> = {
  type: 'text',
  label: QUESTION_TYPE_LABELS.text,
  fromDraft: (draft) => ({ id: draft.id, text: draft.text, type: draft.type, options: [] }),
  checkAnswer(_question, answer) {
    if (typeof answer !== 'string') return { ok: false, reason: 'must be text' };
    const value = answer.trim();
    if (value === '') return { ok: false, reason: 'must not be empty' };
    if (value.length > LIMITS.textAnswer)
      return { ok: false, reason: `must be at most ${LIMITS.textAnswer} characters` };
    return { ok: true, value };
  },
};
