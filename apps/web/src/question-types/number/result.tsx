import { percentageOf, type HistogramBin } from '@quorum/contract';
import { NoAnswersYet, ResultBars } from '../shared/result-bars';
import type { QuestionResultPart, QuestionResultProps } from '../types';

const figures = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A figure of the summary: up to two decimal places, "–" while there is none. */
function formatFigure(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '–' : figures.format(value);
}

/** A bar's range: "10–20" (the last bar includes its end), or one value when the bar is that narrow. */
function binLabel(bin: HistogramBin, last: boolean): string {
  if (bin.from === bin.to) return formatFigure(bin.from);
  return `${formatFigure(bin.from)} to ${last ? '' : 'under '}${formatFigure(bin.to)}`;
}

/** A number question: count, minimum, maximum, mean and median, and a histogram of the answers. */
function NumberResult({ question }: QuestionResultProps) {
  const summary = question.summary;
  const bins = question.histogram ?? [];
  const count = summary?.count ?? question.answeredCount;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {(
          [
            ['Answers', summary ? String(summary.count) : '–'],
            ['Minimum', formatFigure(summary?.min)],
            ['Maximum', formatFigure(summary?.max)],
            ['Mean', formatFigure(summary?.mean)],
            ['Median', formatFigure(summary?.median)],
          ] as const
        ).map(([label, value]) => (
          <ResultFigureTerm key={label} label={label} value={value} />
        ))}
      </dl>
      {count === 0 || bins.length === 0 ? (
        <NoAnswersYet />
      ) : (
        <ResultBars
          label="Answers per range"
          unit={['answer', 'answers']}
          bars={bins.map((bin, index) => ({
            label: binLabel(bin, index === bins.length - 1),
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
