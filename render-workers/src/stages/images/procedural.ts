import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { languageCode } from '@app/domain';
import { Resvg, renderAsync } from '@resvg/resvg-js';
import { forEachConcurrently } from '../../shared/async';
import { hashString } from '../../shared/random';
import { DEFAULT_MEDIA_TOOLS, run, type MediaTools } from '../../shared/exec';
import type { IllustrationRequest, Illustrator, SceneSubjects } from './port';
import { readScene } from './scene';
import { styleLook, type StyleLook } from './styles';
import { planSubjects, type PickedSubject } from './subjects/match';
import { sceneSvg, type RenderPlan } from './svg';

export interface ProceduralIllustratorOptions {
  /** Images rendered at once (each rasterises in libuv's pool, then one ffmpeg run finishes it). */
  concurrency?: number;
  /** ffmpeg / ffprobe executables (default: from PATH). */
  tools?: MediaTools;
}

type SubjectRequest = Omit<IllustrationRequest, 'outDir' | 'width' | 'height' | 'style' | 'seed'>;

/** Each scene's subjects: from its narration line (or, without one, its description) and the video's topic. */
function planScenes(request: SubjectRequest): Array<ReturnType<typeof planSubjects>> {
  const language = languageCode(request.language ?? 'English');
  return request.scenes.map((scene, i) => {
    const line = request.lines?.[i];
    return planSubjects(line
      ? { line, prompt: scene, language, topic: request.topic, chosen: request.subjects?.[i] || null }
      : { line: scene.replace(/^an illustration of:\s*/i, ''), language: request.lines ? language : 'en', topic: request.topic, chosen: request.subjects?.[i] || null });
  });
}

/**
 * Offline illustrations: each scene becomes a composition (time of day, backdrop, weather) with
 * the subjects its narration names, pictures of the Fluent Emoji set standing in it, drawn as SVG
 * in the art style's own way, rasterised by resvg and finished by ffmpeg with the style's filters.
 * Deterministic for a seed.
 */
export function createProceduralIllustrator(options: ProceduralIllustratorOptions = {}): Illustrator {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const tools = options.tools ?? DEFAULT_MEDIA_TOOLS;
  return {
    name: 'procedural',
    subjectsFor(request): SceneSubjects[] {
      const strip = (s: PickedSubject) => ({ id: s.id, emoji: s.emoji, label: s.label });
      return planScenes(request).map((plan) => ({ subjects: plan.subjects.map(strip), options: plan.options }));
    },
    async illustrate(request: IllustrationRequest, signal?: AbortSignal): Promise<string[]> {
      await mkdir(request.outDir, { recursive: true });
      const plans = planScenes(request);
      const look = styleLook(request.style);
      const plan = (index: number) => sceneSvg(readScene(request.scenes[index], request.sceneSeeds?.[index] ?? `${request.seed}:${index}`, plans[index].subjects), look, request.width, request.height);
      // Every scene of a request has one size and style: one ffmpeg finishes them all (its start alone
      // costs more than finishing a picture), fed in order while the next ones rasterise.
      const first = plan(0);
      const finisher = startFinisher(tools, look, first, request.width, request.height, join(request.outDir, 'scene-%02d.jpg'), signal);
      const ready = new Map<number, Buffer>();
      let next = 0;
      let feeding = Promise.resolve();
      try {
        await forEachConcurrently(request.scenes.length, concurrency, async (index) => {
          signal?.throwIfAborted();
          const drawn = index === 0 ? first : plan(index);
          if (request.svgOut) await writeFile(join(request.outDir, `scene-${String(index).padStart(2, '0')}.svg`), drawn.svg);
          const image = await rasterise(drawn.svg, signal);
          ready.set(index, image.pixels);
          feeding = feeding.then(async () => {
            while (ready.has(next)) {
              const pixels = ready.get(next)!;
              ready.delete(next);
              next += 1;
              await finisher.write(pixels);
            }
          });
          await feeding;
        });
      } finally {
        await finisher.end();
      }
      return request.scenes.map((_, index) => join(request.outDir, `scene-${String(index).padStart(2, '0')}.jpg`));
    },
  };
}

