/**
 * JSON text of a value with every object's keys in sorted order: equal for two values that hold
 * the same data, whatever order their keys came in. What the domain compares data by, and what
 * cache keys are made from: an event read back from PostgreSQL's jsonb has its keys in jsonb's
 * order (shortest first), not in the order they were written, so plain `JSON.stringify` of a
 * caption style from an event and of the same style from a command differ.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));
}

/** Whether two values hold the same data (JSON's view of it: key order aside, undefined members dropped). */
export function sameData(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
