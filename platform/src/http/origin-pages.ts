import { stat, readFile } from 'node:fs/promises';
import type { Request, Response } from 'express';
import { escapeHtml } from '../shared/escape-html';
import { Lru } from '../shared/lru';
import { acceptedEncoding, encodePage, sendPage } from './html-answers';

/** Where the build left the product's public origin to be filled in (web/scripts/prerender.mjs). */
export const ORIGIN_MARK = '{{origin}}';

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A URL's origin (`https://host:port`), or '' when `url` is not one. */
export function originOf(url: string): string {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}

/**
 * The prerendered pages that name their own absolute URL (canonical link, og:url, og:image), which
 * the build cannot know: each is filled in with the origin it is served at (escaped: a host may hold `"` or `&`) and compressed once per
 * origin and file version, in the libuv pool (zlib's async calls), never on the loop. A page without
 * the mark answers `false` (the static files serve it as built). The published origin gets brotli's
 * best; an origin named by a request's Host (no PUBLIC_URL, or a visitor's own) a quick setting, so
 * that requests naming ever new hosts cost little.
 */
export function originPages(publicUrl: string | null): (file: string, origin: string, req: Request, res: Response) => Promise<boolean> {
  const filled = new Lru<Promise<Encoded | null>>(64);
  const published = publicUrl === null ? null : originOf(publicUrl);
  const encode = async (file: string, origin: string): Promise<Encoded | null> => {
    const best = origin === published;
    const html = await readFile(file, 'utf8');
    if (!html.includes(ORIGIN_MARK)) return null;
    const identity = Buffer.from(html.replaceAll(ORIGIN_MARK, escapeHtml(origin)), 'utf8');
    const [br, gz] = await Promise.all([encodePage(identity, 'br', { best }), encodePage(identity, 'gzip', { best })]);
    return { identity, br, gzip: gz };
  };
  return async (file, origin, req, res) => {
    const version = await stat(file).then((s) => s.mtimeMs, () => null);
    if (version === null) return false;
    const at = originOf(origin);
    const key = `${file}\u0000${version}\u0000${at}`;
    let pending = filled.get(key);
    if (!pending) {
      pending = encode(file, at);
      pending.catch(() => filled.delete(key));
      filled.set(key, pending);
    }
    const page = await pending;
    if (!page) return false;
    const encoding = acceptedEncoding(req);
    sendPage(res, page[encoding], encoding, 'no-cache');
    return true;
  };
}
