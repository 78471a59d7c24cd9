import type { AspectRatio, CaptionStyle } from '@app/domain';
import type { WordTiming } from '../narration/port';

/** The picture: panned stills with the captions burned in (no sound), and a thumbnail. */
export interface PictureRequest {
  /** One still per scene, in order; scene i is on screen while narration line i is spoken. */
  images: string[];
  /**
   * Per scene, a clip that plays instead of its still (the creator's own media, issue 18): already in
   * the frame, at the video's rate, exactly as many frames as the scene lasts; null: the still, panned.
   */
  clips?: Array<string | null>;
  narrationSeconds: number;
  words: WordTiming[];
  aspectRatio: AspectRatio;
  width: number;
  height: number;
  minSeconds: number;
  maxSeconds: number;
  outDir: string;
  seed: string;
  /** The captions' look (the classic one when absent). */
  captions?: CaptionStyle;
  /**
   * Encode for time rather than size (a studio re-render, which the creator waits on): the same
   * look in about 0.6 of the time, in a larger file.
   */
  quick?: boolean;
}

export interface PictureResult {
  /** Video-only MP4. */
  picturePath: string;
  thumbnailPath: string;
  durationSeconds: number;
  width: number;
  height: number;
  /** Each scene's time span in the video, seconds. */
  scenes: Array<{ start: number; end: number }>;
  timings: Record<string, number>;
}

/** The sound: narration over the music bed, ducked, faded and loudness-normalised. */
export interface MixRequest {
  narrationPath: string;
  /** Null: narration alone. */
  musicPath: string | null;
  /** The bed's level under the voice, linear (0.3 by default). */
  musicVolume?: number;
  /** Duck the bed under the voice (default on). */
  ducking?: boolean;
  durationSeconds: number;
  outDir: string;
  /**
   * The gain (dB) that brought an earlier mix of the same narration to the target loudness. Given,
   * the mix is encoded at it in the same pass that mixes, and encoded once more only if it misses
   * the target by more than half a LU (a re-render after a music change is then one pass, not three).
   */
  gainHintDb?: number;
}

export interface MixResult {
  audioPath: string;
  /** Integrated loudness of the final, normalised mix (LUFS), measured as it is encoded; null if it could not be measured. */
  loudness: number | null;
  /** The gain (dB) applied before the limiter: the next mix of the same narration's hint. */
  gainDb?: number;
}

export interface MuxRequest {
  picturePath: string;
  audioPath: string;
  durationSeconds: number;
  outDir: string;
}

/** Everything at once: the picture and the mix, then muxed. */
export type AssembleRequest = PictureRequest & Omit<MixRequest, 'durationSeconds' | 'outDir'>;

export interface AssembleResult {
  videoPath: string;
  thumbnailPath: string;
  durationSeconds: number;
  width: number;
  height: number;
  /** Integrated loudness of the final, normalised mix (LUFS), measured as it is encoded; null if it could not be measured. */
  loudness: number | null;
  timings: Record<string, number>;
}

/**
 * Assemble stage. Its three parts are separate so a re-render redoes only what changed: a new
 * caption style encodes the picture again, a new music level only mixes and muxes.
 */
export interface Assembler {
  readonly name: string;
  picture(request: PictureRequest, signal?: AbortSignal): Promise<PictureResult>;
  mix(request: MixRequest, signal?: AbortSignal): Promise<MixResult>;
  /** The final MP4 (faststart) from a picture and a mix, without re-encoding either. */
  mux(request: MuxRequest, signal?: AbortSignal): Promise<string>;
  assemble(request: AssembleRequest, signal?: AbortSignal): Promise<AssembleResult>;
  /** A still scaled to `width` as a JPEG (the storyboard's scene pictures). */
  still(request: { imagePath: string; width: number; outPath: string }, signal?: AbortSignal): Promise<void>;
}
