import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { offlineProviders, run, tempDir } from '@app/render-workers/testing';
import type { BenchRow } from './stores';

/**
 * Images stage benchmarks (2 cores):
 *  (a) the offline illustrator drawing the 8 scenes of a short 9:16 video at 1080×1920: each
 *      line's subjects matched, the scene composed as SVG, rasterised by resvg in libuv's pool and
 *      finished by one ffmpeg run, as in a render (its concurrency, 2). Best of BENCH_ROUNDS.
 *  (b) the scene SVGs it drew, in two art styles, rasterised to a 1080×1920 PNG one at a time by
 *      resvg (@resvg/resvg-js in process, the illustrator's renderer) and by librsvg (rsvg-convert,
 *      Debian's librsvg2-bin, one process per scene as a command-line rasteriser runs): ms per
 *      scene over the same SVGs, each the best of BENCH_ROUNDS (default 2) rounds, and the ratio.
 *      Skipped, with a row saying so, when rsvg-convert is not installed.
 */
export async function benchImages(): Promise<BenchRow[]> {
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
  const root = tempDir('bench-images');
  const { illustrator } = offlineProviders();
  const width = 1080;
  const height = 1920;
  const rows: BenchRow[] = [];
  const svgs: string[] = [];
  try {
    for (const style of STYLES) {
      const times: number[] = [];
      for (let round = 0; round < (style === STYLES[0] ? rounds : 1); round++) {
        const outDir = join(root, `${style}-${round}`);
        const t0 = performance.now();
        await illustrator.illustrate({ scenes: SCENES.map((s) => s.scene), lines: SCENES.map((s) => s.line), language: 'English', topic: 'Fun Facts', style, width, height, seed: `bench-${style}`, outDir, svgOut: true });
        times.push((performance.now() - t0) / 1000);
        if (round === 0) svgs.push(...readdirSync(outDir).filter((f) => f.endsWith('.svg')).sort().map((f) => join(outDir, f)));
      }
      if (style === STYLES[0]) rows.push({ name: `images stage, offline illustrator, ${SCENES.length} scenes 1080×1920 (${style}), best of ${times.map((t) => t.toFixed(2)).join(', ')}`, value: round2(Math.min(...times)), unit: 's' });
    }

    // (b) The same SVGs through both rasterisers, at the frame's full size.
    const resvgMs = (path: string) => {
      const svg = readFileSync(path, 'utf8');
      const t0 = performance.now();
      new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false }, logLevel: 'off' }).render().asPng();
      return performance.now() - t0;
    };
    const version = rsvgVersion();
    if (!version) {
      rows.push({ name: 'librsvg comparison skipped: rsvg-convert not found (apt-get install librsvg2-bin)', value: 0, unit: '' });
      return rows;
    }
    const librsvgMs = async (path: string) => {
      const t0 = performance.now();
      await run('rsvg-convert', ['-w', String(width), '-h', String(height), '-f', 'png', '-o', `${path}.png`, path]);
      return performance.now() - t0;
    };
    const best = { resvg: svgs.map(() => Infinity), librsvg: svgs.map(() => Infinity) };
    for (let round = 0; round < rounds; round++) {
      // Alternate the two on each scene, so that a noisy moment on the shared machine falls on both.
      for (const [i, path] of svgs.entries()) {
        best.resvg[i] = Math.min(best.resvg[i], resvgMs(path));
        best.librsvg[i] = Math.min(best.librsvg[i], await librsvgMs(path));
      }
    }
    const perScene = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const resvg = perScene(best.resvg);
    const librsvg = perScene(best.librsvg);
    const what = `${svgs.length} scene SVGs (${STYLES.join(', ')}) → PNG 1080×1920, best of ${rounds}`;
    rows.push({ name: `resvg (@resvg/resvg-js, in process), ${what}`, value: Math.round(resvg), unit: 'ms/scene' });
    rows.push({ name: `librsvg (${version}, a process per scene), ${what}`, value: Math.round(librsvg), unit: 'ms/scene' });
    rows.push({ name: 'librsvg ÷ resvg, per scene', value: round2(librsvg / resvg), unit: 'ratio' });
    return rows;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Two art styles: a cel-shaded one (outlines, posterized subjects) and a soft one (gradients, blurs). */
const STYLES = ['anime', 'ghibli'];

/** Eight scenes of a Fun Facts video: the narration line and the writer's description. */
const SCENES = [
  { line: 'Octopuses have three hearts and blue blood.', scene: 'an illustration of: an octopus in a deep blue sea, glowing' },
  { line: 'Honey found in ancient tombs was still good to eat.', scene: 'an illustration of: a jar of honey in an ancient tomb, golden light' },
  { line: 'Bananas are berries, but strawberries are not.', scene: 'an illustration of: bananas and strawberries on a market stall' },
  { line: 'A snail can sleep for three years.', scene: 'an illustration of: a snail asleep on a leaf in the rain' },
  { line: 'Flamingos are pink because of the shrimp they eat.', scene: 'an illustration of: flamingos in a lagoon at sunset' },
  { line: 'The Eiffel Tower grows taller in summer.', scene: 'an illustration of: the Eiffel Tower on a hot summer day' },
  { line: 'Sloths can hold their breath longer than dolphins.', scene: 'an illustration of: a sloth hanging over a river, a dolphin below' },
  { line: 'Cows have best friends and get stressed when apart.', scene: 'an illustration of: two cows in a green meadow' },
];

/** The installed rsvg-convert's version ("rsvg-convert 2.54.7"), or null. */
function rsvgVersion(): string | null {
  try {
    return execFileSync('rsvg-convert', ['--version'], { encoding: 'utf8' }).trim().replace(/ version /, ' ');
  } catch {
    return null;
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
