import type { ServerQuestionType } from './types';

/** Email addresses are kept in the responses only, like free text: no counters, no statistics. */
export const email: ServerQuestionType<'email'> = {
  toRow: () => ({ options: '[]', rating_scale: null, settings: null }),
  fromRow: (row) => ({ id: row.id, text: row.text, type: 'email', options: [] }),
  keepsAnswers: () => true,
  countAnswer: () => 0,
  results: () => ({ statistics: [] }),
};
