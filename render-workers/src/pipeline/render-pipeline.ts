import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { durationRangeFor, frameSize, type AspectRatio, type GenerationStatus, type RenderedMedia, type RenderRequest, type Script } from '@app/domain';
import { metrics, type BlobStore, type Logger } from '@app/platform';
import type { Assembler, AssembleResult } from '../stages/assemble/port';
import type { Illustrator } from '../stages/images/port';
import type { MusicComposer } from '../stages/music/port';
import type { NarrationResult, Narrator } from '../stages/narration/port';
import { moodForTopic } from '../stages/script/library';
import type { ScriptResult, ScriptWriter } from '../stages/script/port';

export type PipelineStage = 'script' | 'narration' | 'images' | 'music' | 'assemble' | 'upload';

export interface StageProgress {
  status: GenerationStatus;
  script?: Script;
  media?: RenderedMedia;
}

export interface RunOptions {
  /** Called at every status reached, in order; awaited (a worker publishes before going on). */
  onStatus: (progress: StageProgress) => Promise<void> | void;
  signal?: AbortSignal;
}

export interface RenderPipeline {
  run(request: RenderRequest, options: RunOptions): Promise<RenderedMedia>;
  /** Remove a video's work dir (after done, or when giving up). */
  clean(videoId: string): Promise<void>;
}

export interface RenderPipelineDeps {
  scriptWriter: ScriptWriter;
  narrator: Narrator;
  illustrator: Illustrator;
  composer: MusicComposer;
  assembler: Assembler;
  blobs: BlobStore;
  /** Parent of the per-video work dirs. */
  workDir: string;
  logger: Logger;
  /** Output size per aspect ratio; the catalogue's frame sizes by default (tests and samples pass smaller). */
  frame?: (aspectRatio: AspectRatio) => { width: number; height: number };
  /** Keep the work dir after done (debugging). */
  keepWorkDir?: boolean;
  /** Told each time a stage actually runs (not when its cached artifacts are reused). */
  onStageRun?: (stage: PipelineStage, videoId: string) => void;
}

interface ImagesManifest {
  images: string[];
}
interface MusicManifest {
  musicPath: string | null;
}
interface UploadManifest {
  media: RenderedMedia;
}

/** Blob keys of a video's media. */
function videoKeys(userId: string, videoId: string) {
  const base = `videos/${userId}/${videoId}`;
  return { video: `${base}/video.mp4`, thumbnail: `${base}/thumbnail.jpg` };
}

/** The lower bound of the requested range: the catalogue range whose top is `duration`. */
function minDurationFor(duration: number): number {
  return durationRangeFor(duration)?.min ?? Math.max(5, Math.round(duration / 2));
}

/**
 * Runs the stages of one render. Each stage writes a manifest (`<stage>.json`) into the video's
 * work dir once its artifacts are complete; a later run of the same video reuses every stage whose
 * manifest and files are present, so a retry resumes where the failed attempt stopped.
 */
