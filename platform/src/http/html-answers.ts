import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** How an answer's body is encoded on the wire. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the browser accepts: brotli, then gzip, else none. */
export function acceptedEncoding(req: Request): Encoding {
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  return encoding === 'br' || encoding === 'gzip' ? encoding : 'identity';
}

/**
 * A page compressed in `encoding`, in the libuv pool (zlib's async calls), never on the loop. `best`
 * for a page compressed once and sent many times (brotli 11, gzip 9); otherwise a quick setting for
 * a page compressed for one answer or a few.
 */
export function encodePage(identity: Buffer, encoding: Encoding, { best = false }: { best?: boolean } = {}): Promise<Buffer> {
  if (encoding === 'br') return brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  if (encoding === 'gzip') return gzipped(identity, { level: best ? 9 : 6 });
  return Promise.resolve(identity);
}

/** An HTML page in its encoding, marked as depending on the encodings the browser accepts. */
export function sendPage(res: Response, body: Buffer, encoding: Encoding, cacheControl: string): void {
  res.vary('accept-encoding').type('html').set('cache-control', cacheControl);
  if (encoding !== 'identity') res.set('content-encoding', encoding);
  res.send(body);
}
