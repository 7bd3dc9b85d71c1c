import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { percentageOf, type HistogramBin } from '@quorum/contract';
import { formatCount, formatFigure } from '@/lib/format';
import { NoAnswersYet, ResultBars } from '../shared/result-bars';
import type { QuestionResultPart, QuestionResultProps } from '../types';

/** A bar's range: "10 to under 20" ("10 to 20" for the last, which includes its end), or one value when that narrow. */
function binLabel(bin: HistogramBin, last: boolean, t: TFunction<'results'>): string {
  if (bin.from === bin.to) return formatFigure(bin.from);
  const range = { from: formatFigure(bin.from), to: formatFigure(bin.to) };
  return last ? t('cards.number.lastBin', range) : t('cards.number.bin', range);
}

/** A number question: count, minimum, maximum, mean and median, and a histogram of the answers. */
function NumberResult({ question }: QuestionResultProps) {
  const { t } = useTranslation('results');
  const summary = question.summary;
  const bins = question.histogram ?? [];
  const count = summary?.count ?? question.answeredCount;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {(
          [
            ['count', summary ? formatCount(summary.count) : '–'],
            ['min', formatFigure(summary?.min)],
            ['max', formatFigure(summary?.max)],
            ['mean', formatFigure(summary?.mean)],
            ['median', formatFigure(summary?.median)],
          ] as const
        ).map(([figure, value]) => (
          <ResultFigureTerm key={figure} label={t(`cards.number.${figure}`)} value={value} />
        ))}
      </dl>
      {count === 0 || bins.length === 0 ? (
        <NoAnswersYet />
      ) : (
        <ResultBars
          label={t('cards.number.perRange')}
          unit="answer"
          bars={bins.map((bin, index) => ({
            label: binLabel(bin, index === bins.length - 1, t),
            count: bin.count,
            percentage: percentageOf(bin.count, count),
          }))}
        />
      )}
    </div>
  );
}

/** One figure of the summary as a term and its value. */
function ResultFigureTerm({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-card bg-slate-50 px-4 py-3 text-center">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export const numberResult: QuestionResultPart<'number'> = {
  type: 'number',
  Result: NumberResult,
  readsResponses: () => false,
};
