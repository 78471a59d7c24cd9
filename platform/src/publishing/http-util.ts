import type { Readable } from 'node:stream';
import { PublishError, type PublishErrorKind } from './port';

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A PublishError from an HTTP status when the body says nothing more specific. */
export function errorForStatus(status: number, message: string): PublishError {
  let kind: PublishErrorKind = 'rejected';
  if (status === 401) kind = 'auth';
  else if (status === 429) kind = 'rate_limit';
  else if (status >= 500) kind = 'unavailable';
  return new PublishError(kind, message, status);
}

export async function jsonBody(res: Response): Promise<any> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text.slice(0, 200) };
  }
}

/** fetch with network failures turned into a retryable PublishError. */
export async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new PublishError('unavailable', `Network error: ${String((error as { cause?: unknown })?.cause ?? error)}`);
  }
}
