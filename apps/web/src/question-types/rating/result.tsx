import { formatAverage, ownValue } from '@quorum/contract';
import { formatCount, formatPercentage, plural } from '@/lib/format';
import type { QuestionResultPart, QuestionResultProps } from '../types';

/** A rating question: the average to one decimal place and one bar per value. */
function RatingResult({ question }: QuestionResultProps) {
  const max = question.ratingScale?.max;
  const labels = question.ratingScale?.labels;
  return (
    <div className="grid gap-6 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
      <div className="rounded-card bg-slate-50 px-5 py-4 text-center">
        <p className="text-sm text-slate-600">Average rating</p>
        <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums">
          {formatAverage(question.average)}
          {max !== undefined && <span className="ml-1 text-base font-normal text-slate-600">/ {max}</span>}
        </p>
        <p className="mt-1 text-xs text-slate-600">{plural(question.ratingCount ?? 0, 'rating', 'ratings')}</p>
      </div>
      {/* One grid for all rows (subgrid), so every bar starts and ends at the same place. */}
      <ul
        className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-2 sm:gap-x-4"
        aria-label="Distribution of ratings"
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
              <span className="text-right text-sm whitespace-nowrap text-slate-600 tabular-nums">
                {formatCount(s.count)}
                <span className="sr-only"> {s.count === 1 ? 'rating' : 'ratings'},</span> ·{' '}
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
};
