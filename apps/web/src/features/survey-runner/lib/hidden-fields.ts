import { HIDDEN_FIELD_VALUE_MAX } from '@quorum/contract';
/**
 * The survey's hidden fields from the public link's query (`?source=newsletter`): declared keys only, each value
 * cut to the longest the server takes; a key given twice keeps its first value, an empty one is left out.
 */
export function hiddenFieldsFromQuery(search: string, declared: readonly string[]): Record<string, string> {
  const query = new URLSearchParams(search);
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const key of declared) {
    const value = query.get(key);
    if (value) values[key] = value.slice(0, HIDDEN_FIELD_VALUE_MAX);
  }
  return values;
}

/** Saved values (from storage) that still fit the survey's declared keys and limits. */
export function keptHiddenFields(saved: unknown, declared: readonly string[]): Record<string, string> {
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  if (typeof saved !== 'object' || saved === null) return values;
  for (const key of declared) {
    if (!Object.prototype.hasOwnProperty.call(saved, key)) continue;
    const value: unknown = Reflect.get(saved, key);
    if (typeof value === 'string' && value !== '') values[key] = value.slice(0, HIDDEN_FIELD_VALUE_MAX);
  }
  return values;
}
