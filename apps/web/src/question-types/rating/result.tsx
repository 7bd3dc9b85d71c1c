import { useTranslation } from 'react-i18next';
import { ownValue } from '@quorum/contract';
import { formatCount, formatOneDecimal, formatPercentage } from '@/lib/format';
import type { QuestionResultPart, QuestionResultProps } from '../types';

/** A rating question: the average to one decimal place and one bar per value. */
function RatingResult({ question }: QuestionResultProps) {
  const { t } = useTranslation('results');
  const max = question.ratingScale?.max;
  const labels = question.ratingScale?.labels;
  return (
    <div className="grid gap-6 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
      <div className="rounded-card bg-slate-50 px-5 py-4 text-center">
        <p className="text-sm text-slate-600">{t('cards.rating.average')}</p>
        <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums">
          {formatOneDecimal(question.average)}
          {max !== undefined && <span className="ms-1 text-base font-normal text-slate-600">/ {max}</span>}
        </p>
        <p className="mt-1 text-xs text-slate-600">{t('cards.rating.ratings', { count: question.ratingCount ?? 0 })}</p>
      </div>
      {/* One grid for all rows (subgrid), so every bar starts and ends at the same place. */}
      <ul
        className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-2 sm:gap-x-4"
        aria-label={t('cards.rating.distribution')}
      >
        {question.statistics.map((s) => {
          const label = ownValue(labels, s.answer);
          return (
            <li key={s.answer} className="col-span-3 grid grid-cols-subgrid items-center">
              <span className="text-sm whitespace-nowrap text-slate-800">
                <span className="font-medium tabular-nums">{s.answer}</span>
                {label && <span className="text-slate-600"> · {label}</span>}
              </span>
              <span className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-accent-500 transition-[width] duration-500 ease-standard"
                  style={{ width: `${Math.min(100, s.percentage)}%` }}
                />
              </span>
              <span className="text-end text-sm whitespace-nowrap text-slate-600 tabular-nums">
                {formatCount(s.count)}
                <span className="sr-only"> {t('cards.unit.rating', { count: s.count })},</span> ·{' '}
                {formatPercentage(s.percentage)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const ratingResult: QuestionResultPart<'rating'> = {
  type: 'rating',
  Result: RatingResult,
  readsResponses: () => false,
  valueBounds: (question) => question.ratingScale,
};
