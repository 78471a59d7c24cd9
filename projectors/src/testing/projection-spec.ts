import { SqliteDocumentStore, type DocumentStore, type RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

/** An event as a test writes it: its type and data (the rest of a recorded event is filled in). */
export interface GivenEvent {
  type: string;
  data: Record<string, unknown>;
}

const recorded = (event: GivenEvent, position: number): RecordedEvent => ({
  id: `e${position}`, streamId: 'test', type: event.type, data: event.data, metadata: {}, revision: position - 1, position, recordedAt: '2026-11-01T10:00:00.000Z',
});

/**
 * Given/when/then for a projection, on the embedded document store: `given` events are applied
 * in order (positions 1..n), `when` one more, `then` reads a document of the projection.
 *
 *   await projectionSpec(videoListProjection).given([aVideoRequested()]).when(aStage('script'))
 *     .then('video_list', 'v1', expect.objectContaining({ status: 'script' }));
 */
export function projectionSpec(projection: Projection) {
  return {
    given(events: GivenEvent[]) {
      return {
        when(event: GivenEvent) {
          const run = async (): Promise<{ docs: DocumentStore; position: number }> => {
            const docs = new SqliteDocumentStore(':memory:');
            const all = [...events, event];
            for (let i = 0; i < all.length; i++) {
              if (projection.handles.includes(all[i].type)) await projection.apply(recorded(all[i], i + 1), docs);
            }
            return { docs, position: all.length };
          };
          return {
            /** The document `id` of `collection` afterwards (null: none). */
            async then(collection: string, id: string, expected: unknown): Promise<void> {
              const { docs } = await run();
              try {
                const doc = await docs.collection(collection).get(id);
                if (expected === null) expect(doc).toBeNull();
                else expect(doc && withoutPosition(doc)).toEqual(expected);
              } finally {
                await docs.close();
              }
            },
            /** Applying the same event again (a replay after a hand-over) changes nothing. */
            async thenReplayChangesNothing(collection: string, id: string): Promise<void> {
              const { docs, position } = await run();
              try {
                const before = await docs.collection(collection).get(id);
                await projection.apply(recorded(event, position), docs);
                expect(await docs.collection(collection).get(id)).toEqual(before);
              } finally {
                await docs.close();
              }
            },
          };
        },
      };
    },
  };
}

function withoutPosition(doc: Record<string, unknown>): Record<string, unknown> {
  const { _position, ...rest } = doc;
  void _position;
  return rest;
}
