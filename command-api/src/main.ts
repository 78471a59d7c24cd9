/** command-api as its own process (distributed mode): `npm run start -w command-api`. */
import { closeServer, createAppServer, createHttpApp, infraReadiness, listen, openInfra, runProcess } from '@app/platform';
import { readCommandApiConfig } from './config';
import { createCommandService } from './service';

runProcess('command-api', async () => {
  const config = readCommandApiConfig(process.env);
  const infra = await openInfra(config.infra, 'command-api');
  const service = await createCommandService(config, infra);
  const server = createAppServer(createHttpApp({ logger: infra.logger, routers: [service.router], webDist: null, ops: { service: 'command-api', monitor: infra.loop, ready: infraReadiness(infra) } }));
  const port = await listen(server, config.http.port, config.http.host);
  infra.logger.info({ port }, 'command-api listening');
  return {
    logger: infra.logger,
    background: service.ingesting,
    service: {
      async stop() {
        await closeServer(server);
        await service.stop();
        await infra.close();
      },
    },
  };
});
