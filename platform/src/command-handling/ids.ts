import { createHash } from 'node:crypto';

/**
 * A UUID (v5-shaped) derived from a name: the same message always yields the same event id,
 * so a redelivered message appends nothing new (idempotency by event id).
 */
export function deterministicId(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
