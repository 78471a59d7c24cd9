/** Composition root of the query API (distributed mode): `npm run start -w query-api`. */
import { createHttpApp, openInfra, readInfraConfig } from '@app/platform';
import { createQueryRouter } from './app';
import { createPublishingQueryRouter } from './series';

async function main() {
  const infraConfig = readInfraConfig();
  const infra = await openInfra(infraConfig, 'query-api');
  const { docs, blobs, tokens, logger, eventStore, bus } = infra;
  const projected = () => docs.getCheckpoint('read-models');
  const app = createHttpApp({
    logger,
    api: [createQueryRouter({
      docs, blobs, tokens,
      mediaSigningKey: infraConfig.secrets.mediaSigning,
      healthChecks: {
        eventStore: async () => ({ available: (await eventStore.headPosition()) >= 0, detail: eventStore.kind }),
        readModels: async () => ({ available: (await projected()) >= 0, detail: docs.kind }),
        messageBus: async () => ({ available: true, detail: bus.kind }),
      },
      // Another process projects: poll the checkpoint until it reaches the wanted position.
      wait: async (position, timeoutMs) => {
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          if ((await projected()) >= position) return true;
          await new Promise((r) => setTimeout(r, 25));
        }
        return (await projected()) >= position;
      },
      projectedPosition: projected,
    }), createPublishingQueryRouter({ docs, tokens, now: () => new Date() })],
    webDist: null,
  });
  const port = Number(process.env.PORT ?? 3002);
  const server = app.listen(port, process.env.HOST ?? '127.0.0.1', () => logger.info({ port }, 'query-api listening'));
  const stop = async () => {
    server.close();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write(`query-api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
