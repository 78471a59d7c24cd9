import type { InfraConfig } from './config/infra-config';
import { openEventStore, type EventStore } from './event-store';
import { openDocumentStore, type DocumentStore } from './document-store';
import { openMessageBus, type MessageBus } from './message-bus';
import { namespaced } from './message-bus/namespaced';
import { openBlobStore, type BlobStore } from './blob-store';
import { createLogger, type Logger } from './logging/logger';
import { SessionTokens } from './security/tokens';

/** The adapters a service runs on, chosen by the URLs in its configuration. */
export interface Infra {
  config: InfraConfig;
  logger: Logger;
  eventStore: EventStore;
  docs: DocumentStore;
  bus: MessageBus;
  blobs: BlobStore;
  tokens: SessionTokens;
  close(): Promise<void>;
}

/** Opens only what a service needs; the rest stay null-free by opening lazily at the call site. */
export async function openInfra(config: InfraConfig, service: string): Promise<Infra> {
  const logger = createLogger(service, { level: config.logLevel });
  const eventStore = await openEventStore(config.eventStoreUrl);
  const docs = await openDocumentStore(config.readStoreUrl);
  const bus = namespaced(await openMessageBus(config.busUrl, { logger, clientId: service }), config.busNamespace);
  const blobs = openBlobStore(config.mediaDir, process.env);
  const tokens = new SessionTokens(config.secrets.jwt);
  return {
    config, logger, eventStore, docs, bus, blobs, tokens,
    async close() {
      await bus.close().catch(() => undefined);
      await docs.close().catch(() => undefined);
      await eventStore.close().catch(() => undefined);
    },
  };
}
