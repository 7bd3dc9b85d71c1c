import { z } from 'zod';
import { ranksEveryOption } from '../question-rules';
import { LIMITS, QUESTION_TYPE_LABELS, SURVEY_MESSAGES } from '../survey-constants';
import { choiceFlags, choiceFromDraft, choiceOptions } from './choice';
import type { QuestionTypeModule } from './types';

/** Every option once, in the respondent's order (best first); stored in that order. */
export const ranking: QuestionTypeModule<'ranking'> = {
  type: 'ranking',
  label: QUESTION_TYPE_LABELS.ranking,
  fromDraft: choiceFromDraft,
  checkAnswer(question, answer) {
    if (!ranksEveryOption(question.options, answer))
      return { ok: false, reason: 'must list every option once, in order' };
    return { ok: true, value: [...answer] };
  },
};

/**
 * Rows (up to LIMITS.matrixRows) answered on one scale, the options being its columns. The answer is one column per
 * row, in row order.
 */
export const matrix: QuestionTypeModule<'matrix'> = {
  type: 'matrix',
  label: QUESTION_TYPE_LABELS.matrix,
  fromDraft(draft, ctx) {
    const options = choiceOptions(draft, ctx);
    const rows = (draft.rows ?? []).map((r) => r.trim()).filter((r) => r !== '');
    if (rows.length === 0) {
      ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.matrixRowRequired, path: ['rows'] });
      return z.NEVER;
    }
    if (rows.length > LIMITS.matrixRows) {
      ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.matrixTooManyRows, path: ['rows'] });
      return z.NEVER;
    }
    if (new Set(rows).size !== rows.length) {
      ctx.addIssue({ code: 'custom', message: SURVEY_MESSAGES.matrixRowsDifferent, path: ['rows'] });
      return z.NEVER;
    }
    return { id: draft.id, text: draft.text, type: draft.type, options, rows, ...choiceFlags(draft) };
  },
  checkAnswer(question, answer) {
    if (
      !Array.isArray(answer) ||
      answer.length !== question.rows.length ||
      !answer.every((a) => question.options.includes(a))
    ) {
      return { ok: false, reason: `must give one of the columns for each of the ${question.rows.length} rows` };
    }
    return { ok: true, value: [...answer] };
  },
};
