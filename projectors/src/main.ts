/** The projectors as their own process (distributed mode): `npm run start -w projectors`. Run two or more: one leads. */
import { infraReadiness, openInfra, runProcess, startOpsServer } from '@app/platform';
import { readProjectorsConfig } from './config';
import { createProjectorService } from './service';

runProcess('projectors', async () => {
  const config = readProjectorsConfig(process.env);
  const infra = await openInfra(config.infra, 'projectors');
  const service = createProjectorService(config, infra);
  const ops = config.infra.opsPort === null ? null : await startOpsServer({ service: 'projectors', port: config.infra.opsPort, ready: infraReadiness(infra) });
  infra.logger.info({ eventStore: infra.eventStore.kind, readModels: infra.docs.kind, bus: infra.bus.kind }, 'Projectors started');
  return {
    logger: infra.logger,
    service: {
      async stop() {
        await ops?.stop();
        await service.stop();
        await infra.close();
      },
    },
  };
});
