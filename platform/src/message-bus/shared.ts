/**
 * Kafka's default partitioner (murmur2 of the key, positive, modulo the partition count), so the
 * embedded bus spreads keys the way the real broker does.
 */
export function partitionFor(key: string, partitions: number): number {
  return (murmur2(Buffer.from(key)) & 0x7fffffff) % partitions;
}

function murmur2(data: Buffer): number {
  const seed = 0x9747b28c;
  const m = 0x5bd1e995;
  const r = 24;
  const length = data.length;
  let h = seed ^ length;
  const length4 = length >> 2;
  for (let i = 0; i < length4; i++) {
    const i4 = i * 4;
    let k = (data[i4] & 0xff) + ((data[i4 + 1] & 0xff) << 8) + ((data[i4 + 2] & 0xff) << 16) + ((data[i4 + 3] & 0xff) << 24);
    k = Math.imul(k, m);
    k ^= k >>> r;
    k = Math.imul(k, m);
    h = Math.imul(h, m);
    h ^= k;
  }
  const index = length4 * 4;
  const rest = length & 3;
  if (rest === 3) h ^= (data[index + 2] & 0xff) << 16;
  if (rest >= 2) h ^= (data[index + 1] & 0xff) << 8;
  if (rest >= 1) {
    h ^= data[index] & 0xff;
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h;
}

/** Exponential backoff for redeliveries: base, 2×base, 4×base… capped. */
export function backoffDelay(redeliveries: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, redeliveries - 1));
}

/** Kafka header values arrive as Buffers, strings or arrays of them; the port says strings. */
export function headerString(value: Buffer | string | (Buffer | string)[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((part) => part.toString()).join(',');
  return value.toString();
}

/** A message body as JSON; text that is not JSON stays text, for the consumer's schema to refuse (and dead-letter). */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
