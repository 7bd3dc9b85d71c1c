import { z } from 'zod';
import type { AnswerValue } from '../answers';
import type { ChoiceType } from '../surveys';
import { LIMITS, OTHER_LABEL, QUESTION_TYPE_LABELS, SURVEY_MESSAGES } from '../survey-constants';
import type { AnswerCheck, QuestionDraft, QuestionOf, QuestionTypeModule } from './types';

/**
 * Options as authors send them: trimmed, blanks dropped, at least one, no two alike, at most `max`; and none
 * called "Other" while the question offers "Other" (its answers would be counted together).
 */
export function choiceOptions(
  draft: QuestionDraft,
  ctx: z.RefinementCtx,
  max: number = LIMITS.options,
): string[] | typeof z.NEVER {
  const options = draft.options.map((o) => o.trim()).filter((o) => o !== '');
  if (options.length === 0) {
    ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.optionRequired, path: ['options'] });
    return z.NEVER;
  }
  if (options.length > max) {
    ctx.addIssue({ code: 'custom', message: `A question can have at most ${max} options`, path: ['options'] });
    return z.NEVER;
  }
  if (new Set(options).size !== options.length) {
    ctx.addIssue({ code: 'custom', message: 'Options of a question must be different', path: ['options'] });
    return z.NEVER;
  }
  if (draft.allowOther && options.some((o) => o.toLowerCase() === OTHER_LABEL.toLowerCase())) {
    ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.otherIsAnOption, path: ['options'] });
    return z.NEVER;
  }
  return options;
}

/** `allowOther` and `randomizeOptions` as stored: present only when on. */
export function choiceFlags(draft: QuestionDraft): { allowOther?: true; randomizeOptions?: true } {
  return {
    ...(draft.allowOther ? { allowOther: true as const } : {}),
    ...(draft.randomizeOptions ? { randomizeOptions: true as const } : {}),
  };
}

/** A choice question as its author sent it: its options (at most `max`) and its flags. */
export function choiceFromDraft<T extends ChoiceType | 'ranking'>(
  draft: QuestionDraft<T>,
  ctx: z.RefinementCtx,
  max: number = LIMITS.options,
) {
  return {
    id: draft.id,
    text: draft.text,
    type: draft.type,
    options: choiceOptions(draft, ctx, max),
    ...choiceFlags(draft),
  };
}

/** A respondent's own "Other" text: trimmed, not empty, at most LIMITS.otherAnswer characters. */
export function otherText(answer: string): AnswerCheck {
  const value = answer.trim();
  if (value === '') return { ok: false, reason: 'must be one of the options or an "Other" text' };
  if (value.length > LIMITS.otherAnswer) {
    return { ok: false, reason: `has an "Other" text longer than ${LIMITS.otherAnswer} characters` };
  }
  return { ok: true, value };
}

/** One option, or with "Other" offered, a text of the respondent's own. */
function singleChoice(question: QuestionOf<'multiple_choice' | 'dropdown'>, answer: AnswerValue): AnswerCheck {
  if (typeof answer === 'string' && question.options.includes(answer)) return { ok: true, value: answer };
  if (typeof answer === 'string' && question.allowOther) return otherText(answer);
  return { ok: false, reason: 'must be one of the options' };
}

/** One of the options. */
export const multipleChoice: QuestionTypeModule<'multiple_choice'> = {
  type: 'multiple_choice',
  label: QUESTION_TYPE_LABELS.multiple_choice,
  fromDraft: choiceFromDraft,
  checkAnswer: singleChoice,
};

/** One of a long list of options (up to LIMITS.dropdownOptions), picked from a list with type-ahead. */
export const dropdown: QuestionTypeModule<'dropdown'> = {
  type: 'dropdown',
  label: QUESTION_TYPE_LABELS.dropdown,
  fromDraft: (draft, ctx) => choiceFromDraft(draft, ctx, LIMITS.dropdownOptions),
  checkAnswer: singleChoice,
};

/**
 * A non-empty list of distinct options, stored in the question's option order; with "Other" offered, at most one
 * text of the respondent's own, stored last.
 */
export const checkbox: QuestionTypeModule<'checkbox'> = {
  type: 'checkbox',
  label: QUESTION_TYPE_LABELS.checkbox,
  fromDraft: choiceFromDraft,
  checkAnswer(question, answer) {
    if (!Array.isArray(answer) || answer.length === 0)
      return { ok: false, reason: 'must be a non-empty list of options' };
    if (new Set(answer).size !== answer.length) return { ok: false, reason: 'lists an option twice' };
    const others = answer.filter((a) => !question.options.includes(a));
    if (others.length > 0 && !question.allowOther) return { ok: false, reason: 'must only list the options' };
    if (others.length > 1) return { ok: false, reason: 'can have only one "Other" text' };
    const chosen = question.options.filter((o) => answer.includes(o));
    if (others.length === 0) return { ok: true, value: chosen };
    const other = otherText(others[0]!);
    if (!other.ok) return other;
    if (chosen.includes(other.value as string)) return { ok: false, reason: 'lists an option twice' };
    return { ok: true, value: [...chosen, other.value as string] };
  },
};
