import type { ServerQuestionType } from './types';
import { listedStatistics, optionsFrom } from './shared';

/** Each option counts once per response that chose it. */
export const multipleChoice: ServerQuestionType<'multiple_choice'> = {
  toRow: (q) => ({ options: JSON.stringify(q.options), rating_scale: null }),
  fromRow: (row) => ({ id: row.id, text: row.text, type: 'multiple_choice', options: optionsFrom(row.options) }),
  keepsAnswers: () => true,
  countAnswer(value, count) {
    count(String(value));
    return 0;
  },
  results: (q, counts, statistic) => ({ statistics: listedStatistics(q.options, counts.byAnswer, statistic) }),
};

/** Each chosen option counts once; shares are of respondents, so they can add up past 100. */
export const checkbox: ServerQuestionType<'checkbox'> = {
  toRow: (q) => ({ options: JSON.stringify(q.options), rating_scale: null }),
  fromRow: (row) => ({ id: row.id, text: row.text, type: 'checkbox', options: optionsFrom(row.options) }),
  keepsAnswers: () => true,
  countAnswer(value, count) {
    for (const option of Array.isArray(value) ? value : [String(value)]) count(option);
    return 0;
  },
  results: (q, counts, statistic) => ({ statistics: listedStatistics(q.options, counts.byAnswer, statistic) }),
};
