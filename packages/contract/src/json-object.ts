/**
 * Whether a value read from JSON (a stored column, browser storage, a service's answer) is an object with named
 * fields: not null and not an array. Narrows to a record of unknown values, each still to be checked as it is read.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
