import { useTranslation } from 'react-i18next';
import { percentageOf } from '@quorum/contract';
import { formatCalendarDate } from '@/lib/format';
import { NoAnswersYet, ResultBars } from '../shared/result-bars';
import type { QuestionResultPart, QuestionResultProps } from '../types';

/** A date question: the earliest and latest dates given, and a bar per month with answers. */
function DateResult({ question }: QuestionResultProps) {
  const { t } = useTranslation('results');
  const dates = question.dates;
  const months = dates?.months ?? [];
  const answered = question.answeredCount;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3">
        {(
          [
            ['earliest', formatCalendarDate(dates?.earliest)],
            ['latest', formatCalendarDate(dates?.latest)],
          ] as const
        ).map(([figure, value]) => (
          <div key={figure} className="rounded-card bg-slate-50 px-4 py-3 text-center">
            <dt className="text-sm text-slate-600">{t(`cards.date.${figure}`)}</dt>
            <dd className="mt-1 text-lg font-semibold break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {answered === 0 || months.length === 0 ? (
        <NoAnswersYet />
      ) : (
        <ResultBars
          label={t('cards.date.perMonth')}
          unit="answer"
          bars={months.map((m) => ({
            label: formatCalendarDate(m.month),
            count: m.count,
            percentage: percentageOf(m.count, answered),
          }))}
        />
      )}
    </div>
  );
}

export const dateResult: QuestionResultPart<'date'> = {
  type: 'date',
  Result: DateResult,
  readsResponses: () => false,
};
