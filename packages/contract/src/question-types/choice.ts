import { z } from 'zod';
import { QUESTION_TYPE_LABELS, SURVEY_MESSAGES } from '../survey-constants';
import type { QuestionDraft, QuestionTypeModule } from './types';

/** Options as authors send them: trimmed, blanks dropped, at least one, no two alike. */
function choiceOptions(draft: QuestionDraft, ctx: z.RefinementCtx): string[] | typeof z.NEVER {
  const options = draft.options.map((o) => o.trim()).filter((o) => o !== '');
  if (options.length === 0) {
    ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.optionRequired, path: ['options'] });
    return z.NEVER;
  }
  if (new Set(options).size !== options.length) {
    ctx.addIssue({ code: 'custom', message: 'Options of a question must be different', path: ['options'] });
    return z.NEVER;
  }
  return options;
}

/** One of the options. */
export const multipleChoice: QuestionTypeModule<'multiple_choice'> = {
  type: 'multiple_choice',
  label: QUESTION_TYPE_LABELS.multiple_choice,
  fromDraft: (draft, ctx) => ({ id: draft.id, text: draft.text, type: draft.type, options: choiceOptions(draft, ctx) }),
  checkAnswer: (question, answer) =>
    typeof answer === 'string' && question.options.includes(answer)
      ? { ok: true, value: answer }
      : { ok: false, reason: 'must be one of the options' },
};

/** A non-empty list of distinct options, stored in the question's option order. */
export const checkbox: QuestionTypeModule<'checkbox'> = {
  type: 'checkbox',
  label: QUESTION_TYPE_LABELS.checkbox,
  fromDraft: (draft, ctx) => ({ id: draft.id, text: draft.text, type: draft.type, options: choiceOptions(draft, ctx) }),
  checkAnswer(question, answer) {
    if (!Array.isArray(answer) || answer.length === 0)
      return { ok: false, reason: 'must be a non-empty list of options' };
    if (new Set(answer).size !== answer.length) return { ok: false, reason: 'lists an option twice' };
    if (!answer.every((a) => question.options.includes(a))) return { ok: false, reason: 'must only list the options' };
    return { ok: true, value: question.options.filter((o) => answer.includes(o)) };
  },
};
