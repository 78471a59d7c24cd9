import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ART_STYLE_IDS } from '@app/domain';
import { frameRgb, meanAbsDiff, probe, tempDir } from '../../testing/media';
import { createProceduralIllustrator, renderIllustration } from './procedural';
import { createStylePreviews } from './style-preview';

describe('When each art style illustrates the same scene', () => {
  const dir = tempDir('styles');
  const pixels = new Map<string, Buffer>();

  beforeAll(async () => {
    for (const style of ART_STYLE_IDS) {
      const out = await renderIllustration({ description: 'a fox by a lighthouse on a hill at sunset over the sea', style, width: 270, height: 480, seed: 'same', outPath: `${dir}/${style}.jpg` });
      pixels.set(style, await frameRgb(out, 0, { width: 27, height: 48 }));
    }
  }, 120_000);

  it('should draw every style visibly differently from every other', () => {
    for (const a of ART_STYLE_IDS) {
      for (const b of ART_STYLE_IDS) {
        if (a >= b) continue;
        expect({ pair: `${a}/${b}`, different: meanAbsDiff(pixels.get(a)!, pixels.get(b)!) > 8 }).toEqual({ pair: `${a}/${b}`, different: true });
      }
    }
  });

  it('should draw different scenes for different descriptions', async () => {
    const night = await renderIllustration({ description: 'a dark city skyline at night with rain', style: 'anime', width: 270, height: 480, seed: 'same', outPath: `${dir}/night.jpg` });
    expect(meanAbsDiff(await frameRgb(night, 0, { width: 27, height: 48 }), pixels.get('anime')!)).toBeGreaterThan(8);
  });

  it('should render a full 1080x1920 illustration quickly', async () => {
    const t0 = Date.now();
    const out = await renderIllustration({ description: 'a traveller on a mountain at dawn', style: 'watercolor', width: 1080, height: 1920, seed: 'big', outPath: `${dir}/big.jpg` });
    const ms = Date.now() - t0;
    const media = await probe(out);
    expect([media.video.width, media.video.height]).toEqual([1080, 1920]);
    expect(ms).toBeLessThan(4000);
  });

  it('should cache style previews on disk', async () => {
    const previews = createStylePreviews({ cacheDir: `${dir}/previews`, width: 240, height: 426 });
    const first = await previews.previewPath('neon');
    expect(first).toMatch(/neon\.jpg$/);
    expect(await previews.previewPath('neon')).toBe(first);
    expect(await previews.previewPath('no-such-style')).toBeNull();
  });
});

describe('When a render worker illustrates scenes under its abort signal', () => {
  it('should draw them while the signal is live, and stop once it is aborted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signal-'));
    const illustrator = createProceduralIllustrator();
    const request = { scenes: ['a fox on a hill'], lines: ['The fox sleeps in the snow.'], language: 'English' as const, topic: 'Fun Facts', style: 'anime', width: 270, height: 480, seed: 'signal', outDir: dir };
    const [out] = await illustrator.illustrate(request, new AbortController().signal);
    expect(existsSync(out)).toBe(true);
    const aborted = new AbortController();
    aborted.abort(new Error('superseded'));
    await expect(illustrator.illustrate({ ...request, outDir: join(dir, 'again') }, aborted.signal)).rejects.toThrow();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('When the render workers are configured with another ffmpeg (FFMPEG_PATH)', () => {
  it('should run that program, not the one on PATH', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ffmpeg-path-'));
    const calls = join(dir, 'calls.log');
    const wrapper = join(dir, 'my-ffmpeg');
    writeFileSync(wrapper, `#!/bin/sh\necho called >> '${calls}'\nexec ffmpeg "$@"\n`, { mode: 0o755 });
    const illustrator = createProceduralIllustrator({ tools: { ffmpeg: wrapper, ffprobe: 'ffprobe' } });
    const [out] = await illustrator.illustrate({ scenes: ['a lighthouse at dusk'], style: 'pixel', width: 270, height: 480, seed: 'tools', outDir: dir });
    expect(existsSync(out)).toBe(true);
    expect(readFileSync(calls, 'utf8')).toContain('called');
    rmSync(dir, { recursive: true, force: true });
  });
});
