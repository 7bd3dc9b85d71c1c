import type { ReactNode } from 'react';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { PIE_COLORS, type QuestionResult } from '@quorum/contract';
import { formatCount, formatPercentage } from '@/lib/format';

const colorAt = (index: number) => PIE_COLORS[index % PIE_COLORS.length]!;

/**
 * The results of a choice question (either choice type): a pie of the answers (six fixed colours, legend at the bottom) beside a table with the
 * same counts and shares. The table is the chart's text equivalent, so the drawing is hidden from screen readers.
 */
export function ChoiceResult({
  question,
  labelId,
  note,
}: {
  question: QuestionResult;
  labelId: string;
  note?: ReactNode;
}) {
  const data = question.statistics.map((s) => ({ ...s }));
  const hasAnswers = question.answeredCount > 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-center">
      <figure className="m-0" aria-hidden="true">
        {hasAnswers ? (
          <div className="h-72 w-full" data-testid="pie-chart">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={data}
                  dataKey="count"
                  nameKey="answer"
                  outerRadius="78%"
                  innerRadius="0%"
                  stroke="#fff"
                  strokeWidth={2}
                  isAnimationActive={false}
                  rootTabIndex={-1}
                >
                  {data.map((entry, index) => (
                    <Cell key={entry.answer} fill={colorAt(index)} />
                  ))}
                </Pie>
                <Tooltip
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
            No answers yet
          </div>
        )}
      </figure>
      <table className="w-full text-sm" aria-labelledby={labelId}>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase">
            <th scope="col" className="py-2 pr-3 font-medium">
              Answer
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Count
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {question.statistics.map((s, index) => (
            <tr key={s.answer} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-800">
                <span className="flex items-start gap-2">
                  <span
                    aria-hidden="true"
                    className="mt-1 size-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: colorAt(index) }}
                  />
                  <span className="break-words">{s.answer}</span>
                </span>
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{formatCount(s.count)}</td>
              <td className="py-2 text-right text-slate-600 tabular-nums">{formatPercentage(s.percentage)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {note && <p className="text-xs text-slate-600 lg:col-span-2">{note}</p>}
    </div>
  );
}
