import { COLLECTIONS } from '@app/domain';
import type { DocumentStore } from '@app/platform';

/** Every read-model collection as sorted, key-ordered JSON: two stores compare equal when they hold the same documents. */
export async function readModelSnapshot(docs: DocumentStore): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const name of Object.values(COLLECTIONS)) {
    const all = await docs.collection(name).find({}, { sort: { _id: 1 } as never });
    out[name] = all.map((d) => stableJson(d));
  }
  return out;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
