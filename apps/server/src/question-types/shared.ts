import type { Statistic } from '@quorum/contract';

export function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Options stored as JSON text; unreadable options read as none. */
export function optionsFrom(text: string): string[] {
  const options = parseJson(text);
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
}

/**
 * Every listed answer in order, zero counts included, then answers no longer listed that were given (most given
 * first, then alphabetically).
 */
export function listedStatistics(
  listed: readonly string[],
  byAnswer: ReadonlyMap<string, number>,
  statistic: (answer: string, count: number) => Statistic,
): Statistic[] {
  const known = new Set(listed);
  return [
    ...listed.map((answer) => statistic(answer, byAnswer.get(answer) ?? 0)),
    ...[...byAnswer]
      .filter(([answer, count]) => !known.has(answer) && count > 0)
      .sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : a > b ? 1 : 0))
      .map(([answer, count]) => statistic(answer, count)),
  ];
}
