import { answerText } from '@quorum/contract';
import type { QuestionCounts, ServerQuestionType } from './types';
import {
  compositeKey,
  flagSettings,
  flagsFrom,
  listedStatistics,
  optionsFrom,
  pairCounts,
  sameSet,
  settingsFrom,
  settingsText,
  textsFrom,
} from './shared';

/** How often each column was chosen in each row: counter key [row, column]. */
function cellCounts(counts: QuestionCounts): Map<string, Map<string, number>> {
  return pairCounts(counts, (row, column) =>
    typeof row === 'string' && typeof column === 'string' ? [row, column] : undefined,
  );
}

/**
 * Rows answered on one scale of columns (the options). The answer is one column per row, in row order; each
 * (row, column) pair is a counter, so every row's statistics are read from counters.
 */
export const matrix: ServerQuestionType<'matrix'> = {
  toRow: (q) => ({
    options: JSON.stringify(q.options),
    rating_scale: null,
    settings: settingsText({ rows: q.rows, ...flagSettings(q) }),
  }),
  fromRow(row) {
    const settings = settingsFrom(row.settings);
    return {
      id: row.id,
      text: row.text,
      type: 'matrix',
      options: optionsFrom(row.options),
      rows: textsFrom(settings.rows),
      ...flagsFrom('matrix', settings),
    };
  },
  // Answers are stored by row position: the rows must stay exactly as they were, the columns the same set.
  keepsAnswers: (before, after) =>
    before.rows.length === after.rows.length &&
    before.rows.every((row, i) => row === after.rows[i]) &&
    sameSet(before.options, after.options),
  countAnswer(q, value, count) {
    if (!Array.isArray(value)) return 0;
    value.forEach((column, i) => {
      const row = q.rows[i];
      if (row !== undefined) count(compositeKey(row, column));
    });
    return 0;
  },
  results(q, counts, statistic) {
    const byRow = cellCounts(counts);
    return {
      statistics: [],
      rows: q.rows.map((row) => ({
        row,
        statistics: listedStatistics(q.options, byRow.get(row) ?? new Map<string, number>(), statistic),
      })),
    };
  },
  /** "Row: Column; Row 2: Column", rows in the author's order. */
  modelFields: (q) => ({ rows: q.rows }),
  answerText(q, value) {
    if (!Array.isArray(value) || value.length !== q.rows.length) return answerText(value);
    return q.rows.map((row, i) => `${row}: ${value[i]}`).join('; ');
  },
};
