import { z } from 'zod';

const INSTANT_ERROR = 'expected an ISO date (2026-11-24) or date and time (2026-11-24T13:40:00Z)';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A bound of a time range in a query: an ISO date (midnight UTC) or an ISO date and time with its offset, read
 * as the UTC instant in the form the database stores (`2026-11-24T13:40:00.000Z`).
 */
export const isoInstantSchema = z
  .string()
  .max(40, { error: INSTANT_ERROR })
  .refine((v) => (ISO_DATE.test(v) || ISO_DATE_TIME.test(v)) && !Number.isNaN(Date.parse(v)), {
    error: INSTANT_ERROR,
  })
  .transform((v) => new Date(ISO_DATE.test(v) ? `${v}T00:00:00Z` : v).toISOString());

/** Whether `name` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `tz`: the viewer's IANA time zone, for counts per day; UTC when left out. */
export const timeZoneSchema = z
  .string()
  .max(64, { error: 'tz must be an IANA time zone such as Europe/Paris' })
  .refine(isTimeZone, { error: 'tz must be an IANA time zone such as Europe/Paris' });
