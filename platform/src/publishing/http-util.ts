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
    return parseJsonKeepingBigIntegers(text);
  } catch {
    return { raw: text.slice(0, 200) };
  }
}

/**
 * JSON.parse, except that integers too long to be exact as a JS number (TikTok's 19-digit post
 * ids) come back as strings instead of being silently rounded.
 */
export function parseJsonKeepingBigIntegers(text: string): unknown {
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c !== '-' && (c < '0' || c > '9')) continue;
    let end = i + 1;
    while (end < text.length && /[0-9.eE+-]/.test(text[end])) end++;
    const literal = text.slice(i, end);
    if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
      out += `${text.slice(from, i)}"${literal}"`;
      from = end;
    }
    i = end - 1;
  }
  return JSON.parse(out + text.slice(from));
}

/** fetch with network failures turned into a retryable PublishError. */
export async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new PublishError('unavailable', `Network error: ${String((error as { cause?: unknown })?.cause ?? error)}`);
  }
}
