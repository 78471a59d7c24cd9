import type { DocumentStore } from '../document-store/port';

export interface CheckpointWriter {
  /** The handling of every event up to `position` has finished: save it within the interval. */
  advance(position: number): void;
  /** Saves what was advanced, now (at stop). */
  flush(): Promise<void>;
}

/**
 * A subscription's checkpoint, saved at most once per `intervalMs`: under load one write covers
 * many events instead of one write per event and per subscription. Only positions whose handling
 * has finished are saved, so a crash replays at most the last interval's events, which every
 * handler tolerates (a document skips what it already applied; reactions are idempotent).
 */
export function checkpointWriter(docs: Pick<DocumentStore, 'setCheckpoint'>, name: string, options: { intervalMs?: number; onError?: (error: unknown) => void } = {}): CheckpointWriter {
  const intervalMs = options.intervalMs ?? 10;
  let pending: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = () => {
    timer = null;
    if (pending === null) return;
    const position = pending;
    pending = null;
    writing = writing.then(() => docs.setCheckpoint(name, position)).catch((error: unknown) => options.onError?.(error));
  };

  return {
    advance(position) {
      pending = position;
      timer ??= setTimeout(write, intervalMs);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      write();
      await writing;
    },
  };
}
