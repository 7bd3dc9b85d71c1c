import { currentLanguage, i18n } from '@/i18n/i18n';

/** The `Intl` locale of the interface's language (English keeps US grouping and dates: 1,000). */
const intlLocale = () => {
  const language = currentLanguage();
  return language === 'en' ? 'en-US' : language;
};

/** One formatter per language and options, made on first use. */
function cached<F>(make: (locale: string) => F, localeOf: () => string = intlLocale): () => F {
  const byLocale = new Map<string, F>();
  return () => {
    const locale = localeOf();
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

const decimals = cached((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));
const oneDecimal = cached(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** A figure with up to two decimal places ("8.13"; "8,13" in German); "–" when there is none. */
export const formatFigure = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : decimals().format(value);

/** A figure with one decimal place, an average or a rank ("4.0"; "4,0" in German); "–" when there is none. */
export const formatOneDecimal = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : oneDecimal().format(value);

const percentages = cached((locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }));

/** A share given in percent (one decimal place, as the server rounds it) the language's way: "33.3%", "33,3 %". */
export const formatPercentage = (value: number) => percentages().format(value / 100);

const dateTime = cached((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

/** A stored ISO time in the interface's language and the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}

const shortDay = cached(
  (locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
);
const longDay = cached((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }));

/** A day as a UTC time (its midnight) in words: "Mar 5" (short) or "Mar 5, 2026" (long). */
export const formatUtcDay = (ms: number, style: 'short' | 'long') =>
  (style === 'short' ? shortDay : longDay)().format(ms);

/** The locale of a calendar date in words: English writes the day first ("5 March 2026"). */
const calendarLocale = () => (currentLanguage() === 'en' ? 'en-GB' : intlLocale());
const calendarDay = cached(
  (locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  calendarLocale,
);
const calendarMonth = cached(
  (locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  calendarLocale,
);

/**
 * A stored calendar date in words, whatever the reader's time zone: "2026-03-05" as "5 March 2026" ("5. März 2026"
 * in German), "2026-03" as "March 2026"; any other text as it is, and "–" for none.
 */
export function formatCalendarDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return calendarDay().format(new Date(`${iso}T00:00:00Z`));
  if (/^\d{4}-\d{2}$/.test(iso)) return calendarMonth().format(new Date(`${iso}-01T00:00:00Z`));
  return iso;
}

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
