/** Images stage provider: one illustration per scene, in the chosen art style. */
export interface IllustrationRequest {
  /** Scene descriptions, in order. */
  scenes: string[];
  style: string;
  width: number;
  height: number;
  seed: string;
  outDir: string;
}

export interface Illustrator {
  readonly name: string;
  /** Paths of PNG/JPEG files, one per scene, in order. */
  illustrate(request: IllustrationRequest, signal?: AbortSignal): Promise<string[]>;
}
