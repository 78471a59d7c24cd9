import { SCHEMA_VERSION, type UpcasterRegistry } from '@app/domain';
import type { EventStore, RecordedEvent } from './port';

/**
 * The event store as the services use it: appends are stamped with each type's current schema
 * version, and everything read (streams, the log, subscriptions) comes back upcast to the current
 * shape. The adapters underneath store and return exactly what they were given.
 */
export function withUpcasting(store: EventStore, registry: UpcasterRegistry): EventStore {
  const upcast = (event: RecordedEvent): RecordedEvent => {
    const stored = Number(event.metadata?.[SCHEMA_VERSION] ?? 1);
    const next = registry.upcast(event.type, event.data, Number.isSafeInteger(stored) && stored > 0 ? stored : 1);
    return next.version === stored ? event : { ...event, data: next.data, metadata: { ...event.metadata, [SCHEMA_VERSION]: next.version } };
  };
  return {
    kind: store.kind,
    append: (streamId, events, options) =>
      store.append(streamId, events.map((e) => (e.metadata?.[SCHEMA_VERSION] ? e : { ...e, metadata: { ...e.metadata, [SCHEMA_VERSION]: registry.currentVersion(e.type) } })), options),
    readStream: async (streamId, options) => (await store.readStream(streamId, options)).map(upcast),
    readAll: async (options) => (await store.readAll(options)).map(upcast),
    readLog: async (query) => (await store.readLog(query)).map(upcast),
    listStreams: (query) => store.listStreams(query),
    subscribeToAll: (options) => store.subscribeToAll({ ...options, handler: (event) => options.handler(upcast(event)) }),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
