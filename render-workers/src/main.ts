/** The render workers as their own process (distributed mode): `npm run start -w render-workers`. Run N: they share the consumer group. */
import { openInfra, runProcess } from '@app/platform';
import { readRenderWorkersConfig } from './config';
import { createRenderWorkerService } from './service';

runProcess('render-workers', async () => {
  const config = readRenderWorkersConfig(process.env);
  const infra = await openInfra(config.infra, 'render-workers');
  const service = await createRenderWorkerService(config, infra);
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
