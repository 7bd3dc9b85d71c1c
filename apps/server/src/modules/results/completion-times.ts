import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A completion time as the counters keep it: whole seconds, rounded down. */
export function completionSecondsOf(durationMs: number): number {
  return Math.max(0, Math.floor(durationMs / 1000));
}

/** The median of counted values (`count` of each `seconds`): the lower middle for an even total; null for none. */
export function medianOfCounts(rows: readonly { seconds: number; count: number }[]): number | null {
  const sorted = [...rows].filter((r) => r.count > 0).sort((a, b) => a.seconds - b.seconds);
  const total = sorted.reduce((sum, r) => sum + r.count, 0);
  if (total === 0) return null;
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (const row of sorted) {
    seen += row.count;
    if (seen >= middle) return row.seconds;
  }
  return null;
}

/**
 * A survey's completion times from its counters (never a scan of responses): the median in seconds (null before
 * any completion) and how many completions have a time.
 */
export async function readCompletionTimes(
  db: Kysely<Database>,
  surveyId: string,
): Promise<{ medianSeconds: number | null; count: number }> {
  const rows = await db
    .selectFrom('completion_times')
    .select(['seconds', 'count'])
    .where('survey_id', '=', surveyId)
    .execute();
  const counted = rows.map((r) => ({ seconds: Number(r.seconds), count: Number(r.count) }));
  return { medianSeconds: medianOfCounts(counted), count: counted.reduce((sum, r) => sum + r.count, 0) };
}
