import type { AppContext } from '../../context';
import { startPeriodicCleanup } from '../../lib/periodic';
import { enqueueMail } from './mail-outbox.repository';
import { claimDigest, hasResponsesBetween, listDigestsDue } from './notifications.repository';

/** How often each instance looks for daily digests that are due. */
export const DIGEST_INTERVAL_MS = 5 * 60_000;
const DAY_MS = 24 * 3_600_000;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of `instant` in `timeZone`, as if it were UTC, in milliseconds. */
function wallClockMs(instant: number, timeZone: string): number {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  const parts = new Map(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/**
 * Today's digest time: `hour`:00 of the day `now` falls on in `timeZone`, as an instant. On a day the clocks
 * skip that hour it is the moment they land on.
 */
export function digestTimeOn(now: Date, hour: number, timeZone: string): Date {
  const local = wallClockMs(now.getTime(), timeZone);
  const day = new Date(local);
  const wanted = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  // The offset at a first guess, then at the instant it gives (it differs around a clock change).
  let instant = wanted - (local - now.getTime());
  instant = wanted - (wallClockMs(instant, timeZone) - instant);
  return new Date(instant);
}

/** How long after the digest time the digest waits, so responses submitted just before it are committed. */
const COMMIT_GRACE_MS = 60_000;

type DigestDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'outbox'>;

/**
 * Once today's digest time (DIGEST_HOUR in DIGEST_TIME_ZONE) has passed, writes the daily digest of every
 * non-deleted survey set to "daily" whose last digest is older than today's time. Per survey, one transaction
 * moves `digest_sent_at` from the value read to today's digest time (only the instance whose update changed the
 * row goes on) and, when responses were submitted since the last digest's time (the first one: in the 24 hours
 * before), writes the digest mail.
 * No responses, no mail; the time moves on either way.
 */
export async function writeDueDigests(deps: DigestDeps): Promise<{ digests: number }> {
  const now = deps.clock.now();
  const digestTime = digestTimeOn(now, deps.config.digest.hour, deps.config.digest.timeZone);
  // A minute's grace after the digest time, so a response submitted just before it has been committed.
  if (now.getTime() < digestTime.getTime() + COMMIT_GRACE_MS) return { digests: 0 };
  // Each digest covers up to today's digest time, and the next one starts there: no response is in two digests,
  // and none falls between them.
  const until = digestTime.toISOString();
  let digests = 0;
  for (const survey of await listDigestsDue(deps.db.kysely, until)) {
    const since = survey.digestSentAt ?? new Date(digestTime.getTime() - DAY_MS).toISOString();
    const wrote = await deps.db.kysely.transaction().execute(async (trx) => {
      if (!(await claimDigest(trx, survey.id, survey.digestSentAt, until))) return false;
      if (!(await hasResponsesBetween(trx, survey.id, since, until))) return false;
      await enqueueMail(trx, survey.userId, { kind: 'digest', payload: { surveyId: survey.id, since, until } }, until);
      return true;
    });
    if (wrote) digests += 1;
  }
  if (digests > 0) deps.outbox.nudge();
  return { digests };
}

/** Looks for due digests right after start, then every DIGEST_INTERVAL_MS, until the stop function is called. */
export function startDigests(ctx: DigestDeps & Pick<AppContext, 'log'>): () => Promise<void> {
  return startPeriodicCleanup(ctx.log, 'daily digests', DIGEST_INTERVAL_MS, () => writeDueDigests(ctx));
}
