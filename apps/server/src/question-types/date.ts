import { isIsoDate, isJsonObject, type DateRange, type DateSummary } from '@quorum/contract';
import type { QuestionCounts, ServerQuestionType } from './types';
import { modelRange, settingsFrom, settingsText } from './shared';

/** A stored range: only real YYYY-MM-DD dates are kept; anything else reads as absent. */
function dateRangeFrom(value: unknown): DateRange | undefined {
  if (!isJsonObject(value)) return undefined;
  const { min, max } = value;
  const date = (d: unknown): d is string => typeof d === 'string' && isIsoDate(d);
  const range: DateRange = { ...(date(min) ? { min } : {}), ...(date(max) ? { max } : {}) };
  return Object.keys(range).length > 0 ? range : undefined;
}

/** Earliest and latest date given and the answers per month, from the count of each date. */
export function dateSummary(counts: QuestionCounts): DateSummary {
  const dates = [...counts.byAnswer]
    .filter(([answer, count]) => count > 0 && isIsoDate(answer))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const months = new Map<string, number>();
  for (const [answer, count] of dates) {
    const month = answer.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + count);
  }
  return {
    earliest: dates[0]?.[0] ?? null,
    latest: dates.at(-1)?.[0] ?? null,
    months: [...months].map(([month, count]) => ({ month, count })),
  };
}

/** A date, YYYY-MM-DD: each date given is a counter. */
export const date: ServerQuestionType<'date'> = {
  toRow: (q) => ({ options: '[]', rating_scale: null, settings: settingsText({ dateRange: q.dateRange }) }),
  fromRow(row) {
    const dateRange = dateRangeFrom(settingsFrom(row.settings).dateRange);
    return { id: row.id, text: row.text, type: 'date', options: [], ...(dateRange ? { dateRange } : {}) };
  },
  // A date means the same whatever range the question allows now.
  keepsAnswers: () => true,
  modelFields: (q) => modelRange('dateRange', q.dateRange ?? q.date_range),
  countAnswer(_q, value, count) {
    count(String(value));
    return 0;
  },
  results: (_q, counts) => ({ statistics: [], dates: dateSummary(counts) }),
};
