import type { Language } from '@app/domain';

/** Images stage provider: one illustration per scene, in the chosen art style. */
export interface IllustrationRequest {
  /** Scene descriptions, in order. */
  scenes: string[];
  style: string;
  width: number;
  height: number;
  seed: string;
  /** Per scene, the seed of its picture (a regenerated scene gets a new one); `${seed}:${index}` when absent. */
  sceneSeeds?: string[];
  outDir: string;
  /** Per scene, its narration line: the picture shows what it says (absent: the description is read instead). */
  lines?: string[];
  /** The narration's language (English when absent). */
  language?: Language;
  /** The video's topic: what a scene shows when its words name nothing drawable. */
  topic?: string;
  /** Per scene, the subject the creator picked for it ('' or absent: chosen from the words). */
  subjects?: string[];
  /**
   * Also write each scene's drawing as SVG beside its picture (`scene-00.svg`), as it was before
   * rasterising: for benchmarks and debugging. An illustrator that draws no SVG ignores it.
   */
  svgOut?: boolean;
}

/** A picture of the illustration set a scene shows (or could show). */
export interface SubjectRef {
  id: string;
  emoji: string;
  /** Its name in the narration's language. */
  label: string;
}

/** What a scene's picture shows: its subjects, main first, and the others the creator may pick instead. */
export interface SceneSubjects {
  subjects: SubjectRef[];
  options: SubjectRef[];
}

export interface Illustrator {
  readonly name: string;
  /** Paths of PNG/JPEG files, one per scene, in order. */
  illustrate(request: IllustrationRequest, signal?: AbortSignal): Promise<string[]>;
  /**
   * The subjects each scene's picture will show, worked out without drawing (an illustrator that
   * draws from the illustration set). The pipeline records them for the storyboard and keys each
   * picture by them.
   */
  subjectsFor?(request: Omit<IllustrationRequest, 'outDir' | 'width' | 'height' | 'style' | 'seed'>): SceneSubjects[];
}
