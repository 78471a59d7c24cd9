import type { Doc, Stored } from './port';

/** Collection names: letters, digits, `_`, `-`, `.`; not starting with `_` (reserved: `_checkpoints`). */
const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,119}$/;
/** Field paths used in filters, sorts and indexes: identifiers, dotted for nested fields. */
const FIELD_PATH = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;

export const CHECKPOINTS = '_checkpoints';

export function assertCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name)) {
    throw new Error(`Invalid collection name "${name}": use letters, digits, "_", "-" or ".", starting with a letter`);
  }
}

export function assertFieldPath(path: string): void {
  if (!FIELD_PATH.test(path)) throw new Error(`Invalid field path "${path}"`);
}

export function assertPosition(position: number): void {
  if (!Number.isSafeInteger(position) || position < 0) throw new Error(`Invalid position ${position}`);
}

/** The stored body of a document: everything but `_id` and `_position`, with `undefined` fields dropped. */
export function bodyOf(doc: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === '_id' || key === '_position' || value === undefined) continue;
    body[key] = value;
  }
  return body;
}

export type ChangeOutcome =
  | { kind: 'unchanged' }
  | { kind: 'delete' }
  | { kind: 'write'; body: Record<string, unknown>; text: string };

/**
 * Runs a projection's `change` on the current document and says what to write. The document is the
 * caller's own (read for this call), so the change gets it uncopied and may modify it. `storedText`
 * is its body serialized as read (`JSON.stringify(bodyOf(...))`, what the SQLite rows hold): a
 * change that returns the same document still serializing to it leaves it as it is; one that
 * modifies it and returns it, or returns another, gets it written (`text` is that body serialized).
 */
export function runChange<T extends Doc>(
  current: Stored<T> | null,
  change: (current: Stored<T> | null) => T | null,
  storedText: string | null,
): ChangeOutcome {
  const next = change(current);
  if (next === null || next === undefined) return current === null ? { kind: 'unchanged' } : { kind: 'delete' };
  const body = bodyOf(next as Record<string, unknown>);
  const text = JSON.stringify(body);
  if (current !== null && next === current && text === storedText) return { kind: 'unchanged' };
  return { kind: 'write', body, text };
}
