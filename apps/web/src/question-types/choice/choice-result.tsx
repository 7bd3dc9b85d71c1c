import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { OTHER_LABEL, PIE_COLORS, type QuestionResult } from '@quorum/contract';
import { formatCount, formatPercentage } from '@/lib/format';
import { ResultBars } from '../shared/result-bars';

const colorAt = (index: number) => PIE_COLORS[index % PIE_COLORS.length] ?? PIE_COLORS[0];

type ChartView = 'pie' | 'bars';

const CHART_VIEWS: readonly ChartView[] = ['pie', 'bars'];

/**
 * The results of a choice question (any choice type): a pie of the answers (six fixed colours, legend at the bottom) beside a table with the
 * same counts and shares. The table is the chart's text equivalent, so the drawing is hidden from screen readers. With `barView`, the
 * pie (the default) can be swapped for one bar per answer; `note` is said under the chart.
 */
export function ChoiceResult({
  question,
  labelId,
  note,
  barView = false,
}: {
  question: QuestionResult;
  labelId: string;
  note?: ReactNode;
  barView?: boolean;
}) {
  const { t } = useTranslation('results');
  // "Other" is the product's own row: said in the interface's language (the options are the author's words).
  const nameOf = (answer: string) =>
    question.allowOther === true && answer === OTHER_LABEL ? t('questions:other.label') : answer;
  const data = question.statistics.map((s) => ({ ...s, answer: nameOf(s.answer) }));
  const hasAnswers = question.answeredCount > 0;
  const [view, setView] = useState<ChartView>('pie');
  const viewName = useId();
  const shown: ChartView = barView ? view : 'pie';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-center">
      <div className="flex flex-col gap-3">
        {barView && hasAnswers && (
          <fieldset className="flex items-center gap-3">
            <legend className="sr-only">{t('cards.choice.chart')}</legend>
            <span aria-hidden="true" className="text-xs font-medium tracking-wide text-slate-600 uppercase">
              {t('cards.choice.chart')}
            </span>
            <span className="inline-flex rounded-control border border-slate-300 p-0.5">
              {CHART_VIEWS.map((option) => (
                <label
                  key={option}
                  className="cursor-pointer rounded-[calc(var(--radius-control)-2px)] px-3 py-1 text-sm text-slate-700 has-checked:bg-accent-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-600"
                >
                  <input
                    type="radio"
                    name={viewName}
                    value={option}
                    checked={view === option}
                    onChange={() => setView(option)}
                    className="sr-only"
                  />
                  {t(`cards.choice.${option}`)}
                </label>
              ))}
            </span>
          </fieldset>
        )}
        <figure className="m-0" aria-hidden="true">
          {hasAnswers && shown === 'bars' ? (
            <div data-testid="bar-chart">
              <ResultBars
                label={t('cards.choice.answers')}
                unit="respondent"
                bars={data.map((s, index) => ({
                  label: s.answer,
                  count: s.count,
                  percentage: s.percentage,
                  color: colorAt(index),
                }))}
              />
            </div>
          ) : hasAnswers ? (
            <div className="h-72 w-full" data-testid="pie-chart">
              <ResponsiveContainer width="100%" height="100%">
                <PieChart accessibilityLayer={false}>
                  <Pie
                    data={data}
                    dataKey="count"
                    nameKey="answer"
                    outerRadius="78%"
                    innerRadius="0%"
                    stroke="var(--color-white)"
                    strokeWidth={2}
                    isAnimationActive={false}
                    rootTabIndex={-1}
                  >
                    {data.map((entry, index) => (
                      <Cell key={entry.answer} fill={colorAt(index)} />
                    ))}
                  </Pie>
                  <Tooltip
                    contentStyle={{ backgroundColor: 'var(--color-white)', borderColor: 'var(--color-slate-200)' }}
                    labelStyle={{ color: 'var(--color-slate-900)' }}
                    formatter={(value, name, item) => [
                      `${formatCount(Number(value))} (${formatPercentage((item.payload as { percentage: number }).percentage)})`,
                      String(name),
                    ]}
                  />
                  <Legend
                    verticalAlign="bottom"
                    iconType="circle"
                    itemSorter={null}
                    wrapperStyle={{ fontSize: 12, lineHeight: '20px' }}
                    formatter={(value) => <span className="text-slate-700">{String(value)}</span>}
                  />
                </PieChart>
              </ResponsiveContainer>
            </div>
          ) : (
            <div className="flex h-40 items-center justify-center rounded-card border border-dashed border-slate-200 text-sm text-slate-600">
              {t('cards.noAnswers')}
            </div>
          )}
        </figure>
        {note && <p className="text-xs text-slate-600">{note}</p>}
      </div>
      <table className="w-full text-sm" aria-labelledby={labelId}>
        <thead>
          <tr className="border-b border-slate-200 text-start text-xs tracking-wide text-slate-600 uppercase">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('cards.choice.answer')}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {t('cards.choice.count')}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t('cards.choice.share')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((s, index) => (
            <tr key={s.answer} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pe-3 text-start font-normal text-slate-800">
                <span className="flex items-start gap-2">
                  <span
                    aria-hidden="true"
                    className="mt-1 size-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: colorAt(index) }}
                  />
                  <span className="break-words">{s.answer}</span>
                </span>
              </th>
              <td className="py-2 pe-3 text-end tabular-nums">{formatCount(s.count)}</td>
              <td className="py-2 text-end text-slate-600 tabular-nums">{formatPercentage(s.percentage)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