export function createRenderPipeline(deps: RenderPipelineDeps): RenderPipeline {
  const frame = deps.frame ?? frameSize;
  return {
    async clean(videoId) {
      await rm(join(deps.workDir, safe(videoId)), { recursive: true, force: true });
    },
    async run(request, { onStatus, signal }) {
      const dir = join(deps.workDir, safe(request.videoId));
      await mkdir(dir, { recursive: true });
      const log = deps.logger.child({ category: 'pipeline', videoId: request.videoId });
      const { width, height } = frame(request.aspectRatio);
      const minSeconds = minDurationFor(request.duration);
      const seed = request.videoId;

      const stage = async <T extends object>(name: PipelineStage, work: (stageDir: string) => Promise<T>, files: (result: T) => Array<string | null>): Promise<T> => {
        const manifestPath = join(dir, `${name}.json`);
        const cached = await readManifest<T>(manifestPath, dir);
        if (cached && files(cached).every((f) => f === null || existsSync(f))) {
          log.debug({ stage: name }, 'stage reused from cache');
          return cached;
        }
        signal?.throwIfAborted();
        deps.onStageRun?.(name, request.videoId);
        log.debug({ stage: name }, 'stage started');
        const t0 = Date.now();
        const stageDir = join(dir, name);
        await rm(stageDir, { recursive: true, force: true });
        await mkdir(stageDir, { recursive: true });
        const result = await work(stageDir);
        // An aborted attempt never records a stage as done, even if its provider ignored the signal.
        signal?.throwIfAborted();
        await writeManifest(manifestPath, dir, result);
        log.info({ stage: name, seconds: (Date.now() - t0) / 1000 }, 'stage done');
        metrics.renderStage.observe({ stage: name }, (Date.now() - t0) / 1000);
        return result;
      };

      await onStatus({ status: 'start' });
      const script = await stage<ScriptResult>('script', () => deps.scriptWriter.write({
        topic: request.topic,
        customPrompt: request.customPrompt ?? null,
        language: request.language,
        durationSeconds: request.duration,
        minDurationSeconds: minSeconds,
        style: request.style,
        seed,
      }, signal), () => []);
      const scenes = fitScenes(script);
      await onStatus({ status: 'script', script: { title: script.title, description: script.description, narrationScript: script.narrationScript } });

      const narration = await stage<NarrationResult>('narration', (out) => deps.narrator.narrate({ lines: script.narrationScript, voiceId: request.voiceId, language: request.language, outDir: out }, signal), (r) => [r.audioPath]);
      await onStatus({ status: 'audio' });

      const musicSeconds = Math.min(request.duration, Math.max(minSeconds, narration.durationSeconds + 2)) + 1;
      const [images, music] = await Promise.all([
        stage<ImagesManifest>('images', async (out) => ({ images: await deps.illustrator.illustrate({ scenes, style: request.style, width, height, seed, outDir: out }, signal) }), (r) => r.images),
        stage<MusicManifest>('music', async (out) => ({ musicPath: await deps.composer.compose({ durationSeconds: musicSeconds, mood: moodForTopic(request.topic), seed, outDir: out }, signal) }), (r) => [r.musicPath]),
      ]);
      await onStatus({ status: 'images' });

      const assembled = await stage<AssembleResult>('assemble', (out) => deps.assembler.assemble({
        images: images.images,
        narrationPath: narration.audioPath,
        narrationSeconds: narration.durationSeconds,
        words: narration.words,
        musicPath: music.musicPath,
        aspectRatio: request.aspectRatio,
        width,
        height,
        minSeconds,
        maxSeconds: request.duration,
        outDir: out,
        seed,
      }, signal), (r) => [r.videoPath, r.thumbnailPath]);
      log.info({ timings: assembled.timings }, 'assembled');
      await onStatus({ status: 'video' });

      await onStatus({ status: 'uploading' });
      const uploaded = await stage<UploadManifest>('upload', async () => {
        const keys = videoKeys(request.userId, request.videoId);
        const size = (await stat(assembled.videoPath)).size;
        await deps.blobs.putFile(keys.thumbnail, assembled.thumbnailPath, 'image/jpeg');
        await deps.blobs.putFile(keys.video, assembled.videoPath, 'video/mp4');
        return {
          media: {
            videoKey: keys.video,
            thumbnailKey: keys.thumbnail,
            durationSeconds: assembled.durationSeconds,
            width: assembled.width,
            height: assembled.height,
            sizeBytes: size,
          },
        };
      }, () => []);
      await onStatus({ status: 'done', media: uploaded.media });
      if (!deps.keepWorkDir) await rm(dir, { recursive: true, force: true });
      return uploaded.media;
    },
  };
}

/** One scene per narration line, whatever the writer returned. */
function fitScenes(script: ScriptResult): string[] {
  const lines = script.narrationScript;
  const scenes = script.scenes ?? [];
  return lines.map((line, i) => scenes[i] ?? scenes[scenes.length - 1] ?? line);
}

function safe(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** Manifests store paths relative to the work dir so a moved work dir still resumes. */
async function writeManifest(path: string, dir: string, value: object): Promise<void> {
  const json = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && isAbsolute(v) && v.startsWith(dir) ? `@work/${relative(dir, v)}` : v));
  await writeFile(`${path}.tmp`, json);
  const { rename } = await import('node:fs/promises');
  await rename(`${path}.tmp`, path);
}

async function readManifest<T>(path: string, dir: string): Promise<T | null> {
  try {
    const text = await readFile(path, 'utf8');
    return JSON.parse(text, (_key, v: unknown) => (typeof v === 'string' && v.startsWith('@work/') ? join(dir, v.slice(6)) : v)) as T;
  } catch {
    return null;
  }
}
