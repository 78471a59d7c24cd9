import { timeSlicer, type Collection, type Doc, type DocumentStore, type EventStore, type Stored } from '@app/platform';
import type { Projection } from '../runner/projection';
import type { ProjectionRunner } from '../runner/run-projections';

/** Events read per step of a rebuild. */
const PAGE = 2000;

const sideName = (collection: string) => `${collection}_rebuild`;

/**
 * A side collection seen through a write-back cache: a page of events is applied in memory (the
 * projection's `get` and `apply`), then written in one `writeMany`. Anything else flushes first.
 */
class BufferedCollection<T extends Doc> {
  private readonly cache = new Map<string, Stored<T> | null>();
  private readonly dirty = new Map<string, { id: string; doc: Omit<T, '_id'> | null; position: number }>();

  constructor(readonly side: Collection<T>) {}

  async get(id: string): Promise<Stored<T> | null> {
    if (this.cache.has(id)) return this.cache.get(id)!;
    const doc = await this.side.get(id);
    this.cache.set(id, doc);
    return doc;
  }

  async apply(id: string, position: number, change: (current: Stored<T> | null) => T | null): Promise<boolean> {
    const current = await this.get(id);
    if (current && current._position >= position) return false;
    const next = change(current);
    if (next === current) return false;
    if (next === null) {
      this.cache.set(id, null);
      this.dirty.set(id, { id, doc: null, position });
    } else {
      const { _id, ...doc } = next;
      void _id;
      this.cache.set(id, { ...next, _id: id, _position: position } as Stored<T>);
      this.dirty.set(id, { id, doc: doc as Omit<T, '_id'>, position });
    }
    return true;
  }

  async flush(): Promise<void> {
    if (this.dirty.size > 0) await this.side.writeMany([...this.dirty.values()]);
    this.dirty.clear();
    this.cache.clear();
  }

  /** The collection as the projection uses it: get and apply buffered, the rest after a flush. */
  view(): Collection<T> {
    const flushed = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => async (...args: A) => {
      await this.flush();
      return call(...args);
    };
    return {
      get: (id) => this.get(id),
      apply: (id, position, change) => this.apply(id, position, change),
      find: flushed((filter, options) => this.side.find(filter, options)),
      count: flushed((filter) => this.side.count(filter)),
      upsert: flushed((id, doc, position) => this.side.upsert(id, doc, position)),
      patch: flushed((id, fields, position) => this.side.patch(id, fields, position)),
      delete: flushed((id) => this.side.delete(id)),
      writeMany: flushed((changes) => this.side.writeMany(changes)),
      clear: flushed(() => this.side.clear()),
    };
  }
}

/** The document store as the projection sees it during a rebuild: its own collections are the (buffered) side ones. */
function besideLive(docs: DocumentStore, projection: Projection): { store: DocumentStore; flush: () => Promise<void> } {
  const owned = new Set(projection.collections);
  const buffered = new Map<string, BufferedCollection<any>>();
  const store: DocumentStore = {
    kind: docs.kind,
    collection: <T extends Doc>(name: string, options?: { indexes?: string[][] }): Collection<T> => {
      if (!owned.has(name)) return docs.collection<T>(name, options);
      let collection = buffered.get(name);
      if (!collection) buffered.set(name, (collection = new BufferedCollection<T>(docs.collection<T>(sideName(name), options))));
      return collection.view() as Collection<T>;
    },
    replaceCollection: (target, replacement) => docs.replaceCollection(target, replacement),
    batch: (work) => docs.batch(work),
    getCheckpoint: (name) => docs.getCheckpoint(name),
    setCheckpoint: (name, position) => docs.setCheckpoint(name, position),
    close: async () => undefined,
  };
  return { store, flush: async () => { for (const collection of buffered.values()) await collection.flush(); } };
}

export interface RebuildResult {
  position: number;
  events: number;
  durationMs: number;
}

/**
 * Rebuilds one read model from position 0 into side collections while the live ones keep serving
 * (and keep being projected), then, between two live events, catches the side up to the live
 * position and swaps each collection in atomically: readers see the old read model, then the new
 * one, never a half-built one.
 */
export async function rebuildBesideLive(input: {
  eventStore: EventStore;
  docs: DocumentStore;
  projection: Projection;
  runner: Pick<ProjectionRunner, 'exclusive' | 'position'>;
  onProgress?: (position: number, target: number) => Promise<void> | void;
  now?: () => number;
}): Promise<RebuildResult> {
  const { eventStore, docs, projection, runner } = input;
  const now = input.now ?? Date.now;
  const started = now();
  const { store: side, flush } = besideLive(docs, projection);
  for (const name of projection.collections) await side.collection(name).clear();

  let position = 0;
  let events = 0;
  const yieldToLoop = timeSlicer(); // the live read models keep serving meanwhile
  const replay = async (until: number) => {
    while (position < until) {
      const page = await eventStore.readLog({ after: position, until, limit: PAGE });
      if (page.length === 0) break;
      for (const event of page) {
        if (projection.handles.includes(event.type)) {
          await projection.apply(event, side);
          events++;
        }
        position = event.position;
        await yieldToLoop();
      }
      await flush();
      await input.onProgress?.(position, until);
    }
  };

  await replay(await eventStore.headPosition());
  await runner.exclusive(async () => {
    await replay(runner.position());
    for (const name of projection.collections) await docs.replaceCollection(name, sideName(name));
  });
  return { position, events, durationMs: now() - started };
}
