/** The render workers as their own process (distributed mode): `npm run start -w render-workers`. Run N: they share the consumer group. */
import { infraReadiness, lowerPriority, openInfra, runProcess, startOpsServer } from '@app/platform';
import { readRenderWorkersConfig } from './config';
import { createRenderWorkerService } from './service';

runProcess('render-workers', async () => {
  const config = readRenderWorkersConfig(process.env);
  const infra = await openInfra(config.infra, 'render-workers');
  // Renders are batch work: on a machine they share with HTTP processes (or the database), those go first.
  lowerPriority(0, config.render.niceness, infra.logger);
  const service = await createRenderWorkerService(config, infra);
  const ops = config.infra.opsPort === null ? null : await startOpsServer({ service: 'render-workers', port: config.infra.opsPort, ready: infraReadiness(infra) });
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
