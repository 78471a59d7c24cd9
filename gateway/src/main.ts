/**
 * Composition root of `npm start`. Without COMMAND_API_URL/QUERY_API_URL: the whole product in
 * one process (embedded mode, or on whatever engines the environment names). With them: only
 * the one HTTP origin, proxying to separately running command-api and query-api.
 */
import { resolve } from 'node:path';
import { ConfigError, createLogger } from '@app/platform';
import { startEmbedded } from './embedded';
import { createGatewayApp } from './proxy';
import { rendererHealthChecks, startEmbeddedRenderWorkers } from './render';

async function runEmbedded(): Promise<void> {
  const product = await startEmbedded({
    startWorkers: (infra) => startEmbeddedRenderWorkers(infra, process.env),
    healthChecks: rendererHealthChecks(),
  });
  const shown = product.url.replace('127.0.0.1', 'localhost');
  process.stdout.write(`\n  Studio is ready at ${shown}\n`);
  if (product.mailbox) process.stdout.write(`  Mails (password resets) land in ${shown}/dev/mailbox\n\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    product.infra.logger.info({ signal }, 'Stopping');
    await product.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function runGateway(commandUrl: string, queryUrl: string): void {
  const logger = createLogger('gateway');
  const app = createGatewayApp({ commandUrl, queryUrl, webDist: resolve(__dirname, '../../web/dist'), logger });
  const port = Number(process.env.PORT ?? 3000);
  const server = app.listen(port, process.env.HOST ?? '0.0.0.0', () => logger.info({ port, commandUrl, queryUrl }, 'Gateway listening'));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

const { COMMAND_API_URL, QUERY_API_URL } = process.env;
const started = COMMAND_API_URL && QUERY_API_URL ? Promise.resolve(runGateway(COMMAND_API_URL, QUERY_API_URL)) : runEmbedded();
started.catch((error) => {
  process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `Studio failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
