/**
 * Composition root of the autopilot (distributed mode): `npm run start:autopilot -w gateway`.
 * The scheduler issues GenerateVideo when a series' slot comes due and publishes finished videos,
 * so it needs the command side and the publishers together; run one or more (a lease elects one).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { generateVideo } from '@app/command-api';
import { openInfra, readInfraConfig } from '@app/platform';
import { openPublishing, systemClock } from '@app/platform/src/publishing';
import { startAutopilot } from '@app/projectors/src/scheduler';

async function main() {
  const config = readInfraConfig();
  const infra = await openInfra(config, 'autopilot');
  const { eventStore, docs, blobs, logger } = infra;
  const publicUrl = (process.env.PUBLIC_URL ?? config.publicUrl ?? 'http://localhost:3000').replace(/\/$/, '');
  const publishing = openPublishing({ env: process.env, eventStore, docs, blobs, logger, clock: systemClock, publicUrl, mediaSigningKey: config.secrets.mediaSigning, tokenEncryptionKey: config.secrets.tokenEncryption });
  const autopilot = startAutopilot({
    eventStore, docs, logger, clock: systemClock, executor: publishing.executor,
    holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    generateVideo: (userId, body, metadata, seriesId) => generateVideo(eventStore, userId, body, metadata, seriesId),
  });
  logger.info('Autopilot started');
  const stop = async () => {
    await autopilot.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write(`autopilot failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
