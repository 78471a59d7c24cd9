import { COLLECTIONS, type VideoDetailDoc } from '@app/domain';
import type { DocumentStore, Stored } from '@app/platform';

export type VideoWatcher = (doc: Stored<VideoDetailDoc> | null) => void;

/** How many watchers are told in one turn of the event loop before other requests get theirs. */
const WATCHERS_PER_TURN = 50;

interface Watched {
  /** Each watcher, with what it was last told (a fingerprint of the document; undefined: nothing yet). */
  watchers: Map<VideoWatcher, string | undefined>;
  timer: NodeJS.Timeout;
  /** A poll is reading or telling its watchers: the next interval skips rather than overlaps it. */
  busy: boolean;
}

/**
 * The live status of the videos people are watching, read once per interval per video however many
 * browsers watch it (1,000 watchers of one render cost one read each half second, not 1,000): the
 * read model is in another process in the distributed mode, so it is polled, but never per stream.
 * A watcher is told only what it has not been told yet, and a crowd is told a slice per turn of the
 * event loop: a status change seen by 1,000 streams does not hold every other request of the
 * process behind 1,000 socket writes.
 */
export class LiveStatus {
  private readonly watched = new Map<string, Watched>();

  constructor(
    private readonly docs: DocumentStore,
    private readonly pollMs = 500,
  ) {}

  /** Calls `watcher` with the video's document after each change (null once it is gone) until the returned function is called. */
  watch(videoId: string, watcher: VideoWatcher): () => void {
    let entry = this.watched.get(videoId);
    if (!entry) {
      const created: Watched = { watchers: new Map(), timer: setInterval(() => void this.poll(videoId, created), this.pollMs), busy: false };
      entry = created;
      this.watched.set(videoId, entry);
    }
    entry.watchers.set(watcher, undefined);
    return () => this.unwatch(videoId, watcher);
  }

  /** How many videos are being polled (for tests and metrics). */
  get videos(): number {
    return this.watched.size;
  }

  close(): void {
    for (const { timer } of this.watched.values()) clearInterval(timer);
    this.watched.clear();
  }

  private unwatch(videoId: string, watcher: VideoWatcher): void {
    const entry = this.watched.get(videoId);
    if (!entry) return;
    entry.watchers.delete(watcher);
    if (entry.watchers.size > 0) return;
    clearInterval(entry.timer);
    this.watched.delete(videoId);
  }

  private async poll(videoId: string, entry: Watched): Promise<void> {
    if (entry.busy || entry.watchers.size === 0) return;
    entry.busy = true;
    try {
      const doc = await this.docs.collection<VideoDetailDoc>(COLLECTIONS.videoDetail).get(videoId).catch(() => undefined);
      // A failed read (the store briefly away) is skipped: the next poll tries again.
      if (doc === undefined) return;
      const fingerprint = doc === null ? '' : JSON.stringify(doc);
      const due = [...entry.watchers].filter(([, told]) => told !== fingerprint).map(([watcher]) => watcher);
      for (let from = 0; from < due.length; from += WATCHERS_PER_TURN) {
        if (from > 0) await new Promise((turn) => setImmediate(turn));
        for (const watcher of due.slice(from, from + WATCHERS_PER_TURN)) {
          // Still watching (a watcher may stop while the crowd before it is told).
          if (!entry.watchers.has(watcher)) continue;
          entry.watchers.set(watcher, fingerprint);
          watcher(doc);
        }
      }
    } finally {
      entry.busy = false;
    }
  }
}
