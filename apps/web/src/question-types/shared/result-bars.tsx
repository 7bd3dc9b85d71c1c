import { useTranslation } from 'react-i18next';
import { formatCount, formatPercentage } from '@/lib/format';

export interface Bar {
  /** Unique among the bars: the row's name. */
  label: string;
  count: number;
  /** Share of the answers, 0–100; the bar's length. */
  percentage: number;
  /** A CSS colour; the accent colour when absent. */
  color?: string;
  /** Said after the label, e.g. the group a score belongs to. */
  note?: string;
}

/** What a bar counts, said after its count to screen readers ("3 answers"). */
export type BarUnit = 'answer' | 'respondent';

/**
 * Horizontal bars, one per row, each with its count and share written out: a list a screen reader reads in
 * order, named by `label`. One grid for all rows (subgrid), so every bar starts and ends at the same place.
 */
export function ResultBars({ bars, label, unit }: { bars: readonly Bar[]; label: string; unit: BarUnit }) {
  const { t } = useTranslation('results');
  return (
    <ul className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-2 sm:gap-x-4" aria-label={label}>
      {bars.map((bar) => (
        <li key={bar.label} className="col-span-3 grid grid-cols-subgrid items-center">
          <span className="text-sm break-words text-slate-800">
            <span className="font-medium tabular-nums">{bar.label}</span>
            {bar.note && <span className="text-slate-600"> · {bar.note}</span>}
          </span>
          <span className="h-2.5 min-w-12 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <span
              className="block h-full rounded-full bg-accent-500 transition-[width] duration-500 ease-standard"
              style={{ width: `${Math.min(100, Math.max(0, bar.percentage))}%`, backgroundColor: bar.color }}
            />
          </span>
          <span className="text-end text-sm whitespace-nowrap text-slate-600 tabular-nums">
            {formatCount(bar.count)}
            <span className="sr-only"> {t(`cards.unit.${unit}`, { count: bar.count })},</span> ·{' '}
            {formatPercentage(bar.percentage)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The grey box a result shows instead of a chart while nobody answered. */
export function NoAnswersYet() {
  const { t } = useTranslation('results');
  return (
    <div className="flex h-24 items-center justify-center rounded-card border border-dashed border-slate-200 text-sm text-slate-600">
      {t('cards.noAnswers')}
    </div>
  );
}
