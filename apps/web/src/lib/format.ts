const counts = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => counts.format(value);

/** A share as "33.3%" (the server rounds to one decimal place). */
export const formatPercentage = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A stored ISO time in the viewer's locale and time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;
