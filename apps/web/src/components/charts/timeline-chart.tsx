import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Timeline } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import { formatCount, formatUtcDay } from '@/lib/format';

/** Days without responses are drawn as zeros between the first and the last day, up to this many days. */
const MAX_FILLED_DAYS = 1_100;
const DAY_MS = 86_400_000;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The timeline with every day from the first to the last (zeros where the API left a day out). */
export function fillTimeline(timeline: Timeline): Timeline {
  const [head, end] = [timeline[0], timeline.at(-1)];
  if (timeline.length < 2 || !head || !end) return timeline;
  const first = dayMs(head.date);
  const last = dayMs(end.date);
  if (!Number.isFinite(first) || !Number.isFinite(last) || (last - first) / DAY_MS > MAX_FILLED_DAYS) return timeline;
  const counts = new Map(timeline.map((point) => [point.date, point.count]));
  const filled: Timeline = [];
  for (let ms = first; ms <= last; ms += DAY_MS) {
    const date = dayOf(ms);
    filled.push({ date, count: counts.get(date) ?? 0 });
  }
  return filled;
}

/** A "YYYY-MM-DD" day as words; the day is already the viewer's, so it is formatted as is (UTC). */
export const formatDay = (day: string, style: 'short' | 'long' = 'long') => {
  const ms = dayMs(day);
  return Number.isFinite(ms) ? formatUtcDay(ms, style) : day;
};

/** The timeline in one sentence: the total, the span and the busiest day. */
export function describeTimeline(timeline: Timeline): string {
  const [head, end] = [timeline[0], timeline.at(-1)];
  if (!head || !end) return i18n.t('common:timeline.empty');
  const total = timeline.reduce((sum, point) => sum + point.count, 0);
  const busiest = timeline.reduce((best, point) => (point.count > best.count ? point : best));
  const first = head.date;
  const last = end.date;
  const values = { total, count: busiest.count, busiest: formatDay(busiest.date) };
  return first === last
    ? i18n.t('common:timeline.summaryOneDay', { ...values, day: formatDay(first) })
    : i18n.t('common:timeline.summaryRange', { ...values, first: formatDay(first), last: formatDay(last) });
}

/**
 * Responses per day as a line, with a sentence and a table (for screen readers) saying the same. `timeZone` is
 * the zone the days were counted in.
 */
export function TimelineChart({
  timeline,
  timeZone,
  title,
}: {
  timeline: Timeline;
  timeZone?: string;
  title?: string;
}) {
  const { t } = useTranslation('common');
  const heading = title ?? t('timeline.title');
  const headingId = useId();
  const data = fillTimeline(timeline);
  return (
    <figure className="m-0 space-y-3" aria-labelledby={headingId} data-testid="timeline-chart">
      <figcaption>
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {heading}
        </h3>
        <p className="mt-0.5 text-sm text-slate-600">
          {describeTimeline(timeline)}
          {timeZone && <span className="text-slate-600"> {t('timeline.daysIn', { timeZone })}</span>}
        </p>
      </figcaption>
      {data.length > 0 ? (
        <div className="h-56 w-full" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid stroke="var(--color-slate-200)" vertical={false} />
              <XAxis
                dataKey="date"
                tickFormatter={(day: string) => formatDay(day, 'short')}
                tick={{ fontSize: 12, fill: 'var(--color-slate-600)' }}
                minTickGap={24}
              />
              <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: 'var(--color-slate-600)' }} width={48} />
              <Tooltip
                contentStyle={{ backgroundColor: 'var(--color-white)', borderColor: 'var(--color-slate-200)' }}
                labelStyle={{ color: 'var(--color-slate-900)' }}
                labelFormatter={(day) => formatDay(String(day))}
                formatter={(value) => [formatCount(Number(value)), t('timeline.responses')]}
              />
              <Line
                type="linear"
                dataKey="count"
                stroke="var(--color-accent-600)"
                strokeWidth={2}
                dot={data.length <= 31}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      ) : null}
      {timeline.length > 0 && (
        <table className="sr-only">
          <caption>{t('timeline.perDay', { title: heading })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('timeline.day')}</th>
              <th scope="col">{t('timeline.responses')}</th>
            </tr>
          </thead>
          <tbody>
            {timeline.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatDay(point.date)}</th>
                <td>{formatCount(point.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
