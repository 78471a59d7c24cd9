import type { Logger } from 'pino';
import { InProcessMessageBus, type InProcessMessageBusOptions } from './in-process';
import { KafkaMessageBus, type KafkaMessageBusOptions } from './kafka';
import type { MessageBus } from './port';

export * from './port';
export { InProcessMessageBus, type InProcessMessageBusOptions } from './in-process';
export { KafkaMessageBus, pinoLogCreator, type KafkaMessageBusOptions } from './kafka';
export { partitionFor } from './shared';

export type OpenMessageBusOptions = Omit<InProcessMessageBusOptions, 'logger'> &
  Omit<KafkaMessageBusOptions, 'brokers' | 'logger'> & { logger?: Logger };

/**
 * Opens the bus a URL names: empty or `memory:` → in-process; `kafka://host:port[,host:port]` →
 * Kafka (query parameters `partitions`, `replicationFactor`, `clientId`, `sessionTimeoutMs` and
 * `heartbeatIntervalMs` override the options).
 */
export async function openMessageBus(url: string | undefined, options: OpenMessageBusOptions = {}): Promise<MessageBus> {
  const trimmed = (url ?? '').trim();
  if (trimmed === '' || trimmed === 'memory:' || trimmed === 'memory://') return new InProcessMessageBus(options);
  const match = /^kafka:\/\/([^/?]+)\/?(?:\?(.*))?$/.exec(trimmed);
  if (!match) throw new Error(`Unsupported message bus URL "${url}": use memory: or kafka://host:port[,host:port]`);
  const brokers = match[1].split(',').map((broker) => broker.trim()).filter(Boolean);
  const query = new URLSearchParams(match[2] ?? '');
  const number = (name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
  return KafkaMessageBus.connect({
    ...options,
    brokers,
    clientId: query.get('clientId') ?? options.clientId,
    partitions: number('partitions') ?? options.partitions,
    replicationFactor: number('replicationFactor') ?? options.replicationFactor,
    sessionTimeoutMs: number('sessionTimeoutMs') ?? options.sessionTimeoutMs,
    heartbeatIntervalMs: number('heartbeatIntervalMs') ?? options.heartbeatIntervalMs,
  });
}
