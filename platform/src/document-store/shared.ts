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
  | { kind: 'write'; body: Record<string, unknown> };

/**
 * Runs a projection's `change` on a private copy of the current document and says what to write.
 * Returning the same reference without modifying it leaves the document as it is; a handler that
 * mutates the copy and returns it still gets its change written.
 */
export function runChange<T extends Doc>(
  current: Stored<T> | null,
  change: (current: Stored<T> | null) => T | null,
): ChangeOutcome {
  const before = current === null ? null : JSON.stringify(current);
  const copy = current === null ? null : (structuredClone(current) as Stored<T>);
  const next = change(copy);
  if (next === null || next === undefined) return current === null ? { kind: 'unchanged' } : { kind: 'delete' };
  if (next === copy && JSON.stringify(copy) === before) return { kind: 'unchanged' };
  return { kind: 'write', body: bodyOf(next) };
}
