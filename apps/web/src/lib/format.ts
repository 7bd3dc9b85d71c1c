import { currentLanguage, i18n } from '@/i18n/i18n';

/** The `Intl` locale of the interface's language (English keeps US grouping and dates: 1,000). */
const intlLocale = () => {
  const language = currentLanguage();
  return language === 'en' ? 'en-US' : language;
};

/** One formatter per language and options, made on first use. */
function cached<F>(make: (locale: string) => F): () => F {
  const byLocale = new Map<string, F>();
  return () => {
    const locale = intlLocale();
    let formatter = byLocale.get(locale);
    if (!formatter) {
      formatter = make(locale);
      byLocale.set(locale, formatter);
    }
    return formatter;
  };
}

const counts = cached((locale) => new Intl.NumberFormat(locale));

export const formatCount = (value: number) => counts().format(value);

/** A share as "33.3%" (the server rounds to one decimal place). */
export const formatPercentage = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

const dateTime = cached((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

/** A stored ISO time in the interface's language and the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}

export const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

const shortDay = cached(
  (locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
);
const longDay = cached((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }));

/** A day as a UTC time (its midnight) in words: "Mar 5" (short) or "Mar 5, 2026" (long). */
export const formatUtcDay = (ms: number, style: 'short' | 'long') =>
  (style === 'short' ? shortDay : longDay)().format(ms);

/** A duration in seconds as "45 s", "3 min 20 s" or "1 h 5 min" (the units in the interface's language). */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const t = (key: string, values: Record<string, number>) => i18n.t(`common:duration.${key}`, values);
  if (total < 60) return t('seconds', { seconds: total });
  const minutes = Math.floor(total / 60);
  if (minutes < 60) {
    return total % 60 === 0 ? t('minutes', { minutes }) : t('minutesSeconds', { minutes, seconds: total % 60 });
  }
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? t('hours', { hours }) : t('hoursMinutes', { hours, minutes: minutes % 60 });
}

const relative = cached((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const RELATIVE_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** A stored ISO time relative to now: "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit);
  }
  return i18n.t('common:time.justNow');
}
