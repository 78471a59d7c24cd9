import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';
import {
  DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC, canonicalJson, durationRangeFor, fitScenes, frameSize, type AspectRatio, type GenerationStatus, type RenderedMedia, type RenderRequest, type SceneMedia, type Script,
} from '@app/domain';
import { metrics, withFileLock, type BlobStore, type FileLockOptions, type Logger } from '@app/platform';
import { forEachConcurrently } from '../shared/async';
import { stopProgramsUsing } from '../shared/leftovers';
import type { Assembler, MixResult, PictureResult } from '../stages/assemble/port';
import { FPS, frameExactSeconds, sceneSlots } from '../stages/assemble/timeline';
import { fetchMedia, frameClip, frameImage, normaliseVideo, videoThumbnail } from '../stages/own-media/prepare';
import { DEFAULT_MEDIA_TOOLS, type MediaTools } from '../shared/exec';
import type { Illustrator } from '../stages/images/port';
import type { MusicComposer } from '../stages/music/port';
import type { NarrationResult, Narrator } from '../stages/narration/port';
import { moodForTopic } from '../stages/script/library';
import type { ScriptResult, ScriptWriter } from '../stages/script/port';

/** Storyboard pictures made at once in the upload stage. */
const SCENE_PICTURES_AT_ONCE = 2;

export type PipelineStage = 'script' | 'narration' | 'images' | 'own-media' | 'music' | 'picture' | 'mix' | 'mux' | 'upload' | 'import';

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
  /** Remove a video's work dir (when giving up, or when the video is deleted). */
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
  /**
   * How many videos' work dirs are kept after they are done, newest first, so a re-render from the
   * studio reuses their stages (default 8; 0 removes each as soon as it is done).
   */
  keepVideos?: number;
  /** Told each time a stage actually runs (not when its cached artifacts are reused). */
  onStageRun?: (stage: PipelineStage, videoId: string) => void;
  /** ffmpeg / ffprobe for the creator's own media and uploaded videos (default: from PATH). */
  tools?: MediaTools;
  /** x264 preset and CRF of an uploaded video's normalisation (the renders' own by default: veryfast, 23). */
  encode?: { preset: string; crf: number };
}

/** A stage's record in the work dir: the key of the inputs it was made from, and what it made. */
interface Manifest<T> {
  key: string;
  result: T;
}

/** The mix stage's result: the mix, and which narration it was made from (its gain is the next mix's hint). */
type MixedSound = MixResult & { narrationKey: string };

/** Blob keys of a video's media: the first render keeps the keys it always had, each re-render gets its own folder. */
function videoKeys(userId: string, videoId: string, version: number) {
  const base = `videos/${userId}/${videoId}`;
  const folder = version > 1 ? `${base}/v${version}` : base;
  return { video: `${folder}/video.mp4`, thumbnail: `${folder}/thumbnail.jpg`, scene: (imageKey: string) => `${base}/scenes/${imageKey}.jpg` };
}

/** The lower bound of the requested range: the catalogue range whose top is `duration`. */
function minDurationFor(duration: number): number {
  return durationRangeFor(duration)?.min ?? Math.max(5, Math.round(duration / 2));
}

/** A short, stable digest of a stage's inputs. */
export function inputsKey(...inputs: unknown[]): string {
  return createHash('sha256').update(canonicalJson(inputs)).digest('hex').slice(0, 20);
}

/**
 * Runs the stages of one render. Each stage records in the video's work dir the key of the inputs
 * it was made from; a later run reuses every stage whose key and files are still there. So a retry
 * resumes where the failed attempt stopped, and a re-render from the studio redoes only what its
 * edits changed: pictures are cached one by one, the captions live in the picture, the music level
 * only in the mix.
 */
