import type { Timeline } from '@quorum/contract';

/**
 * The timeline counts responses per quarter hour: every time zone's offset from UTC is a whole number of
 * quarter hours, so any zone's days are made of whole quarters.
 */
export const QUARTER_MS = 15 * 60 * 1000;

/** The quarter hour an instant (ISO text or epoch milliseconds) falls in: epoch milliseconds ÷ 15 minutes. */
export function quarterOf(instant: string | number): number {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  return Math.floor(ms / QUARTER_MS);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DD" of an instant in `timeZone`. */
function dayIn(timeZone: string, ms: number): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(ms);
}

/**
 * Counts per quarter hour as counts per day in `timeZone` (an IANA name the contract checked): oldest first, days
 * without responses left out. Each quarter is dated once, so the cost follows the quarters, not the responses.
 */
export function daysFromQuarters(quarters: Iterable<readonly [number, number]>, timeZone: string): Timeline {
  const byDay = new Map<string, number>();
  for (const [quarter, count] of quarters) {
    if (count <= 0) continue;
    const day = dayIn(timeZone, quarter * QUARTER_MS);
    byDay.set(day, (byDay.get(day) ?? 0) + count);
  }
  return [...byDay].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, count]) => ({ date, count }));
}