/** One ffmpeg run that scales and finishes raw RGBA pictures in the style's way, one JPEG per picture. */
function startFinisher(tools: MediaTools, look: StyleLook, plan: RenderPlan, width: number, height: number, outPattern: string, signal?: AbortSignal) {
  const graph = finishGraph(look, width, height, plan.overlaySvg !== null);
  const overlay = plan.overlaySvg ? cachedOverlaySync(plan.overlaySvg) : null;
  const args = ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${plan.renderWidth}x${plan.renderHeight}`, '-framerate', '1', '-i', 'pipe:0',
    ...(overlay ? ['-i', overlay] : []), '-filter_complex', graph, '-map', '[out]', '-q:v', '3', '-start_number', '0', '-f', 'image2', outPattern];
  const child = spawn(tools.ffmpeg, args, { signal, stdio: ['pipe', 'ignore', 'pipe'] });
  const stderr: Buffer[] = [];
  child.stderr.on('data', (d: Buffer) => stderr.push(d));
  child.stdin.on('error', () => undefined);
  const closed = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${Buffer.concat(stderr).toString('utf8').trim().split('\n').slice(-4).join('\n')}`))));
  });
  closed.catch(() => undefined);
  return {
    async write(pixels: Buffer): Promise<void> {
      if (!child.stdin.write(pixels)) await Promise.race([once(child.stdin, 'drain'), closed]);
    },
    async end(): Promise<void> {
      child.stdin.end();
      await closed;
    },
  };
}

function finishGraph(look: StyleLook, width: number, height: number, overlay: boolean): string {
  let graph = `[0:v]scale=${width}:${height}:flags=${look.upscale === 'neighbor' ? 'neighbor' : 'bicubic'}`;
  if (look.post) graph += `,${look.post}`;
  if (overlay) graph += '[base];[base][1:v]overlay=format=auto';
  return `${graph},format=yuvj420p[out]`;
}

export interface IllustrationJob {
  description: string;
  style: string;
  width: number;
  height: number;
  seed: string;
  outPath: string;
  /** Pictures of the illustration set to stand in the scene (main first); none: a drawn generic subject. */
  subjects?: PickedSubject[];
}

/** The subjects an English description names (for pictures made without a script: the style previews). */
export function subjectsOfDescription(description: string, topic?: string): PickedSubject[] {
  return planSubjects({ line: description, language: 'en', topic }).subjects;
}

const RESVG_OPTIONS = { font: { loadSystemFonts: false }, logLevel: 'off' as const };

/**
 * An SVG rasterised in libuv's pool. The signal is checked around the render, not handed to resvg:
 * resvg-js 2.6 refuses Node's AbortSignal (InvalidArg), and a render takes a fraction of a second.
 */
async function rasterise(svg: string, signal?: AbortSignal) {
  signal?.throwIfAborted();
  const image = await renderAsync(svg, RESVG_OPTIONS);
  signal?.throwIfAborted();
  return image;
}

export async function renderIllustration(job: IllustrationJob, signal?: AbortSignal, tools: MediaTools = DEFAULT_MEDIA_TOOLS): Promise<string> {
  const look = styleLook(job.style);
  const spec = readScene(job.description, job.seed, job.subjects ?? []);
  const plan = sceneSvg(spec, look, job.width, job.height);
  // resvg rasterises in process, in libuv's thread pool, straight to the pixels ffmpeg reads. Beside librsvg
  // (rsvg-convert) on the same scene SVGs at 1080x1920, tests/bench/images.bench.ts measured on 2 shared cores
  // about the same time per scene to a PNG (655 and 717 ms: librsvg 1.1x); resvg needs no process or PNG in between.
  const image = await rasterise(plan.svg, signal);
  const inputs = ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${image.width}x${image.height}`, '-i', 'pipe:0'];
  if (plan.overlaySvg) inputs.push('-i', cachedOverlaySync(plan.overlaySvg));
  const graph = finishGraph(look, job.width, job.height, plan.overlaySvg !== null);
  await run(tools.ffmpeg, ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[out]', '-frames:v', '1', '-q:v', '3', job.outPath], { signal, input: image.pixels });
  return job.outPath;
}

/** The lego studs overlay is the same for every scene of a size: rasterise it once per machine. */
function cachedOverlaySync(svg: string): string {
  const png = join(tmpdir(), `faceless-overlay-${hashString(svg).toString(16)}.png`);
  if (existsSync(png)) return png;
  const tmp = `${png}.${process.pid}.${Date.now()}.png`;
  writeFileSync(tmp, new Resvg(svg, RESVG_OPTIONS).render().asPng());
  renameSync(tmp, png);
  return png;
}
