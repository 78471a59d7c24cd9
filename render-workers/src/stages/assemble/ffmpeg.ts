import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import type { Logger } from '@app/platform';
import { buildAss, captionChanges, captionEvents, type CaptionEvent, type CaptionOptions } from '../captions/ass';
import { DEFAULT_MEDIA_TOOLS, run, runPiped, type MediaTools } from '../../shared/exec';
import { changingFrames, selectExpression, snapCaptionChanges, type PartContents } from './changes';
import { insertRepeats, repeatsAfter } from './h264/repeats';
import { overscan, panExpression, panPath, type PanPath } from './pan';
import type { WordTiming } from '../narration/port';
import type { AssembleRequest, AssembleResult, Assembler, MixRequest, MixResult, MuxRequest, PictureRequest, PictureResult } from './port';
import { FPS, GOP, LEAD_SECONDS, frameExactSeconds, sceneSlots, splitFrames, type FrameRange, type SceneSlot } from './timeline';

export interface FfmpegAssemblerOptions {
  /** x264 preset (machine notes: ultrafast/veryfast trade speed for size). */
  preset?: string;
  crf?: number;
  /**
   * Frame ranges encoded by parallel ffmpeg processes, then concatenated without re-encoding.
   * 1 = one process with x264's own frame threads.
   */
  segments?: number;
  /** x264 threads per segment process (default: x264's own choice with one segment, 1 with several). */
  threads?: number;
  /** B-frames (x264 `bframes`); the same value must be used by anything compared with this encode. */
  bframes?: number;
  /** The encode of a picture asked for quickly (a studio re-render): `QUICK_ENCODE` by default. */
  quick?: QuickEncode;
  /** Target integrated loudness, LUFS. */
  loudness?: number;
  /** The mix's AAC bitrate (`MIX_BITRATE` by default). */
  audioBitrate?: string;
  /** ffmpeg / ffprobe executables (default: from PATH). */
  tools?: MediaTools;
  logger?: Logger;
}

/**
 * The bitrate of a render's mix, one channel: what YouTube recommends uploading mono at, and more per
 * channel than the 160k stereo default gives each of its two. Measured on a 60 s mix here: 160k took
 * 0.87–1.14 s to encode, 128k 0.59–0.65 s (the encode is most of a re-render after a music change),
 * at 42 dB signal-to-error against the float mix (160k: 49 dB).
 */
export const MIX_BITRATE = '128k';

/** The bed's level under the voice when the request names none (linear). */
export const DEFAULT_MUSIC_LEVEL = 0.3;

const FADE_IN_FRAMES = 12;
const FADE_OUT_FRAMES = 21;

/** x264 settings of a quick encode: a preset, CRF added to the render's own, and x264 options over the preset. */
export interface QuickEncode {
  preset: string;
  crfOffset: number;
  x264Params: string;
}

/**
 * The quick encode of a studio re-render, which the creator waits on: x264's fastest analysis
 * (ultrafast) with CABAC and 8x8 transforms turned back on (smaller files at no measurable cost in
 * time), at the render's CRF + 2. Measured on 60 s 9:16 renders of two styles (anime, watercolor)
 * against a near-lossless encode of the same frames: SSIM within 0.001 of the render's own encode
 * and PSNR at least as high, in 0.5–0.6 of its time, at 1.5–2.2 times its bytes (1.46x to 2.05x on
 * the renders tried through the product: watercolor, anime, comic).
 * The deblocking filter stays off, as in ultrafast: at this quality it measured no better (SSIM and
 * PSNR the same to 1e-4) and cost 5–8 % of the time.
 */
export const QUICK_ENCODE: QuickEncode = { preset: 'ultrafast', crfOffset: 2, x264Params: 'cabac=1:8x8dct=1' };

