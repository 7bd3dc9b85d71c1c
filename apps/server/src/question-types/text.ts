import type { ServerQuestionType } from './types';

/** Free text is kept in the responses only: no counters, no statistics. */
export const text: ServerQuestionType<'text'> = {
  toRow: () => ({ options: '[]', rating_scale: null, settings: null }),
  fromRow: (row) => ({ id: row.id, text: row.text, type: 'text', options: [] }),
  keepsAnswers: () => true,
  countAnswer: () => 0,
  results: () => ({ statistics: [] }),
};
