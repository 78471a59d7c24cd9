/**
 * AVIF and WebP copies of the JPEG posters in public/media (the demo, the samples, the guides), made
 * with ffmpeg (libaom-av1 as a still picture, libwebp) the first time a poster is seen and kept in
 * Vite's cache directory by the JPEG's content hash: the build writes them next to their JPEG in
 * dist/media/, the dev server answers them from the cache. A 20 KB JPEG becomes about 5 KB of AVIF.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const run = promisify(execFile);

/** The encoders' settings: visually close to the JPEGs at a fraction of their size. */
const FORMATS = {
  avif: ['-c:v', 'libaom-av1', '-still-picture', '1', '-crf', '34', '-b:v', '0', '-cpu-used', '6', '-pix_fmt', 'yuv420p'],
  webp: ['-c:v', 'libwebp', '-quality', '75'],
} as const;
type Format = keyof typeof FORMATS;

interface Poster {
  /** `media/demo.avif` */
  fileName: string;
  cached: string;
}

async function encode(ffmpeg: string, source: string, format: Format, target: string): Promise<void> {
  const partial = `${target}.partial.${format}`;
  await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, '-frames:v', '1', ...FORMATS[format], partial]);
  renameSync(partial, target);
}

/** Run `jobs` at most `limit` at a time (the machine's encoders share its cores). */
async function inTurns(jobs: Array<() => Promise<void>>, limit: number): Promise<void> {
  const queue = [...jobs];
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  }));
}

export function posters(): Plugin {
  let mediaDir = '';
  let cacheDir = '';
  let made: Poster[] = [];

  async function makeAll(): Promise<Poster[]> {
    if (!existsSync(mediaDir)) return [];
    mkdirSync(cacheDir, { recursive: true });
    const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
    const posters: Poster[] = [];
    const jobs: Array<() => Promise<void>> = [];
    for (const jpeg of readdirSync(mediaDir).filter((name) => /\.jpe?g$/i.test(name))) {
      const source = join(mediaDir, jpeg);
      const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
      for (const format of Object.keys(FORMATS) as Format[]) {
        const cached = join(cacheDir, `${hash}.${format}`);
        posters.push({ fileName: `media/${basename(jpeg).replace(/\.jpe?g$/i, `.${format}`)}`, cached });
        if (!existsSync(cached)) jobs.push(() => encode(ffmpeg, source, format, cached));
      }
    }
    await inTurns(jobs, 2);
    return posters;
  }

  return {
    name: 'posters',
    configResolved(config) {
      mediaDir = join(config.publicDir, 'media');
      cacheDir = join(config.cacheDir, 'posters');
    },
    async buildStart() {
      if (this.environment?.config.consumer === 'server') return;
      made = await makeAll();
    },
    generateBundle() {
      if (this.environment?.config.consumer === 'server') return;
      for (const poster of made) this.emitFile({ type: 'asset', fileName: poster.fileName, source: readFileSync(poster.cached) });
    },
    async configureServer(server) {
      const byUrl = new Map((await makeAll()).map((poster) => [`/${poster.fileName}`, poster.cached]));
      server.middlewares.use((req, res, next) => {
        const cached = req.url ? byUrl.get(req.url.split('?')[0]) : undefined;
        if (!cached) return next();
        res.setHeader('content-type', cached.endsWith('.avif') ? 'image/avif' : 'image/webp');
        res.end(readFileSync(cached));
      });
    },
  };
}