/**
 * x264 options over a preset, by preset, when the caller names none. veryfast (the default) refines
 * motion vectors to a quarter pixel with one SAD pass (subme 1) instead of two SATD passes: a render's
 * pans move by whole pixels, so the finer search finds little better. Measured on panned parts of
 * three styles' pictures (15–30 s, 9:16) against a lossless encode of the same frames: 17–25 % less
 * CPU, 3.5–5 % fewer bytes, SSIM lower by 0.0002–0.0003 and PSNR by 0.003–0.03 dB. The render
 * bench's assembly went from 14.8 to 11.4 s, topic to done from 17.8 to 14.4 s.
 */
const X264_OVER_PRESET: Readonly<Record<string, string>> = { veryfast: 'subme=1' };

/**
 * The video codec settings of a render. Exported so a benchmark's encode-only floor uses exactly
 * the same ones (preset, CRF, pixel format, profile, GOP, B-frames, x264 options).
 */
export function videoCodecArgs(options: { preset: string; crf: number; bframes: number; threads?: number; x264Params?: string }): string[] {
  const x264Params = options.x264Params ?? X264_OVER_PRESET[options.preset];
  return [
    '-c:v', 'libx264', '-preset', options.preset, '-crf', String(options.crf), '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-r', String(FPS), '-g', String(GOP), '-bf', String(options.bframes),
    ...(options.threads ? ['-threads', String(options.threads)] : []),
    ...(x264Params ? ['-x264-params', x264Params] : []),
  ];
}

/**
 * The audio codec settings of a render (48 kHz AAC, stereo unless told otherwise: a render's mix is
 * one channel, an imported video keeps two). The fast coder: ffmpeg documents it as better than
 * twoloop at high bitrates, and it encoded a 60 s stereo mix in 2.0–2.9 s instead of 3.3–4.2 s here
 * (one channel: 0.55–0.77 s); that final encode is most of a re-render after a music change.
 */
export function audioCodecArgs(bitrate = '160k', channels: 1 | 2 = 2): string[] {
  return ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', bitrate, '-ar', '48000', '-ac', String(channels)];
}

/**
 * The ffmpeg assembler: every scene is a still decoded and scaled once, looped, and panned with a
 * crop that moves by whole, even pixel steps (so each frame is an exact translate of an earlier one
 * and x264 predicts it almost for free); hard cuts, fade in/out at the ends; word captions burned
 * in with libass. The frames are split into ranges encoded by parallel ffmpeg processes (video
 * only) while a separate process mixes, ducks, loudness-normalises and encodes the audio; the
 * parts are then joined with the concat demuxer and muxed without re-encoding.
 */
