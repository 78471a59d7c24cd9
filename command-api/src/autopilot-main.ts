/** The series autopilot as its own process (distributed mode): `npm run start:autopilot -w command-api`. Run one or more: a lease elects one. */
import { openInfra, runProcess } from '@app/platform';
import { createAutopilotService, readAutopilotConfig } from './autopilot/service';

runProcess('autopilot', async () => {
  const config = readAutopilotConfig(process.env);
  const infra = await openInfra(config.infra, 'autopilot');
  const autopilot = createAutopilotService(config, infra);
  return {
    logger: infra.logger,
    service: {
      async stop() {
        await autopilot.stop();
        await infra.close();
      },
    },
  };
});