export function createRenderPipeline(deps: RenderPipelineDeps): RenderPipeline {
  const frame = deps.frame ?? frameSize;
  const keepVideos = deps.keepVideos ?? 8;
  const tools = deps.tools ?? DEFAULT_MEDIA_TOOLS;
  // One folder per video, apart from anything else kept in the work dir (the previews' cache).
  const videosDir = join(deps.workDir, 'videos');
  const unlocked: RenderPipeline = {
    async clean(videoId) {
      await rm(join(videosDir, safe(videoId)), { recursive: true, force: true });
    },
    async run(request, { onStatus, signal }) {
      const dir = join(videosDir, safe(request.videoId));
      await mkdir(dir, { recursive: true });
      // The work dir's time says when the video was last rendered (the newest are kept).
      await utimes(dir, new Date(), new Date());
      const log = deps.logger.child({ category: 'pipeline', videoId: request.videoId, version: request.version ?? 1 });
      const { width, height } = frame(request.aspectRatio);
      const minSeconds = minDurationFor(request.duration);
      const seed = request.videoId;
      const version = request.version ?? 1;

      const ran = (name: PipelineStage, t0: number) => {
        log.info({ stage: name, seconds: (Date.now() - t0) / 1000 }, 'stage done');
        metrics.renderStage.observe({ stage: name }, (Date.now() - t0) / 1000);
      };
      const stage = async <T extends object>(name: PipelineStage, key: string, work: (stageDir: string) => Promise<T>, files: (result: T) => Array<string | null>): Promise<T> => {
        const manifestPath = join(dir, `${name}.json`);
        const cached = await readManifest<Manifest<T>>(manifestPath, dir);
        if (cached?.key === key && cached.result && files(cached.result).every((f) => f === null || existsSync(f))) {
          log.debug({ stage: name }, 'stage reused from cache');
          return cached.result;
        }
        signal?.throwIfAborted();
        deps.onStageRun?.(name, request.videoId);
        log.debug({ stage: name }, 'stage started');
        const t0 = Date.now();
        const stageDir = join(dir, name);
        await rm(manifestPath, { force: true });
        await rm(stageDir, { recursive: true, force: true });
        await mkdir(stageDir, { recursive: true });
        const result = await work(stageDir);
        // An aborted attempt never records a stage as done, even if its provider ignored the signal.
        signal?.throwIfAborted();
        await writeManifest(manifestPath, dir, { key, result });
        ran(name, t0);
        return result;
      };

      await onStatus({ status: 'start' });
      if (request.import) return importVideo(request.import);
      // A re-render brings the creator's script: the writer does not run again.
      const scriptKey = inputsKey(request.script ?? [request.topic, request.customPrompt ?? null, request.language, request.duration, request.style, deps.scriptWriter.name]);
      const script: ScriptResult = request.script
        ? { ...request.script, scenes: request.script.scenes ?? [] }
        : await stage<ScriptResult>('script', scriptKey, () => deps.scriptWriter.write({
          topic: request.topic,
          customPrompt: request.customPrompt ?? null,
          language: request.language,
          durationSeconds: request.duration,
          minDurationSeconds: minSeconds,
          style: request.style,
          seed,
        }, signal), () => []);
      const scenes = fitScenes(script.narrationScript, script.scenes);
      await onStatus({ status: 'script', script: { title: script.title, description: script.description, narrationScript: script.narrationScript, scenes } });

      const music = request.music ?? DEFAULT_MUSIC;
      const mood = music.mood === 'auto' ? moodForTopic(request.topic) : music.mood;
      // Each picture is its own cache entry: a regenerated, edited or moved scene redraws only itself.
      const sceneSeeds = scenes.map((_, i) => `${seed}:${request.imageSeeds?.[i] || i}`);
      // What each picture shows, when the illustrator draws from an illustration set: worked out from the
      // narration line (the pictures follow the words), kept for the storyboard and part of the picture's key.
      const sceneText = { scenes, lines: script.narrationScript, language: request.language, topic: request.topic, subjects: request.imageSubjects };
      const subjects = deps.illustrator.subjectsFor?.(sceneText);
      // The creator's own media (issue 18): the scenes that show a library item instead of a picture, when the item is still there.
      const own = await ownMediaOf(scenes.map((_, i) => request.sceneMedia?.[i] ?? null));
      const drawnIndices = scenes.map((_, i) => i).filter((i) => !own[i]);
      const drawnKeys = new Map(drawnIndices.map((i) => [i, inputsKey(scenes[i], request.style, width, height, sceneSeeds[i], deps.illustrator.name, ...(subjects ? [subjects[i].subjects.map((s) => s.id)] : []))]));
      // The sound (the narration, then the music cut to its length) and the drawn pictures are made side
      // by side: a picture needs its scene, not the voice. Both settle before the attempt goes on or ends.
      const [{ narration, narrationKey, musicKey, musicPath }, drawn] = await settledBoth([
        makeSound(),
        illustrateScenes(drawnIndices.map((i) => scenes[i]), drawnIndices.map((i) => sceneSeeds[i]), drawnIndices.map((i) => drawnKeys.get(i)!), drawnIndices),
      ]);
      const seconds = frameExactSeconds(narration.durationSeconds, minSeconds, request.duration);
      const slots = sceneSlots(scenes.length, narration.words, seconds);
      const sceneFrames = scenes.map((_, i) => {
        const slot = slots.find((s) => s.index === i);
        return slot ? slot.endFrame - slot.startFrame : 0;
      });
      // An own clip's key holds its length in frames, which the narration sets.
      const imageKeys = scenes.map((_, i) => {
        const m = own[i];
        return m ? inputsKey('own', m.media.mediaId, m.media.fit, width, height, m.media.kind === 'clip' ? sceneFrames[i] : null) : drawnKeys.get(i)!;
      });
      const framed = await frameOwnMedia(own, imageKeys, sceneFrames);
      const images = scenes.map((_, i) => framed[i]?.still ?? drawn[drawnIndices.indexOf(i)]);
      const clips = scenes.map((_, i) => framed[i]?.clip ?? null);
      await onStatus({ status: 'images' });

      const captions = request.captions ?? DEFAULT_CAPTION_STYLE;
      const pictureKey = inputsKey(imageKeys, narrationKey, captions, request.aspectRatio, width, height, minSeconds, request.duration, seed);
      const mixKey = inputsKey(narrationKey, musicKey, music.volume, music.ducking, seconds);
      // The gain an earlier mix of this narration needed: a new music level is then mixed and encoded in one pass.
      const lastMix = (await readManifest<Manifest<MixedSound>>(join(dir, 'mix.json'), dir))?.result;
      const gainHintDb = lastMix?.narrationKey === narrationKey ? lastMix.gainDb : undefined;
      // The picture encodes while the sound is mixed; a change to the music alone leaves the picture as it was.
      const [picture, mixed] = await settledBoth([
        stage<PictureResult>('picture', pictureKey, (out) => deps.assembler.picture({
          images, ...(clips.some(Boolean) ? { clips } : {}), narrationSeconds: narration.durationSeconds, words: narration.words, aspectRatio: request.aspectRatio, width, height,
          minSeconds, maxSeconds: request.duration, outDir: out, seed, captions,
          // A re-render from the studio is waited on: its picture is encoded quickly. Not part of the key,
          // so a re-render that changes only the sound keeps the picture it has.
          ...(version > 1 ? { quick: true } : {}),
        }, signal), (r) => [r.picturePath, r.thumbnailPath]),
        stage<MixedSound>('mix', mixKey, async (out) => ({
          ...await deps.assembler.mix({
            narrationPath: narration.audioPath, musicPath, musicVolume: (music.volume / 100), ducking: music.ducking, durationSeconds: seconds, outDir: out,
            ...(gainHintDb === undefined ? {} : { gainHintDb }),
          }, signal),
          narrationKey,
        }), (r) => [r.audioPath]),
      ]);
      const muxKey = inputsKey(pictureKey, mixKey);
      const muxed = await stage<{ videoPath: string }>('mux', muxKey, async (out) => ({
        videoPath: await deps.assembler.mux({ picturePath: picture.picturePath, audioPath: mixed.audioPath, durationSeconds: picture.durationSeconds, outDir: out }, signal),
      }), (r) => [r.videoPath]);
      log.info({ timings: picture.timings, loudness: mixed.loudness }, 'assembled');
      await onStatus({ status: 'video' });

      await onStatus({ status: 'uploading' });
      const keys = videoKeys(request.userId, request.videoId, version);
      const uploaded = await stage<{ media: RenderedMedia }>('upload', inputsKey(muxKey, keys.video), async (out) => {
        const size = (await stat(muxed.videoPath)).size;
        // The storyboard's pictures go up beside the video and its thumbnail: the creator waits on this stage.
        const [sceneKeys] = await Promise.all([
          uploadScenePictures(images, imageKeys, keys.scene, out),
          (async () => {
            // The store may move what it is given: the picture stage keeps its own thumbnail for the next render.
            const thumbnail = join(out, 'thumbnail.jpg');
            await copyFile(picture.thumbnailPath, thumbnail);
            await deps.blobs.putFile(keys.thumbnail, thumbnail, 'image/jpeg');
            await deps.blobs.putFile(keys.video, muxed.videoPath, 'video/mp4');
          })(),
        ]);
        return {
          media: {
            videoKey: keys.video,
            thumbnailKey: keys.thumbnail,
            durationSeconds: picture.durationSeconds,
            width: picture.width,
            height: picture.height,
            sizeBytes: size,
            scenes: picture.scenes.map((span, i) => ({
              ...span, imageKey: sceneKeys[i],
              ...(subjects?.[i] && !own[i] ? { subjects: subjects[i].subjects, subjectOptions: subjects[i].options } : {}),
            })),
          },
        };
      }, () => []);
      await onStatus({ status: 'done', media: uploaded.media });
      // The final file is in the blob store; the stages stay for a re-render, then the oldest go.
      await rm(join(dir, 'mux'), { recursive: true, force: true });
      await pruneWorkDirs(videosDir, keepVideos, log);
      return uploaded.media;

      /** The narration (reported as `audio`), then the music to its length unless the creator turned it off. */
      async function makeSound() {
        await deps.narrator.ready?.();
        const narrationKey = inputsKey(script.narrationScript, request.voiceId, request.language, deps.narrator.name);
        const narration = await stage<NarrationResult>('narration', narrationKey, (out) => deps.narrator.narrate({ lines: script.narrationScript, voiceId: request.voiceId, language: request.language, outDir: out }, signal), (r) => [r.audioPath]);
        await onStatus({ status: 'audio' });
        const musicSeconds = Math.min(request.duration, Math.max(minSeconds, narration.durationSeconds + 2)) + 1;
        const musicKey = music.volume > 0 ? inputsKey(mood, musicSeconds, seed, deps.composer.name) : null;
        const musicPath = musicKey === null
          ? null
          : (await stage<{ musicPath: string | null }>('music', musicKey, async (out) => ({ musicPath: await deps.composer.compose({ durationSeconds: musicSeconds, mood, seed, outDir: out }, signal) }), (r) => [r.musicPath])).musicPath;
        return { narration, narrationKey, musicKey, musicPath };
      }

      /** The scenes' pictures, each drawn once and kept under the key of its inputs; only missing ones are drawn. */
      async function illustrateScenes(sceneTexts: string[], seeds: string[], keys: string[], indices: number[]): Promise<string[]> {
        if (keys.length === 0) return [];
        const cacheDir = join(dir, 'images');
        await mkdir(cacheDir, { recursive: true });
        const manifestPath = join(dir, 'images.json');
        const known = (await readManifest<Record<string, string>>(manifestPath, dir)) ?? {};
        const missing = keys.map((key, i) => ({ key, i })).filter(({ key }) => !known[key] || !existsSync(known[key]));
        if (missing.length > 0) {
          signal?.throwIfAborted();
          deps.onStageRun?.('images', request.videoId);
          const t0 = Date.now();
          const fresh = join(dir, 'images-new');
          await rm(fresh, { recursive: true, force: true });
          const drawn = await deps.illustrator.illustrate({
            scenes: missing.map(({ i }) => sceneTexts[i]), sceneSeeds: missing.map(({ i }) => seeds[i]),
            lines: missing.map(({ i }) => sceneText.lines[indices[i]] ?? sceneTexts[i]), language: request.language, topic: request.topic,
            ...(request.imageSubjects ? { subjects: missing.map(({ i }) => request.imageSubjects?.[indices[i]] ?? '') } : {}),
            style: request.style, width, height, seed, outDir: fresh,
          }, signal);
          signal?.throwIfAborted();
          for (const [n, { key }] of missing.entries()) {
            const path = join(cacheDir, `${key}${extname(drawn[n]) || '.png'}`);
            await rename(drawn[n], path);
            known[key] = path;
          }
          await rm(fresh, { recursive: true, force: true });
          await writeManifest(manifestPath, dir, known);
          ran('images', t0);
        }
        return keys.map((key) => known[key]);
      }

      /** Each scene's library item with its file on this machine; null for a generated picture (or an item no longer in the store). */
      async function ownMediaOf(media: Array<SceneMedia | null>): Promise<Array<{ media: SceneMedia; path: string } | null>> {
        const sources = join(dir, 'own-media', 'sources');
        return Promise.all(media.map(async (m) => {
          if (!m) return null;
          const path = await fetchMedia(deps.blobs, m.blobKey, join(sources, safe(m.mediaId)));
          if (!path) log.warn({ mediaId: m.mediaId }, 'A library item of this video is gone from the media store; the scene gets a generated picture');
          return path ? { media: m, path } : null;
        }));
      }

      /**
       * The library items brought into the frame, each kept under the key of its item, fit, frame size
       * (and a clip's length in frames) so a re-render reuses it: an image as a still the picture stage
       * pans like a generated one, a clip as the scene's frames (its sound dropped) and its first frame.
       */
      async function frameOwnMedia(items: Array<{ media: SceneMedia; path: string } | null>, keys: string[], frames: number[]): Promise<Array<{ still: string; clip: string | null } | null>> {
        if (!items.some(Boolean)) return items.map(() => null);
        const cacheDir = join(dir, 'own-media');
        await mkdir(cacheDir, { recursive: true });
        const manifestPath = join(dir, 'own-media.json');
        const known = (await readManifest<Record<string, { still: string; clip: string | null }>>(manifestPath, dir)) ?? {};
        const done = (key: string) => known[key] && existsSync(known[key].still) && (known[key].clip === null || existsSync(known[key].clip));
        const missing = items.map((item, i) => ({ item, i })).filter(({ item, i }) => item && !done(keys[i]));
        if (missing.length > 0) {
          signal?.throwIfAborted();
          deps.onStageRun?.('own-media', request.videoId);
          const t0 = Date.now();
          for (const { item, i } of missing) {
            const { media, path } = item!;
            const still = join(cacheDir, `${keys[i]}.png`);
            if (media.kind === 'clip') {
              const clip = join(cacheDir, `${keys[i]}.mp4`);
              await frameClip(tools, path, media.fit, width, height, Math.max(1, frames[i]), clip, still, signal);
              known[keys[i]] = { still, clip };
            } else {
              await frameImage(tools, path, media.fit, width, height, still, signal);
              known[keys[i]] = { still, clip: null };
            }
          }
          signal?.throwIfAborted();
          await writeManifest(manifestPath, dir, known);
          ran('own-media', t0);
        }
        return items.map((item, i) => (item ? known[keys[i]] : null));
      }

      /**
       * "Upload Video": the creator's finished video normalised to the platform's format (H.264/AAC,
       * faststart, the frame of its ratio) and reported done like a render, with a one-line script
       * (its title) so that it has a caption to edit.
       */
      async function importVideo(source: NonNullable<RenderRequest['import']>): Promise<RenderedMedia> {
        const script: Script = { title: source.title, description: '', narrationScript: [source.title] };
        await onStatus({ status: 'script', script });
        const keys = videoKeys(request.userId, request.videoId, version);
        const normalised = await stage<{ videoPath: string; thumbnailPath: string; durationSeconds: number }>('import', inputsKey(source, width, height, deps.encode ?? null), async (out) => {
          const from = await fetchMedia(deps.blobs, source.blobKey, join(out, 'source'));
          if (!from) throw new Error('The uploaded video is no longer in your library');
          const videoPath = join(out, 'video.mp4');
          const durationSeconds = await normaliseVideo(tools, from, width, height, videoPath, { preset: deps.encode?.preset ?? 'veryfast', crf: deps.encode?.crf ?? 23, signal });
          const thumbnailPath = join(out, 'thumbnail.jpg');
          await videoThumbnail(tools, videoPath, durationSeconds, width, thumbnailPath, signal);
          await rm(join(out, 'source'), { force: true });
          return { videoPath, thumbnailPath, durationSeconds };
        }, (r) => [r.videoPath, r.thumbnailPath]);
        await onStatus({ status: 'video' });
        await onStatus({ status: 'uploading' });
        const uploaded = await stage<{ media: RenderedMedia }>('upload', inputsKey('import', keys.video, normalised.durationSeconds), async (out) => {
          const size = (await stat(normalised.videoPath)).size;
          const thumbnail = join(out, 'thumbnail.jpg');
          await copyFile(normalised.thumbnailPath, thumbnail);
          await deps.blobs.putFile(keys.thumbnail, thumbnail, 'image/jpeg');
          const video = join(out, 'video.mp4');
          await copyFile(normalised.videoPath, video);
          await deps.blobs.putFile(keys.video, video, 'video/mp4');
          const durationSeconds = Math.round(normalised.durationSeconds * FPS) / FPS;
          return { media: { videoKey: keys.video, thumbnailKey: keys.thumbnail, durationSeconds, width, height, sizeBytes: size, scenes: [] } };
        }, () => []);
        await onStatus({ status: 'done', script, media: uploaded.media });
        await pruneWorkDirs(videosDir, keepVideos, log);
        return uploaded.media;
      }

      /**
       * A small JPEG of each scene's picture for the storyboard, uploaded once per picture; two at a
       * time (one program start each is most of their cost, and the machine has two cores).
       */
      async function uploadScenePictures(paths: string[], pictureKeys: string[], blobKey: (imageKey: string) => string, out: string): Promise<string[]> {
        const thumbWidth = Math.min(360, width);
        await forEachConcurrently(paths.length, SCENE_PICTURES_AT_ONCE, async (i) => {
          const key = blobKey(pictureKeys[i]);
          if (await deps.blobs.stat(key)) return;
          const small = join(out, `${pictureKeys[i]}.jpg`);
          await deps.assembler.still({ imagePath: paths[i], width: thumbWidth, outPath: small }, signal);
          await deps.blobs.putFile(key, small, 'image/jpeg');
        });
        return pictureKeys.map(blobKey);
      }
    },
  };
  // One render of a video at a time in its work dir: a second (the bus delivers at least once, so a
  // worker stalled past its session can see its message handed to another) waits for the first, then
  // reuses what it made, instead of both writing the same files.
  // Removing a video's work dir waits for the render holding it too (a worker that gave up must not
  // empty the folder under another still rendering the video).
  // A lock taken over from a render that died (kill -9) first stops the programs it left encoding in
  // the video's folder: they would take the CPU from the render that resumes there.
  const locked = async <T>(videoId: string, work: () => Promise<T>, options?: FileLockOptions): Promise<T> => {
    await mkdir(videosDir, { recursive: true });
    return withFileLock(join(videosDir, `${safe(videoId)}.lock`), work, {
      ...options,
      onTakeOver: async (holder) => {
        const stopped = await stopProgramsUsing(join(videosDir, safe(videoId)));
        if (stopped.length > 0) deps.logger.warn({ category: 'pipeline', videoId, holder, stopped }, 'stopped the programs a render that exited left running');
      },
    });
  };
  return {
    clean: (videoId) => locked(videoId, () => unlocked.clean(videoId)),
    run(request, options) {
      return locked(request.videoId, () => unlocked.run(request, options), {
        signal: options.signal,
        onWait: (holder) => deps.logger.warn({ category: 'pipeline', videoId: request.videoId, holder }, 'another render of this video is running here; waiting for it'),
      });
    },
  };
}

/**
 * Both results, once both have settled: a failure of one never leaves the other still writing into
 * the work dir while the retry starts over it.
 */
async function settledBoth<A, B>(work: [Promise<A> | A, Promise<B> | B]): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled(work);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/** Keep the newest `keep` work dirs (by when each video was last rendered); remove the rest. */
async function pruneWorkDirs(workDir: string, keep: number, log: Logger): Promise<void> {
  try {
    const entries = await readdir(workDir, { withFileTypes: true });
    const dirs = await Promise.all(entries.filter((e) => e.isDirectory()).map(async (e) => ({ path: join(workDir, e.name), at: (await stat(join(workDir, e.name))).mtimeMs })));
    dirs.sort((a, b) => b.at - a.at);
    for (const old of dirs.slice(keep)) await rm(old.path, { recursive: true, force: true });
  } catch (error) {
    log.warn({ err: error }, 'could not prune the render work dirs');
  }
}

function safe(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** Manifests store paths relative to the work dir so a moved work dir still resumes. */
async function writeManifest(path: string, dir: string, value: object): Promise<void> {
  const json = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && isAbsolute(v) && v.startsWith(dir) ? `@work/${relative(dir, v)}` : v));
  await writeFile(`${path}.tmp`, json);
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
