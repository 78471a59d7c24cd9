import type { Language } from '@app/domain';

/** Narration stage provider: speaks the script and reports when each word is said. */
export interface WordTiming {
  word: string;
  /** Seconds from the start of the narration. */
  start: number;
  end: number;
  /** Index of the narration line the word belongs to. */
  line: number;
}

export interface NarrationRequest {
  lines: string[];
  voiceId: string;
  language: Language;
  /** Directory to write the audio file into. */
  outDir: string;
}

export interface NarrationResult {
  /** Path of a WAV or MP3 file. */
  audioPath: string;
  durationSeconds: number;
  words: WordTiming[];
}

export interface Narrator {
  /** Names the engine that speaks (part of the narration cache key): final once `ready()` resolved. */
  readonly name: string;
  /** For a narrator that chooses its engine at start (neural voice, else espeak-ng): resolves once it has chosen. */
  ready?(): Promise<void>;
  narrate(request: NarrationRequest, signal?: AbortSignal): Promise<NarrationResult>;
}
