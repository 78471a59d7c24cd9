import { COLLECTIONS, type VideoDetailDoc } from '@app/domain';
import type { DocumentStore, Stored } from '@app/platform';

export type VideoWatcher = (doc: Stored<VideoDetailDoc> | null) => void;

/**
 * The live status of the videos people are watching, read once per interval per video however many
 * browsers watch it (1,000 watchers of one render cost one read each half second, not 1,000): the
 * read model is in another process in the distributed mode, so it is polled, but never per stream.
 */
export class LiveStatus {
  private readonly watched = new Map<string, { watchers: Set<VideoWatcher>; timer: NodeJS.Timeout }>();

  constructor(
    private readonly docs: DocumentStore,
    private readonly pollMs = 500,
  ) {}

  /** Calls `watcher` with the video's document after each poll (null once it is gone) until the returned function is called. */
  watch(videoId: string, watcher: VideoWatcher): () => void {
    let entry = this.watched.get(videoId);
    if (!entry) {
      const watchers = new Set<VideoWatcher>();
      const timer = setInterval(() => void this.poll(videoId, watchers), this.pollMs);
      entry = { watchers, timer };
      this.watched.set(videoId, entry);
    }
    entry.watchers.add(watcher);
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

  private async poll(videoId: string, watchers: Set<VideoWatcher>): Promise<void> {
    if (watchers.size === 0) return;
    const doc = await this.docs.collection<VideoDetailDoc>(COLLECTIONS.videoDetail).get(videoId).catch(() => undefined);
    // A failed read (the store briefly away) is skipped: the next poll tries again.
    if (doc === undefined) return;
    for (const watcher of [...watchers]) watcher(doc);
  }
}
