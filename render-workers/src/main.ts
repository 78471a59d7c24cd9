/** Composition root of the render workers (distributed mode): `npm run start -w render-workers`. */
import { openInfra, readInfraConfig } from '@app/platform';
import { loadRenderWorkersConfig } from './config';
import { createRenderWorkers } from './index';
import { publishPreviews } from './publish-previews';

async function main() {
  const config = loadRenderWorkersConfig();
  const infra = await openInfra(readInfraConfig(), 'render-workers');
  const workers = createRenderWorkers(config, { bus: infra.bus, blobs: infra.blobs, logger: infra.logger });
  await workers.start();
  const previews = new AbortController();
  void publishPreviews(workers, infra.blobs, infra.logger, previews.signal);
  infra.logger.info({ workerId: config.workerId, bus: infra.bus.kind, concurrency: config.concurrency }, 'Render worker started');
  const stop = async () => {
    previews.abort();
    await workers.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write(`render-workers failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
