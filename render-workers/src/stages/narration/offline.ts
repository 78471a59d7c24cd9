import type { Logger } from '@app/platform';
import type { KokoroNarrator } from './kokoro';
import { NeuralModelError } from './kokoro/files';
import type { NarrationRequest, NarrationResult, Narrator } from './port';

export interface OfflineNarrator extends Narrator {
  ready(): Promise<void>;
  /** Which engine speaks, and why when it is not the neural one (null until `ready()`). */
  readonly status: { engine: 'neural' | 'espeak'; problem: string | null } | null;
}

/**
 * The offline narrator: the neural voice when its files verify, otherwise espeak-ng with a logged
 * warning naming the file and the checksum it must have. The choice is made once, at start (so a
 * render's narration cache key names the engine that really spoke), and again only if a neural
 * file goes bad later: then that render and the next are spoken by espeak-ng.
 */
export function createOfflineNarrator(options: { neural: KokoroNarrator; espeak: Narrator; logger?: Logger }): OfflineNarrator {
  const { neural, espeak, logger } = options;
  let status: OfflineNarrator['status'] = null;
  const fallBack = (error: unknown) => {
    const problem = error instanceof Error ? error.message : String(error);
    status = { engine: 'espeak', problem };
    logger?.warn({ category: 'narration', err: error instanceof NeuralModelError ? undefined : error, file: error instanceof NeuralModelError ? error.file : undefined }, `Neural narration unavailable, narrating with espeak-ng: ${problem}`);
  };
  let choosing: Promise<void> | null = null;
  // Chosen on first use (the render workers' service asks at start, so the warning is logged then).
  const ready = () => (choosing ??= neural.verify().then(
    () => {
      status = { engine: 'neural', problem: null };
      logger?.info({ category: 'narration' }, 'Narrating with the neural voices (Kokoro-82M v1.0, offline)');
    },
    fallBack,
  ));
  return {
    get name() {
      return status?.engine === 'espeak' ? espeak.name : neural.name;
    },
    get status() {
      return status;
    },
    ready,
    async narrate(request: NarrationRequest, signal?: AbortSignal): Promise<NarrationResult> {
      await ready();
      if (status?.engine === 'neural') {
        try {
          return await neural.narrate(request, signal);
        } catch (error) {
          if (!(error instanceof NeuralModelError)) throw error;
          fallBack(error);
        }
      }
      return espeak.narrate(request, signal);
    },
  };
}
