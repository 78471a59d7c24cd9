import type { AspectRatio } from '@app/domain';
import type { WordTiming } from '../narration/port';

/** Assemble stage: stills, narration, captions and music into one MP4 plus a thumbnail. */
export interface AssembleRequest {
  /** One still per scene, in order; scene i is on screen while narration line i is spoken. */
  images: string[];
  narrationPath: string;
  narrationSeconds: number;
  words: WordTiming[];
  musicPath: string | null;
  aspectRatio: AspectRatio;
  width: number;
  height: number;
  minSeconds: number;
  maxSeconds: number;
  outDir: string;
  seed: string;
}

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

export interface Assembler {
  readonly name: string;
  assemble(request: AssembleRequest, signal?: AbortSignal): Promise<AssembleResult>;
}