export function createFfmpegAssembler(options: FfmpegAssemblerOptions = {}): Assembler {
  const preset = options.preset ?? 'veryfast';
  const crf = options.crf ?? 23;
  // Measured on 2 cores: two single-threaded x264 processes beat one process with frame threads (render/floor 1.23 vs 1.51).
  const segments = Math.max(1, options.segments ?? 2);
  const bframes = options.bframes ?? 0;
  const threads = options.threads ?? (segments > 1 ? 1 : undefined);
  const target = options.loudness ?? -14;
  const tools = options.tools ?? DEFAULT_MEDIA_TOOLS;
  void askCapabilitiesOnce(tools);
  const quick = options.quick ?? QUICK_ENCODE;
  const full: Encode = { args: videoCodecArgs({ preset, crf, bframes, threads }), skipsRepeats: repeatsSkippable(preset, bframes) };
  const quickEncode: Encode = {
    args: videoCodecArgs({ preset: quick.preset, crf: crf + quick.crfOffset, bframes, threads, x264Params: quick.x264Params }),
    skipsRepeats: repeatsSkippable(quick.preset, bframes),
  };

  const picture = async (request: PictureRequest, signal?: AbortSignal): Promise<PictureResult> => {
    await mkdir(request.outDir, { recursive: true });
    const timings: Record<string, number> = {};
    const timed = timer(timings);
    const seconds = frameExactSeconds(request.narrationSeconds, request.minSeconds, request.maxSeconds);
    const totalFrames = Math.round(seconds * FPS);
    const slots = sceneSlots(request.images.length, request.words, seconds);
    const shifted = request.words.map((w) => ({ ...w, start: w.start + LEAD_SECONDS, end: w.end + LEAD_SECONDS }));
    const assPath = join(request.outDir, 'captions.ass');
    const captionOptions = { width: request.width, height: request.height, aspectRatio: request.aspectRatio, style: request.captions };
    // One list of events for the file libass reads and for the frames it is asked to draw on.
    const events = pictureCaptionEvents(request, slots, totalFrames, shifted, captionOptions);
    await writeFile(assPath, buildAss(shifted, captionOptions, events), 'utf8');
    const captions = { assPath, changes: captionChanges(events) };

    const ranges = splitFrames(totalFrames, segments, FADE_IN_FRAMES, FADE_OUT_FRAMES);
    const encode = request.quick ? quickEncode : full;
    const picturePath = join(request.outDir, 'picture.mp4');
    const thumbnailPath = join(request.outDir, 'thumbnail.jpg');
    // The thumbnail is the frame at 30 % of the video (4 s at most), drawn by the part that holds it.
    const thumbFrame = Math.round(Math.min(seconds * 0.3, 4) * FPS);
    const parts = ranges.map((range, i) => {
      const holdsThumbnail = thumbFrame >= range.start && thumbFrame < range.end;
      const graph = segmentGraph(request, slots, range, totalFrames, captions, { fillRepeats: !encode.skipsRepeats, ...(holdsThumbnail ? { thumbnail: { frame: thumbFrame - range.start, width: Math.min(720, request.width) } } : {}) });
      return { range, graph, path: segmentPath(request.outDir, i, encode.skipsRepeats ? 'h264' : 'mp4'), thumbnailPath: holdsThumbnail ? thumbnailPath : null };
    });
    const streams = await timed('video', () => Promise.all(parts.map((part, i) => timed(`video-${i}`, () => encodeSegment(tools, part.graph, part.range, { video: part.path, thumbnail: part.thumbnailPath }, encode, signal)))));

    if (encode.skipsRepeats) {
      // Each part is a raw stream starting on its own IDR picture: one after the other, they are the
      // picture. `-r` before the input stamps each frame at its place (N/FPS): the raw demuxer's own
      // time base rounds into the track's and drifts by a tick.
      const streamPath = join(request.outDir, 'picture.h264');
      await writeFile(streamPath, Buffer.concat(streams.flatMap((stream) => (stream ? [stream] : []))));
      await timed('join', () => run(tools.ffmpeg, ['-v', 'error', '-y', '-f', 'h264', '-r', String(FPS), '-i', streamPath, '-map', '0:v:0', '-c', 'copy', '-video_track_timescale', String(TRACK_TIMESCALE), '-t', seconds.toFixed(6), picturePath], { signal }));
      await rm(streamPath, { force: true });
    } else {
      const listPath = join(request.outDir, 'segments.txt');
      // Each part's exact length is written out: the demuxer would otherwise take it from the part's
      // container, rounded to milliseconds, and leave a sub-frame gap at every join.
      await writeFile(listPath, parts.map(({ range, path }) => `file '${path}'\nduration ${((range.end - range.start) / FPS).toFixed(6)}`).join('\n'));
      await timed('join', () => run(tools.ffmpeg, ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', listPath, '-map', '0:v:0', '-c', 'copy', '-t', seconds.toFixed(6), picturePath], { signal }));
    }
    for (const part of parts) await rm(part.path, { force: true });
    const scenes = slots.map((slot) => ({ start: slot.startFrame / FPS, end: slot.endFrame / FPS }));
    return { picturePath, thumbnailPath, durationSeconds: seconds, width: request.width, height: request.height, scenes, timings };
  };

  const mix = async (request: MixRequest, signal?: AbortSignal): Promise<MixResult> => {
    await mkdir(request.outDir, { recursive: true });
    const audioPath = join(request.outDir, 'mix.m4a');
    const { loudness, gainDb } = await mixAudio(tools, request, target, audioPath, options.audioBitrate, signal);
    return { audioPath, loudness, gainDb };
  };

  const mux = async (request: MuxRequest, signal?: AbortSignal): Promise<string> => {
    await mkdir(request.outDir, { recursive: true });
    const videoPath = join(request.outDir, 'video.mp4');
    await fluent(
      ffmpeg().input(request.picturePath).input(request.audioPath)
        .outputOptions(['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-t', request.durationSeconds.toFixed(6), '-movflags', '+faststart'])
        .output(videoPath),
      tools,
      signal,
    );
    await stat(videoPath);
    return videoPath;
  };

  return {
    name: 'ffmpeg',
    picture,
    mix,
    mux,
    async still({ imagePath, width, outPath }, signal) {
      await run(tools.ffmpeg, ['-v', 'error', '-y', '-i', imagePath, '-frames:v', '1', '-vf', `scale=${width}:-2`, '-q:v', '5', outPath], { signal });
    },
    async assemble(request: AssembleRequest, signal?: AbortSignal): Promise<AssembleResult> {
      const timings: Record<string, number> = {};
      const timed = timer(timings);
      const seconds = frameExactSeconds(request.narrationSeconds, request.minSeconds, request.maxSeconds);
      // The sound is mixed while the picture encodes.
      const [shown, sound] = await Promise.all([
        picture(request, signal),
        timed('audio', () => mix({ narrationPath: request.narrationPath, musicPath: request.musicPath, musicVolume: request.musicVolume, ducking: request.ducking, durationSeconds: seconds, outDir: request.outDir }, signal)),
      ]);
      Object.assign(timings, shown.timings);
      const videoPath = await timed('mux', () => mux({ picturePath: shown.picturePath, audioPath: sound.audioPath, durationSeconds: seconds, outDir: request.outDir }, signal));
      options.logger?.debug({ category: 'assemble', timings, seconds }, 'assembled');
      return { videoPath, thumbnailPath: shown.thumbnailPath, durationSeconds: seconds, width: request.width, height: request.height, loudness: sound.loudness, timings };
    },
  };
}

/** Records how long each named piece of work took, in seconds. */
function timer(timings: Record<string, number>) {
  return async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    try {
      return await work();
    } finally {
      timings[name] = (Date.now() - t0) / 1000;
    }
  };
}

function segmentPath(dir: string, index: number, extension: 'h264' | 'mp4'): string {
  return join(dir, `segment-${index}.${extension}`);
}

/** The pan of a scene's still across the frame's overscan. */
function stillPan(request: PictureRequest, slot: SceneSlot): PanPath {
  const { width: sw, height: sh } = overscan(request.width, request.height);
  return panPath(request.seed, slot.index, slot.endFrame - slot.startFrame, sw - request.width, sh - request.height);
}

/**
 * The caption events as the picture draws them, of its words (`shifted`: timed on the video, after
 * its lead): each word's change moved by a frame at most onto a frame that changes anyway
 * (`snapCaptionChanges`), found as the parts find their changing frames.
 */
export function pictureCaptionEvents(request: PictureRequest, slots: SceneSlot[], totalFrames: number, shifted: readonly WordTiming[], options: CaptionOptions): CaptionEvent[] {
  const scenes = slots.map((slot) => ({ slot, pan: request.clips?.[slot.index] ? null : stillPan(request, slot) }));
  const moving = changingFrames({ range: { start: 0, end: totalFrames }, totalFrames, scenes, captions: [], fadeIn: FADE_IN_FRAMES, fadeOut: FADE_OUT_FRAMES });
  return snapCaptionChanges(captionEvents(shifted, options), new Set(moving));
}

/**
 * A part of the picture as ffmpeg makes it: its inputs (the scenes' stills and clips), its filter
 * graph ending in `[v]`, and which of the part's frames the graph gives (offsets into the part;
 * null when it gives every frame).
 */
export interface SegmentGraph {
  inputs: string[];
  graph: string;
  frames: number[] | null;
}

/**
 * The filter graph of the frames `range` of the picture: each scene's still scaled once, looped and
 * panned (or the creator's clip), joined, faded at the video's ends, and the captions burned in.
 * Only the frames that can differ from the one before (`changingFrames`), and each GOP's first, go
 * on past the select: libass draws on those alone, and the encoder is handed those alone (the
 * repeats go back into its stream as skipped pictures: `insertRepeats`). `fillRepeats` puts the
 * repeats back as frames before the encoder instead, for an encode whose stream cannot take
 * skipped pictures. `everyFrame` draws on every frame (what the tests compare the frames with).
 * `thumbnail` also gives that frame of the part (an offset into it), scaled to `width`, as `[thumb]`.
 */
export function segmentGraph(request: PictureRequest, slots: SceneSlot[], range: FrameRange, totalFrames: number, captions: { assPath: string; changes: ReadonlyArray<{ from: number; to: number }> }, options: { everyFrame?: boolean; fillRepeats?: boolean; thumbnail?: { frame: number; width: number } } = {}): SegmentGraph {
  const { width: W, height: H } = request;
  const { width: sw, height: sh } = overscan(W, H);
  const parts: string[] = [];
  const inputs: string[] = [];
  const scenes: PartContents['scenes'] = [];
  const inRange = slots.filter((slot) => slot.endFrame > range.start && slot.startFrame < range.end);
  inRange.forEach((slot, k) => {
    const from = Math.max(slot.startFrame, range.start);
    const frames = Math.min(slot.endFrame, range.end) - from;
    const clip = request.clips?.[slot.index];
    if (clip) {
      // The creator's clip plays: this part's frames of it (the scene may be split between parts), held
      // on its last frame should it fall short, on the same 1/FPS timeline as a panned still.
      inputs.push(clip);
      scenes.push({ slot, pan: null });
      const offset = from - slot.startFrame;
      parts.push(`[${k}:v]trim=start_frame=${offset},setpts=PTS-STARTPTS,setsar=1,format=yuv420p,tpad=stop_mode=clone:stop=${frames},trim=end_frame=${frames},settb=1/${FPS},setpts=N[s${k}]`);
      return;
    }
    inputs.push(request.images[slot.index]);
    const path = stillPan(request, slot);
    scenes.push({ slot, pan: path });
    const offset = from - slot.startFrame;
    const x = panExpression(path.x, path.period, offset);
    const y = panExpression(path.y, path.period, offset);
    parts.push(`[${k}:v]scale=${sw}:${sh}:flags=bicubic,setsar=1,format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,settb=1/${FPS},setpts=N,crop=${W}:${H}:x='${x}':y='${y}':exact=1[s${k}]`);
  });
  const joined = inRange.map((_, k) => `[s${k}]`).join('');
  const fades: string[] = [];
  if (range.start === 0) fades.push(`fade=t=in:s=0:n=${FADE_IN_FRAMES}`);
  if (range.end === totalFrames) fades.push(`fade=t=out:s=${totalFrames - FADE_OUT_FRAMES - range.start}:n=${FADE_OUT_FRAMES}`);
  const escapedAss = captions.assPath.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");
  // The part's frames are moved to their place in the whole video for libass, which picks each
  // frame's words by its time; in seconds over TB, since concat hands on a time base of its own.
  const shift = `setpts=PTS-STARTPTS+${(range.start / FPS).toFixed(6)}/TB`;
  if (options.everyFrame) {
    parts.push(`${joined}concat=n=${inRange.length}:v=1:a=0,${[...fades, shift].join(',')},ass='${escapedAss}',setpts=PTS-STARTPTS[v]`);
    return { inputs, graph: parts.join(';'), frames: null };
  }
  const length = range.end - range.start;
  const changing = changingFrames({ range, totalFrames, scenes, captions: captions.changes, fadeIn: FADE_IN_FRAMES, fadeOut: FADE_OUT_FRAMES });
  const gopStarts = Array.from({ length: Math.ceil(length / GOP) }, (_, i) => i * GOP);
  const frames = [...new Set([...changing, ...gopStarts])].sort((a, b) => a - b);
  const filled = options.fillRepeats ? `,fps=${FPS}` : '';
  const drawn = `${joined}concat=n=${inRange.length}:v=1:a=0,${[...fades, shift].join(',')},select='${selectExpression(frames)}',ass='${escapedAss}',setpts=PTS-STARTPTS${filled}`;
  if (options.thumbnail) {
    // The frame's own or, when it repeats, the changing frame it repeats: its index among those the graph gives.
    const { frame, width } = options.thumbnail;
    const index = options.fillRepeats ? frame : frames.filter((offset) => offset <= frame).length - 1;
    parts.push(`${drawn},split=2[v][shown]`, `[shown]select='eq(n,${index})',scale=${width}:-2[thumb]`);
  } else {
    parts.push(`${drawn}[v]`);
  }
  return { inputs, graph: parts.join(';'), frames: options.fillRepeats ? null : frames };
}

/** How a picture's parts are encoded: x264's arguments, and whether its stream can take skipped pictures for the repeats. */
interface Encode {
  args: string[];
  skipsRepeats: boolean;
}

/**
 * Presets whose stream can take skipped pictures (`insertRepeats`): one reference frame. Without
 * B-frames, x264 counts picture order from frame_num, as the inserted pictures need.
 */
const ONE_REFERENCE_PRESETS = new Set(['ultrafast', 'superfast', 'veryfast']);

function repeatsSkippable(preset: string, bframes: number): boolean {
  return bframes === 0 && ONE_REFERENCE_PRESETS.has(preset);
}

/** The time scale of a picture's track: 512 ticks a frame. */
const TRACK_TIMESCALE = 15360;

/**
 * Encodes a part. Given only its changing frames (`segment.frames`), x264 writes a raw stream of
 * those as they come (`-r` sets its time base, passthrough keeps ffmpeg from filling the gaps) and
 * the repeats are put back as skipped pictures: that stream is returned, to be joined without being
 * written and read again. Otherwise it writes an MP4 of every frame (and returns null). The part that
 * holds the thumbnail writes it too, from its own frame (no decode of the encoded picture afterwards).
 */
async function encodeSegment(tools: MediaTools, segment: SegmentGraph, range: FrameRange, out: { video: string; thumbnail: string | null }, encode: Encode, signal?: AbortSignal): Promise<Buffer | null> {
  const command = ffmpeg();
  for (const input of segment.inputs) command.input(input);
  const frames = segment.frames;
  // A key frame starts each GOP of the part, whichever frames x264 is handed.
  const keyFrames = ['-force_key_frames', `expr:gte(t,n_forced*${GOP / FPS})`];
  const output = frames
    ? [...encode.args, ...keyFrames, '-fps_mode', 'passthrough', '-f', 'h264']
    : [...encode.args, ...keyFrames, '-video_track_timescale', String(TRACK_TIMESCALE)];
  command.complexFilter(segment.graph).output(out.video).outputOptions(['-map', '[v]', '-an', ...output]);
  if (out.thumbnail) command.output(out.thumbnail).outputOptions(['-map', '[thumb]', '-frames:v', '1', '-q:v', '4']);
  await fluent(command, tools, signal);
  return frames ? insertRepeats(await readFile(out.video), repeatsAfter(frames, range.end - range.start)) : null;
}

/** The finished mix on its way from the filters to the encoder: raw float PCM, 48 kHz, one channel. */
const PIPED_MIX = ['-f', 'f32le', '-ar', '48000', '-ac', '1'];

/** EBU R128 loudness of a mono mix as a stereo player makes it sound (both speakers). */
const MEASURE_MONO = 'ebur128=framelog=verbose:dualmono=true';

/** How far from the target a mix encoded at a hinted gain may land and be kept, LU. */
export const HINT_TOLERANCE_LU = 0.5;

/**
 * Loudness normalisation. Without a hint: pass 1 mixes (voice, ducked music, fade) into a float WAV
 * while measuring its integrated loudness (EBU R128, `ebur128`); a cheap trial pass measures what
 * the gain and the true-peak-safe limiter give and corrects the gain; the last pass applies them,
 * encodes AAC and measures the result again.
 * (Measured here: as accurate as loudnorm's linear two-pass mode and several times faster, because
 * loudnorm resamples to 192 kHz; the mix itself runs once.)
 * With a hint (the gain an earlier mix of the same narration needed): one pass mixes, keeps the WAV,
 * and encodes at the hinted gain while measuring; only a result more than HINT_TOLERANCE_LU off the
 * target is encoded again from the WAV at the corrected gain. The AAC encode is most of a mix, so
 * this is about half the work of the three passes. Returns the final loudness and the gain used.
 *
 * The mix is mono: the voice is, and the bed is taken from its first channel. So it is encoded as one
 * channel, not two equal ones (half the encode: 0.55–0.77 s instead of 1.15 s for 60 s here, the
 * bulk of a re-render after a music change), and measured as dual mono (`ebur128=dualmono`: what a
 * stereo player makes of it, the same -14 LUFS the two equal channels measured).
 */
async function mixAudio(tools: MediaTools, request: MixRequest, target: number, out: string, audioBitrate: string | undefined, signal?: AbortSignal): Promise<{ loudness: number | null; gainDb: number }> {
  const seconds = request.durationSeconds;
  const delayMs = Math.round(LEAD_SECONDS * 1000);
  const end = seconds.toFixed(3);
  const fadeStart = Math.max(0, seconds - 1.5).toFixed(3);
  let graph = `[0:a]aresample=48000,pan=mono|c0=c0,adelay=${delayMs},apad,atrim=end=${end},asplit=2[voice][key];`;
  const inputs = ['-i', request.narrationPath];
  const volume = request.musicVolume ?? DEFAULT_MUSIC_LEVEL;
  if (request.musicPath && volume > 0) {
    inputs.push('-i', request.musicPath);
    const bed = `[1:a]aresample=48000,pan=mono|c0=c0,volume=${volume.toFixed(3)},apad,atrim=end=${end}`;
    graph += request.ducking === false
      ? `${bed}[ducked];[key]anullsink;`
      : `${bed}[bed];[bed][key]sidechaincompress=threshold=0.015:ratio=8:attack=20:release=400[ducked];`;
    graph += `[voice][ducked]amix=inputs=2:duration=first:normalize=0`;
  } else {
    graph += `[key]anullsink;[voice]anull`;
  }
  graph += `,afade=t=out:st=${fadeStart}:d=1.5`;
  const clamp = (db: number) => Math.max(-30, Math.min(30, db));
  const limit = (gain: number) => `volume=${gain.toFixed(2)}dB,alimiter=limit=0.84:attack=2:release=50:level=false`;
  /** `chain` split: `label` goes on, the other half is measured (ebur128's summary in stderr). */
  const measured = (chain: string, label = 'out') => `${chain},asplit=2[${label}][measure];[measure]${MEASURE_MONO},anullsink`;
  /**
   * Runs `args` (an ffmpeg run whose `[out]` is the finished mix) with the AAC encode in a second ffmpeg
   * that reads the mix from a pipe: the filters and the encoder each take a core, where one ffmpeg
   * runs them in turn. The encoded file is the same, bit for bit. Answers the first run's stderr.
   */
  const encoded = async (args: string[]) => (await runPiped(
    { command: tools.ffmpeg, args: [...args, '-map', '[out]', ...PIPED_MIX, '-t', end, 'pipe:1'] },
    { command: tools.ffmpeg, args: ['-hide_banner', '-nostats', '-y', ...PIPED_MIX, '-i', 'pipe:0', ...audioCodecArgs(audioBitrate ?? MIX_BITRATE, 1), out] },
    { signal },
  )).first;
  const mixPath = `${out}.mix.wav`;
  /** The last pass: the mix's WAV at `gainDb`, limited, encoded and measured. */
  const final = async (gainDb: number) => {
    const stderr = await encoded(['-hide_banner', '-nostats', '-y', '-i', mixPath, '-filter_complex', measured(`[0:a]${limit(gainDb)}`)]);
    return { loudness: parseIntegratedLoudness(stderr), gainDb };
  };
  try {
    if (request.gainHintDb !== undefined) {
      const hinted = clamp(request.gainHintDb);
      const stderr = await encoded([
        '-hide_banner', '-nostats', '-y', ...inputs,
        '-filter_complex', `${graph},asplit=2[mix][limit];${measured(`[limit]${limit(hinted)}`)}`,
        '-map', '[mix]', '-c:a', 'pcm_f32le', mixPath,
      ]);
      const loudness = parseIntegratedLoudness(stderr);
      if (loudness !== null && Math.abs(loudness - target) <= HINT_TOLERANCE_LU) return { loudness, gainDb: hinted };
      if (loudness !== null) return await final(clamp(hinted + (target - loudness)));
      // Nothing measured (silence): as without a hint.
    }
    const first = await run(tools.ffmpeg, ['-hide_banner', '-nostats', '-y', ...inputs, '-filter_complex', measured(graph, 'mix'), '-map', '[mix]', '-c:a', 'pcm_f32le', mixPath], { signal });
    const unlimited = parseIntegratedLoudness(first.stderr);
    let gainDb = unlimited === null ? 0 : clamp(target - unlimited);
    if (unlimited !== null) {
      // The limiter takes a little off the loudest passages: measure its output once and make up the difference.
      const trial = await run(tools.ffmpeg, ['-hide_banner', '-nostats', '-i', mixPath, '-af', `${limit(gainDb)},${MEASURE_MONO}`, '-f', 'null', '-'], { signal });
      const limited = parseIntegratedLoudness(trial.stderr);
      if (limited !== null) gainDb = clamp(gainDb + (target - limited));
    }
    return await final(gainDb);
  } finally {
    await rm(mixPath, { force: true });
  }
}

/** The integrated loudness (LUFS) from ebur128's summary. */
export function parseIntegratedLoudness(stderr: string): number | null {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const match = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary);
  if (!match) return null;
  const value = Number.parseFloat(match[1]);
  return Number.isFinite(value) ? value : null;
}

