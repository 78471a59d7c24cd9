/** Composition root of the command API (distributed mode): `npm run start -w command-api`. */
import { createHttpApp, openInfra, readInfraConfig } from '@app/platform';
import { systemClock } from '@app/platform/src/publishing';
import { readCommandApiConfig } from './config';
import { startStatusIngester } from './render-status/ingester';
import { createCommandService } from './service';

async function main() {
  const infraConfig = readInfraConfig();
  const config = readCommandApiConfig(process.env, infraConfig.publicUrl ?? undefined);
  const infra = await openInfra(infraConfig, 'command-api');
  const { eventStore, bus, blobs, logger } = infra;
  const ingester = await startStatusIngester({ eventStore, bus, blobs, logger });
  const service = createCommandService({ infra, config, env: process.env, clock: systemClock, testClock: null });
  const app = createHttpApp({ logger, beforeJson: service.beforeJson, api: service.api, root: service.root, webDist: null });
  const port = Number(process.env.PORT ?? 3001);
  const server = app.listen(port, process.env.HOST ?? '127.0.0.1', () => logger.info({ port }, 'command-api listening'));
  const stop = async () => {
    server.close();
    await ingester.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write(`command-api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
