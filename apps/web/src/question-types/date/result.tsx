import { percentageOf } from '@quorum/contract';
import { NoAnswersYet, ResultBars } from '../shared/result-bars';
import type { QuestionResultPart, QuestionResultProps } from '../types';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-03-05" as "5 March 2026" (the date itself, whatever the reader's time zone); "–" when there is none. */
function formatDay(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso ?? '–';
  return dayFormat.format(new Date(`${iso}T00:00:00Z`));
}

/** "2026-03" as "March 2026". */
function formatMonth(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? monthFormat.format(new Date(`${month}-01T00:00:00Z`)) : month;
}

/** A date question: the earliest and latest dates given, and a bar per month with answers. */
function DateResult({ question }: QuestionResultProps) {
  const dates = question.dates;
  const months = dates?.months ?? [];
  const answered = question.answeredCount;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3">
        {(
          [
            ['Earliest', formatDay(dates?.earliest)],
            ['Latest', formatDay(dates?.latest)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-card bg-slate-50 px-4 py-3 text-center">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-lg font-semibold break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {answered === 0 || months.length === 0 ? (
        <NoAnswersYet />
      ) : (
        <ResultBars
          label="Answers per month"
          unit={['answer', 'answers']}
          bars={months.map((m) => ({
            label: formatMonth(m.month),
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
