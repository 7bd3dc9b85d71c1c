import { isJsonObject, questionTypeIs, type QuestionType, type Statistic } from '@quorum/contract';

/** A JSON column's value; nothing (undefined) when it is empty or not JSON, so a damaged column never throws. */
export function parseJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Options stored as JSON text; unreadable options read as none. */
export function optionsFrom(text: string): string[] {
  const options = parseJson(text);
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
}

/** A type's settings stored as a JSON object; missing or unreadable settings read as none. */
export function settingsFrom(text: string | null): Record<string, unknown> {
  const settings = parseJson(text);
  return isJsonObject(settings) ? settings : {};
}

/** Settings as stored: null when there is nothing to keep, so a question without any reads as it always did. */
export function settingsText(settings: Record<string, unknown>): string | null {
  const kept = Object.entries(settings).filter(([, value]) => value !== undefined);
  return kept.length === 0 ? null : JSON.stringify(Object.fromEntries(kept));
}

/**
 * `allowOther` and `randomizeOptions` as the contract keeps them: present only when on, and only for a type whose
 * families offer them (`allowsOther`, `randomizable`), whatever the settings hold.
 */
export function flagsFrom(
  type: QuestionType,
  settings: Record<string, unknown>,
): { allowOther?: true; randomizeOptions?: true } {
  return {
    ...(settings.allowOther === true && questionTypeIs(type, 'allowsOther') ? { allowOther: true as const } : {}),
    ...(settings.randomizeOptions === true && questionTypeIs(type, 'randomizable')
      ? { randomizeOptions: true as const }
      : {}),
  };
}

/** The flags a question stores in its settings: those its type's families offer, when on (off is left out). */
export function flagSettings(question: {
  type: QuestionType;
  allowOther?: boolean | undefined;
  randomizeOptions?: boolean | undefined;
}): { allowOther: true | undefined; randomizeOptions: true | undefined } {
  return {
    allowOther: (questionTypeIs(question.type, 'allowsOther') && question.allowOther) || undefined,
    randomizeOptions: (questionTypeIs(question.type, 'randomizable') && question.randomizeOptions) || undefined,
  };
}

/** A list of texts stored in settings; anything else reads as none. */
export function textsFrom(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Whether two lists hold the same texts, whatever their order. */
export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((item) => set.has(item));
}

/**
 * A counter key made of several parts (a matrix row and column, a ranking position and option): JSON, so any
 * text in a part stays apart from the others. Read back with `keyParts`.
 */
export function compositeKey(...parts: ReadonlyArray<string | number>): string {
  return JSON.stringify(parts);
}

/** The parts of a `compositeKey`, or undefined for a key that is not one. */
export function keyParts(key: string): unknown[] | undefined {
  const parts = parseJson(key);
  return Array.isArray(parts) ? parts : undefined;
}

/**
 * Counters keyed by a pair (a composite key of two parts), grouped by one part and then the other. `read` turns a
 * key's two parts into [group, item], or undefined to pass over a key that does not fit (a damaged counter).
 */
export function pairCounts<G, I>(
  counts: { byAnswer: ReadonlyMap<string, number> },
  read: (first: unknown, second: unknown) => readonly [G, I] | undefined,
): Map<G, Map<I, number>> {
  const grouped = new Map<G, Map<I, number>>();
  for (const [key, count] of counts.byAnswer) {
    const parts = keyParts(key);
    const pair = parts?.length === 2 ? read(parts[0], parts[1]) : undefined;
    if (!pair) continue;
    const [group, item] = pair;
    let items = grouped.get(group);
    if (!items) grouped.set(group, (items = new Map()));
    items.set(item, (items.get(item) ?? 0) + count);
  }
  return grouped;
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

/**
 * A range a model wrote, as `key`: without its null bounds, and left out when every bound is null. Anything that is
 * no object goes to the contract as it is (which refuses it).
 */
export function modelRange(key: string, range: unknown): Record<string, unknown> {
  if (range === null || range === undefined) return {};
  if (typeof range !== 'object' || Array.isArray(range)) return { [key]: range };
  const bounds = Object.fromEntries(Object.entries(range).filter(([, v]) => v !== null && v !== undefined));
  return Object.keys(bounds).length > 0 ? { [key]: bounds } : {};
}
