import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forEachConcurrently } from '../../shared/async';
import { hashString } from '../../shared/random';
import { DEFAULT_MEDIA_TOOLS, run, type MediaTools } from '../../shared/exec';
import type { IllustrationRequest, Illustrator } from './port';
import { readScene } from './scene';
import { styleLook } from './styles';
import { sceneSvg } from './svg';

export interface ProceduralIllustratorOptions {
  /** Images rendered at once (each ffmpeg run is single-threaded). */
  concurrency?: number;
  /** ffmpeg / ffprobe executables (default: from PATH). */
  tools?: MediaTools;
}

/**
 * Offline illustrations: each scene description becomes a composition (time of day, backdrop,
 * subject, weather) drawn as SVG in the art style's own way, rasterised by ffmpeg (librsvg) and
 * finished with the style's filters. Deterministic for a seed.
 */
export function createProceduralIllustrator(options: ProceduralIllustratorOptions = {}): Illustrator {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const tools = options.tools ?? DEFAULT_MEDIA_TOOLS;
  return {
    name: 'procedural',
    async illustrate(request: IllustrationRequest, signal?: AbortSignal): Promise<string[]> {
      await mkdir(request.outDir, { recursive: true });
      const results: string[] = new Array(request.scenes.length);
      await forEachConcurrently(request.scenes.length, concurrency, async (index) => {
        const out = join(request.outDir, `scene-${String(index).padStart(2, '0')}.jpg`);
        await renderIllustration({ description: request.scenes[index], style: request.style, width: request.width, height: request.height, seed: `${request.seed}:${index}`, outPath: out }, signal, tools);
        results[index] = out;
      });
      return results;
    },
  };
}

export interface IllustrationJob {
  description: string;
  style: string;
  width: number;
  height: number;
  seed: string;
  outPath: string;
}

export async function renderIllustration(job: IllustrationJob, signal?: AbortSignal, tools: MediaTools = DEFAULT_MEDIA_TOOLS): Promise<string> {
  const look = styleLook(job.style);
  const spec = readScene(job.description, job.seed);
  const plan = sceneSvg(spec, look, job.width, job.height);
  const svgPath = `${job.outPath}.svg`;
  const overlayPath = `${job.outPath}.overlay.svg`;
  await writeFile(svgPath, plan.svg);
  const inputs = ['-i', svgPath];
  let graph = `[0:v]scale=${job.width}:${job.height}:flags=${look.upscale === 'neighbor' ? 'neighbor' : 'bicubic'}`;
  if (look.post) graph += `,${look.post}`;
  if (plan.overlaySvg) {
    inputs.push('-i', await cachedOverlay(tools, plan.overlaySvg, overlayPath, signal));
    graph += `[base];[base][1:v]overlay=format=auto`;
  }
  graph += ',format=yuvj420p[out]';
  try {
    await run(tools.ffmpeg, ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[out]', '-frames:v', '1', '-q:v', '3', job.outPath], { signal });
  } finally {
    await rm(svgPath, { force: true });
    await rm(overlayPath, { force: true });
  }
  return job.outPath;
}

/** The lego studs overlay is the same for every scene of a size: rasterise it once per machine. */
async function cachedOverlay(tools: MediaTools, svg: string, scratchSvg: string, signal?: AbortSignal): Promise<string> {
  const png = join(tmpdir(), `faceless-overlay-${hashString(svg).toString(16)}.png`);
  if (existsSync(png)) return png;
  await writeFile(scratchSvg, svg);
  const tmp = `${png}.${process.pid}.${Date.now()}.png`;
  await run(tools.ffmpeg, ['-v', 'error', '-y', '-i', scratchSvg, '-frames:v', '1', tmp], { signal });
  await rename(tmp, png);
  return png;
}