/**
 * fluent-ffmpeg asks ffmpeg for its formats and encoders (two program starts) before its first
 * command in a process, then keeps the answer; a picture's parts start together, so each asked.
 * Asked once per process, from the assembler's creation: a worker's first render does not wait on it.
 */
let capabilities: Promise<void> | null = null;
function askCapabilitiesOnce(tools: MediaTools): Promise<void> {
  capabilities ??= new Promise((resolve) => {
    const command = ffmpeg().setFfmpegPath(tools.ffmpeg);
    // A failure is left to the command that needs ffmpeg, which reports it with its own context.
    command.availableFormats(() => command.availableEncoders(() => resolve()));
  });
  return capabilities;
}

/** Run a fluent-ffmpeg command as a promise; an abort kills ffmpeg. */
async function fluent(command: ffmpeg.FfmpegCommand, tools: MediaTools, signal?: AbortSignal): Promise<void> {
  await askCapabilitiesOnce(tools);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const onAbort = () => command.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    command.setFfmpegPath(tools.ffmpeg);
    command
      .on('end', () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      })
      .on('error', (error: Error, _stdout: string | null, stderr: string | null) => {
        signal?.removeEventListener('abort', onAbort);
        const tail = (stderr ?? '').trim().split('\n').slice(-5).join('\n');
        reject(signal?.aborted ? (signal.reason ?? error) : new Error(`ffmpeg failed: ${error.message}${tail ? `\n${tail}` : ''}`));
      })
      .run();
  });
}
