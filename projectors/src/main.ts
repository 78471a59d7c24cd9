/** The projectors as their own process (distributed mode): `npm run start -w projectors`. Run two or more: one leads. */
import { openInfra, runProcess } from '@app/platform';
import { readProjectorsConfig } from './config';
import { createProjectorService } from './service';

runProcess('projectors', async () => {
  const config = readProjectorsConfig(process.env);
  const infra = await openInfra(config.infra, 'projectors');
  const service = createProjectorService(config, infra);
  infra.logger.info({ eventStore: infra.eventStore.kind, readModels: infra.docs.kind, bus: infra.bus.kind }, 'Projectors started');
  return {
    logger: infra.logger,
    service: {
      async stop() {
        await service.stop();
        await infra.close();
      },
    },
  };
});
