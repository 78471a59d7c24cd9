/** query-api as its own process (distributed mode): `npm run start -w query-api`. */
import { closeServer, createAppServer, createHttpApp, infraReadiness, listen, openInfra, runProcess } from '@app/platform';
import { readQueryApiConfig } from './config';
import { createQueryService } from './service';

runProcess('query-api', async () => {
  const config = readQueryApiConfig(process.env);
  const infra = await openInfra(config.infra, 'query-api');
  const service = createQueryService(config, infra);
  const server = createAppServer(createHttpApp({ logger: infra.logger, routers: [service.router], webDist: null, ops: { service: 'query-api', monitor: infra.loop, ready: infraReadiness(infra) } }));
  const port = await listen(server, config.http.port, config.http.host);
  infra.logger.info({ port }, 'query-api listening');
  return {
    logger: infra.logger,
    service: {
      async stop() {
        await closeServer(server);
        await service.stop();
        await infra.close();
      },
    },
  };
});
