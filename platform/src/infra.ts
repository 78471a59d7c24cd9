import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InfraConfig, Secrets } from './config/infra-config';
import { ConfigError } from './config/parse-env';
import { openEventStore, type EventStore } from './event-store';
import { openDocumentStore, type DocumentStore } from './document-store';
import { openMessageBus, type MessageBus } from './message-bus';
import { namespaced } from './message-bus/namespaced';
import { openBlobStore, type BlobStore } from './blob-store';
import { createLogger, type Logger } from './logging/logger';
import { SessionTokens } from './security/tokens';
import { startLoopMonitor, type LoopMonitor } from './http/load-shedding';
import { reportConsumerLag } from './observability/metrics';

/** The adapters a service runs on, chosen by the URLs in its configuration. */
export interface Infra {
  config: InfraConfig;
  secrets: Secrets;
  logger: Logger;
  eventStore: EventStore;
  docs: DocumentStore;
  bus: MessageBus;
  blobs: BlobStore;
  tokens: SessionTokens;
  /** This process's event loop, watched: /metrics, and 503 for expensive work while it lags (null: shedding off). */
  loop: LoopMonitor | null;
  close(): Promise<void>;
}

/**
 * Opens the engines a service runs on. This is where a service touches the disk first: the data
 * directory is created, and outside production the secrets that were not configured are taken
 * from (or generated once into) DATA_DIR/secrets.json.
 */
export async function openInfra(config: InfraConfig, service: string): Promise<Infra> {
  mkdirSync(config.dataDir, { recursive: true });
  const secrets = resolveSecrets(config);
  const logger = createLogger(service, { level: config.logLevel });
  const eventStore = await openEventStore(config.eventStoreUrl);
  const docs = await openDocumentStore(config.readStoreUrl);
  const bus = namespaced(await openMessageBus(config.busUrl, { logger, clientId: service }), config.busNamespace);
  const stopLagReport = reportConsumerLag(bus);
  const blobs = openBlobStore(config.mediaDir, config.s3);
  const tokens = new SessionTokens(secrets.jwt);
  const loop = config.shedLoopDelayMs > 0 ? startLoopMonitor({ thresholdMs: config.shedLoopDelayMs }) : null;
  return {
    config, secrets, logger, eventStore, docs, bus, blobs, tokens, loop,
    async close() {
      loop?.stop();
      stopLagReport();
      await bus.close().catch(() => undefined);
      await docs.close().catch(() => undefined);
      await eventStore.close().catch(() => undefined);
      logger.flush();
    },
  };
}

/**
 * The configured secrets; outside production the missing ones are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), so sessions and signed links survive restarts and every
 * process on that data directory shares them.
 */
export function resolveSecrets(config: InfraConfig): Secrets {
  const { jwt, mediaSigning, tokenEncryption } = config.secrets;
  if (jwt && mediaSigning && tokenEncryption) return { jwt, mediaSigning, tokenEncryption };
  if (config.nodeEnv === 'production') throw new ConfigError('JWT_SECRET, MEDIA_SIGNING_KEY and TOKEN_ENCRYPTION_KEY are required in production');
  const local = localSecrets(config.dataDir);
  return { jwt: jwt ?? local.jwt, mediaSigning: mediaSigning ?? local.mediaSigning, tokenEncryption: tokenEncryption ?? local.tokenEncryption };
}

function localSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets = { jwt: randomBytes(48).toString('base64url'), mediaSigning: randomBytes(48).toString('base64url'), tokenEncryption: randomBytes(48).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  // Written aside, then linked into place: two processes starting together on one data directory
  // both end up with the first one's secrets, and nobody ever reads a half-written file.
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, JSON.stringify(secrets), { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  } finally {
    unlinkSync(aside);
  }
  return secrets;
}
