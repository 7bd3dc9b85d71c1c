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
