import type { Collection, Doc, DocumentStore, EventStore } from '@app/platform';
import type { Projection } from '../runner/projection';
import type { ProjectionRunner } from '../runner/run-projections';

/** Events read per step of a rebuild. */
const PAGE = 2000;

const sideName = (collection: string) => `${collection}_rebuild`;

/** The document store as the projection sees it during a rebuild: its own collections are the side ones. */
function besideLive(docs: DocumentStore, projection: Projection): DocumentStore {
  const owned = new Set(projection.collections);
  return {
    kind: docs.kind,
    collection: <T extends Doc>(name: string, options?: { indexes?: string[][] }): Collection<T> => docs.collection<T>(owned.has(name) ? sideName(name) : name, options),
    replaceCollection: (target, replacement) => docs.replaceCollection(target, replacement),
    getCheckpoint: (name) => docs.getCheckpoint(name),
    setCheckpoint: (name, position) => docs.setCheckpoint(name, position),
    close: async () => undefined,
  };
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
  const side = besideLive(docs, projection);
  for (const name of projection.collections) await side.collection(name).clear();

  let position = 0;
  let events = 0;
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
      }
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
