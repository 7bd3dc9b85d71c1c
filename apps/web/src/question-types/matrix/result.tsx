import { useTranslation } from 'react-i18next';
import { PIE_COLORS } from '@quorum/contract';
import { formatCount, formatPercentage } from '@/lib/format';
import { NoAnswersYet } from '../shared/result-bars';
import type { QuestionResultPart, QuestionResultProps } from '../types';

const colorAt = (index: number) => PIE_COLORS[index % PIE_COLORS.length] ?? PIE_COLORS[0];

/**
 * A matrix question: per row, a bar stacked from its columns' shares, and a table of rows × columns with counts
 * and shares. The table is the bars' text equivalent, so the bars are hidden from screen readers.
 */
function MatrixResult({ question, labelId }: QuestionResultProps) {
  const { t } = useTranslation('results');
  const rows = question.rows ?? [];
  // Every column in order; a row answered with a column since removed adds that column at the end.
  const columns = [...new Set(rows.flatMap((row) => row.statistics.map((s) => s.answer)))];
  if (question.answeredCount === 0 || rows.length === 0) return <NoAnswersYet />;
  return (
    <div className="space-y-5">
      <div aria-hidden="true" className="space-y-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {columns.map((column, index) => (
            <li key={column} className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-full" style={{ backgroundColor: colorAt(index) }} />
              {column}
            </li>
          ))}
        </ul>
        {rows.map((row) => {
          const total = row.statistics.reduce((sum, s) => sum + s.count, 0);
          return (
            <div key={row.row} className="grid gap-1 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-center sm:gap-3">
              <span className="text-sm break-words text-slate-800">{row.row}</span>
              <span className="flex h-3 overflow-hidden rounded-full bg-slate-100">
                {row.statistics.map((s) => (
                  <span
                    key={s.answer}
                    className="block h-full"
                    style={{
                      width: `${total === 0 ? 0 : (s.count / total) * 100}%`,
                      backgroundColor: colorAt(columns.indexOf(s.answer)),
                    }}
                  />
                ))}
              </span>
            </div>
          );
        })}
      </div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('cards.matrix.region')}>
        <table className="min-w-full text-sm" aria-labelledby={labelId}>
          <thead>
            <tr className="border-b border-slate-200 text-start text-xs text-slate-600">
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('cards.matrix.row')}
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="py-2 pe-3 text-end font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pe-3 text-start font-normal break-words text-slate-800">
                  {row.row}
                </th>
                {columns.map((column) => {
                  const s = row.statistics.find((c) => c.answer === column) ?? { count: 0, percentage: 0 };
                  return (
                    <td key={column} className="py-2 pe-3 text-end whitespace-nowrap tabular-nums">
                      {formatCount(s.count)} <span className="text-slate-600">· {formatPercentage(s.percentage)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export const matrixResult: QuestionResultPart<'matrix'> = {
  type: 'matrix',
  Result: MatrixResult,
  readsResponses: () => false,
  /** "Row: Column" per row. */
  listText(question, value) {
    const rows = question.rows ?? [];
    return value.map((column, index) => (rows[index] ? `${rows[index].row}: ${column}` : column)).join('; ');
  },
};
