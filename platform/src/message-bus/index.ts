import type { Logger } from 'pino';
import type { KafkaMessageBusOptions } from './kafka';
import type { MessageBus } from './port';
import { SqliteMessageBus, type SqliteMessageBusOptions } from './sqlite';

export * from './port';
export { SqliteMessageBus, type SqliteMessageBusOptions } from './sqlite';
export type { KafkaMessageBusOptions } from './kafka';
export { partitionFor } from './shared';
export { readMessage } from './reading';
export { namespaced } from './namespaced';

export type OpenMessageBusOptions = Omit<SqliteMessageBusOptions, 'file' | 'logger'> &
  Omit<KafkaMessageBusOptions, 'brokers' | 'logger'> & { logger?: Logger };

const numberParam = (query: URLSearchParams, name: string) => (query.has(name) ? Number(query.get(name)) : undefined);

/**
 * Opens the bus a URL names: a file path (`/var/lib/studio/bus.db`, `sqlite:<path>`) → the
 * durable SQLite bus, which several processes may share; empty or `memory:` → the same on an
 * in-memory database (one process, nothing kept); `kafka://host:port[,host:port]` → Kafka.
 * Query parameters override the options: `partitions`, and for SQLite `sessionTimeoutMs`,
 * `pollMs`, `retentionHours`; for Kafka `replicationFactor`, `clientId`, `sessionTimeoutMs`,
 * `heartbeatIntervalMs`, `retryBackoffMs` and `maxRetryBackoffMs` (how soon a failed message is redelivered).
 */
export async function openMessageBus(url: string | undefined, options: OpenMessageBusOptions = {}): Promise<MessageBus> {
  const trimmed = (url ?? '').trim();
  const [location, search = ''] = trimmed.split('?');
  const query = new URLSearchParams(search);
  if (location === '' || location === 'memory:' || location === 'memory://') return new SqliteMessageBus({ ...options, ...sqliteParams(query), file: ':memory:' });
  const kafka = /^kafka:\/\/([^/?]+)\/?$/.exec(location);
  if (kafka) {
    const brokers = kafka[1].split(',').map((broker) => broker.trim()).filter(Boolean);
    // kafkajs loads only when a URL names Kafka.
    const { KafkaMessageBus } = await import('./kafka');
    return KafkaMessageBus.connect({
      ...options,
      brokers,
      clientId: query.get('clientId') ?? options.clientId,
      partitions: numberParam(query, 'partitions') ?? options.partitions,
      replicationFactor: numberParam(query, 'replicationFactor') ?? options.replicationFactor,
      sessionTimeoutMs: numberParam(query, 'sessionTimeoutMs') ?? options.sessionTimeoutMs,
      heartbeatIntervalMs: numberParam(query, 'heartbeatIntervalMs') ?? options.heartbeatIntervalMs,
      retryBackoffMs: numberParam(query, 'retryBackoffMs') ?? options.retryBackoffMs,
      maxRetryBackoffMs: numberParam(query, 'maxRetryBackoffMs') ?? options.maxRetryBackoffMs,
    });
  }
  if (location.startsWith('sqlite:') || (!/^[a-z][a-z0-9+.-]*:/i.test(location) && location.length > 0)) {
    return new SqliteMessageBus({ ...options, ...sqliteParams(query), file: location.replace(/^sqlite:(\/\/)?/, '') });
  }
  throw new Error(`Unsupported message bus URL "${url}": use a file path (SQLite), memory: or kafka://host:port[,host:port]`);
}

function sqliteParams(query: URLSearchParams): Partial<SqliteMessageBusOptions> {
  const picked: Partial<SqliteMessageBusOptions> = {};
  for (const name of ['partitions', 'sessionTimeoutMs', 'pollMs', 'retentionHours'] as const) {
    const value = numberParam(query, name);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
