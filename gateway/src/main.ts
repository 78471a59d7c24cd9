/**
 * `npm start`. Without COMMAND_API_URL/QUERY_API_URL: the whole product in one process (embedded
 * mode, or on whatever engines the environment names). With them: only the one HTTP origin,
 * routing to separately running command-api and query-api by the route table.
 */
import { resolve } from 'node:path';
import { closeServer, createAppServer, createLogger, listen, runProcess, startLoopMonitor } from '@app/platform';
import { readGatewayConfig } from './config';
import { startEmbedded } from './embedded';
import { createGatewayApp } from './proxy';

const WEB_DIST = resolve(__dirname, '../../web/dist');

runProcess('studio', async () => {
  const config = readGatewayConfig(process.env);
  if (!config.upstreams) {
    const product = await startEmbedded({ env: process.env, webDist: WEB_DIST });
    const shown = product.url.replace('127.0.0.1', 'localhost');
    process.stdout.write(`\n  Studio is ready at ${shown}\n`);
    if (product.mailbox) process.stdout.write(`  Mails (password resets) land in ${shown}/dev/mailbox\n\n`);
    return { logger: product.infra.logger, service: product };
  }
  const logger = createLogger('gateway', { level: config.log.level });
  // Its event loop in /metrics, like every HTTP process's.
  const monitor = startLoopMonitor();
  const app = createGatewayApp({ ...config.upstreams, webDist: WEB_DIST, publicUrl: config.site.url, logger, monitor });
  const server = createAppServer(app);
  const port = await listen(server, config.http.port, config.http.host);
  logger.info({ port, ...config.upstreams }, 'Gateway listening');
  return {
    logger,
    service: {
      async stop() {
        await closeServer(server);
        await app.stopWorkers();
        monitor.stop();
      },
    },
  };
});
