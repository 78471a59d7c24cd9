/** Music stage provider: a background bed at least `durationSeconds` long. */
export interface MusicRequest {
  durationSeconds: number;
  /** Mood hint derived from the topic (e.g. 'calm', 'tense', 'upbeat'). */
  mood: string;
  seed: string;
  outDir: string;
}

export interface MusicComposer {
  readonly name: string;
  compose(request: MusicRequest, signal?: AbortSignal): Promise<string>;
}
