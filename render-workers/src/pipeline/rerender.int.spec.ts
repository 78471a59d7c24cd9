import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalDiskBlobStore } from '@app/platform';
import { CAPTION_PRESET_IDS, DEFAULT_CAPTION_STYLE, type Language, type RenderedMedia, type RenderRequest, type Script } from '@app/domain';
import { DEFAULT_MEDIA_TOOLS, run } from '../shared/exec';
import { aRenderRequest } from '../testing/builders';
import { ensureNativeHelper, frameRgb, integratedLoudness, meanAbsDiff, offlineProviders, probe, quietLogger, rmsLevel, tempDir, x264Settings } from '../testing/media';
import type { Assembler } from '../stages/assemble/port';
import type { Illustrator } from '../stages/images/port';
import { createRenderPipeline, type PipelineStage } from './render-pipeline';

beforeAll(() => ensureNativeHelper());

/**
 * Re-renders from the studio: one video rendered once, then again with one thing changed at a
 * time; each re-render must run only the stages that thing feeds.
 */
describe('When a video is re-rendered after an edit in the studio', () => {
  const root = tempDir('rerender');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const providers = offlineProviders({ preset: 'ultrafast' });
  let runs: PipelineStage[] = [];
  const drawn: string[][] = [];
  const illustrator: Illustrator = {
    name: providers.illustrator.name,
    illustrate: (request, signal) => {
      drawn.push(request.scenes);
      return providers.illustrator.illustrate(request, signal);
    },
  };
  // The gain hint each mix is given (an earlier mix of the same narration's gain), and the gain it used.
  const mixes: Array<{ hint: number | undefined; gainDb: number | undefined }> = [];
  const assembler: Assembler = {
    ...providers.assembler,
    mix: async (request, signal) => {
      const result = await providers.assembler.mix(request, signal);
      mixes.push({ hint: request.gainHintDb, gainDb: result.gainDb });
      return result;
    },
  };
  const pipeline = createRenderPipeline({
    ...providers, illustrator, assembler, blobs, workDir: `${root}/work`, logger: quietLogger(), frame: () => ({ width: 270, height: 480 }),
    onStageRun: (stage) => runs.push(stage),
  });
  const first = aRenderRequest({ duration: 30, topic: 'Fun Facts' });
  let script: Script;
  let v1: RenderedMedia;
  let request: RenderRequest;

  const rerender = async (change: Partial<RenderRequest>) => {
    runs = [];
    drawn.length = 0;
    request = { ...request, ...change, version: (request.version ?? 1) + 1 };
    return pipeline.run(request, { onStatus: () => undefined });
  };
  const path = (media: RenderedMedia) => blobs.localPath(media.videoKey)!;
  /** A digest of the video stream's packets as stored (the same only for a stream copied bit for bit). */
  const videoStreamMd5 = async (file: string) => (await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-'])).stdout.trim();
  /** Picture and mix run side by side once narration is done: their order is not defined, the rest is. */
  const expectNarratedAgain = () => {
    const ran = runs.filter((stage) => stage !== 'music');
    expect([...ran].sort()).toEqual(['mix', 'mux', 'narration', 'picture', 'upload']);
    expect(ran[0]).toBe('narration');
    expect(ran.slice(-2)).toEqual(['mux', 'upload']);
  };

  beforeAll(async () => {
    v1 = await pipeline.run(first, { onStatus: (p) => void (script = p.script ?? script) });
    request = { ...first, script };
  }, 120_000);

  it('should keep every scene picture for the storyboard, with its time span', async () => {
    expect(v1.scenes).toHaveLength(script.narrationScript.length);
    expect(v1.scenes![0].start).toBe(0);
    expect(v1.scenes![v1.scenes!.length - 1].end).toBeCloseTo(v1.durationSeconds, 3);
    for (const scene of v1.scenes!) expect(await blobs.stat(scene.imageKey)).not.toBeNull();
  });

  it('should redraw only the picture and mux again for a new caption style, into a new version', async () => {
    const v2 = await rerender({ captions: { preset: 'boxed', position: 'top', size: 'large', highlight: '#00FFAA' } });
    expect(runs).toEqual(['picture', 'mux', 'upload']);
    expect(v2.videoKey).toBe(`videos/user-1/${first.videoId}/v2/video.mp4`);
    const [before, after] = [await probe(path(v1)), await probe(path(v2))];
    expect(after.video.fps).toBe(30);
    expect(after.video.frames).toBe(before.video.frames);
    expect(after.duration).toBeCloseTo(before.duration, 1);
    // The words moved to the top band: it differs from the first version, where it held none.
    const top = { x: 0.05, y: 0.1, w: 0.9, h: 0.15 };
    const t = v1.scenes![0].end / 2;
    expect(meanAbsDiff(await frameRgb(path(v1), t, { width: 90, height: 30 }, top), await frameRgb(path(v2), t, { width: 90, height: 30 }, top))).toBeGreaterThan(4);
    // The earlier version stays where it was.
    expect(await blobs.stat(v1.videoKey)).not.toBeNull();
    // The creator waits on a re-render: its picture gets the quick encode (QUICK_ENCODE over the
    // render's own ultrafast here: CABAC and 8x8 transforms back on, CRF 23 + 2).
    const [own, quick] = [await x264Settings(path(v1)), await x264Settings(path(v2))];
    expect([own.crf, own.cabac, own['8x8dct']]).toEqual(['23.0', '0', '0']);
    expect([quick.crf, quick.cabac, quick['8x8dct']]).toEqual(['25.0', '1', '1']);
  }, 120_000);

  it('should keep the picture when only the music changes, its caption style read back in another key order', async () => {
    // The style as PostgreSQL's jsonb gives an event's data back: shortest keys first.
    const { preset, position, size, highlight } = request.captions!;
    await rerender({ captions: { size, preset, position, highlight }, music: { mood: 'auto', volume: 40, ducking: true } });
    expect(runs).toEqual(['mix', 'mux', 'upload']);
  }, 120_000);

  it('should only mix and mux again when the music is turned off, and the music should be gone', async () => {
    const before = path(await rerender({ music: { mood: 'auto', volume: 60, ducking: true } }));
    expect(runs).toEqual(['mix', 'mux', 'upload']);
    const silent = await rerender({ music: { mood: 'auto', volume: 0, ducking: true } });
    expect(runs).toEqual(['mix', 'mux', 'upload']);
    // Each new mix of the same narration starts from the gain the one before it needed (one pass when it still fits).
    const [last, previous] = [mixes.at(-1)!, mixes.at(-2)!];
    expect(previous.gainDb).toEqual(expect.any(Number));
    expect(last.hint).toBe(previous.gainDb);
    // The picture is copied into the new version, not encoded again.
    expect(await videoStreamMd5(path(silent))).toBe(await videoStreamMd5(before));
    // Before the narrator's first word (0.3 s lead) only the music plays.
    expect(await rmsLevel(before, 0, 0.25)).toBeGreaterThan(-50);
    expect(await rmsLevel(path(silent), 0, 0.25)).toBeLessThan(-70);
    const lufs = await integratedLoudness(path(silent));
    expect(lufs).toBeGreaterThan(-15.5);
    expect(lufs).toBeLessThan(-12.5);
  }, 120_000);

  it('should narrate again but draw nothing when a line changes, and draw one picture when one is regenerated', async () => {
    const lines = [...script.narrationScript];
    lines[1] = 'And here is a line the creator wrote themselves.';
    await rerender({ script: { ...script, narrationScript: lines } });
    // The music is composed again only if the new narration's length changed the bed's length.
    expectNarratedAgain();
    expect(drawn).toEqual([]);

    await rerender({ imageSeeds: script.narrationScript.map((_, i) => (i === 2 ? 'fresh-seed' : String(i))) });
    expect(drawn).toEqual([[script.scenes![2]]]);
    expect(runs).toEqual(['images', 'picture', 'mux', 'upload']);
  }, 180_000);

  it('should narrate again with the new voice, and neither write the script nor draw anything', async () => {
    const narrated = request.voiceId;
    await rerender({ voiceId: narrated === 'JBFqnCBsd6RMkjVDRZzb' ? 'EXAVITQu4vr4xnSDxMaL' : 'JBFqnCBsd6RMkjVDRZzb' });
    // New word timings move the captions (picture); the music is composed again only if the length changed.
    expectNarratedAgain();
    expect(drawn).toEqual([]);
  }, 120_000);

  it('should keep a moved scene\'s picture: reordering draws nothing', async () => {
    const order = [1, 0, ...script.narrationScript.slice(2).map((_, i) => i + 2)];
    const seeds = request.imageSeeds ?? script.narrationScript.map((_, i) => String(i));
    const current = request.script!;
    await rerender({
      script: { ...current, narrationScript: order.map((i) => current.narrationScript[i]), scenes: order.map((i) => current.scenes![i]) },
      imageSeeds: order.map((i) => seeds[i]),
    });
    expect(drawn).toEqual([]);
    expect(runs).not.toContain('images');
  }, 120_000);
});

/**
 * Every caption preset, in each of the three languages, burned into a real render: a frame of each
 * is kept in tests/artifacts/caption-presets/ to look at, and each preset draws its frames unlike
 * the one before it in the catalogue.
 */
describe('When a video is re-rendered with each caption preset', () => {
  const root = tempDir('presets');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const pipeline = createRenderPipeline({ ...offlineProviders({ preset: 'ultrafast' }), blobs, workDir: `${root}/work`, logger: quietLogger(), frame: () => ({ width: 360, height: 640 }) });
  const out = resolve(__dirname, '../../../tests/artifacts/caption-presets');

  it.each<[Language]>([['English'], ['Spanish'], ['French']])('should draw the %s captions of each preset differently', async (language) => {
    mkdirSync(out, { recursive: true });
    let script: Script | undefined;
    const first = aRenderRequest({ duration: 30, language, topic: 'Interesting History' });
    const v1 = await pipeline.run(first, { onStatus: (p) => void (script = p.script ?? script) });
    // Instants through the second and third scenes: the script is written anew each run, and a few
    // instants may all fall in pauses, when no preset shows a word.
    const instants = [1, 2].flatMap((scene) => [0.4, 0.9, 1.4, 1.9, 2.4].map((s) => v1.scenes![scene].start + s));
    const band = { x: 0, y: 0.35, w: 1, h: 0.3 };
    const frames: Buffer[][] = [];
    for (const [i, preset] of CAPTION_PRESET_IDS.entries()) {
      // A caption change re-runs only the picture and the mux: six presets cost little more than one render.
      const media = await pipeline.run({ ...first, script, version: i + 2, captions: { ...DEFAULT_CAPTION_STYLE, preset, position: 'middle' } }, { onStatus: () => undefined });
      const path = blobs.localPath(media.videoKey)!;
      await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-ss', instants[1].toFixed(2), '-i', path, '-frames:v', '1', join(out, `${preset}-${language.toLowerCase()}.png`)]);
      frames.push(await Promise.all(instants.map((t) => frameRgb(path, t, { width: 90, height: 40 }, band))));
    }
    for (let i = 1; i < frames.length; i++) {
      const differences = instants.map((_, k) => meanAbsDiff(frames[i - 1][k], frames[i][k]));
      expect([CAPTION_PRESET_IDS[i - 1], CAPTION_PRESET_IDS[i], Math.max(...differences) > 3]).toEqual([CAPTION_PRESET_IDS[i - 1], CAPTION_PRESET_IDS[i], true]);
    }
  }, 120_000);
});
