import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createHttpApp, openInfra, type Infra } from '@app/platform';
import { readCommandApiConfig } from './config';
import { createCommandService } from './service';

/**
 * The command service's start does not wait for its render status ingester to join its consumer
 * group: on Kafka, a command-api restarted after a kill -9 waits out the dead member's session
 * (about 30 s) before it joins, and every command would meanwhile have been refused.
 */
describe('When the command service starts while its status ingester cannot join yet', () => {
  let infra: Infra;
  let letJoin: () => void = () => undefined;
  let joining = 0;

  beforeAll(async () => {
    const config = readCommandApiConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cmd-start-')), LOG_LEVEL: 'silent' });
    infra = await openInfra(config.infra, 'command-api');
    const bus = infra.bus;
    // The group join waits until the test lets it through.
    infra = {
      ...infra,
      bus: Object.assign(Object.create(bus) as typeof bus, {
        subscribe: async (...args: Parameters<typeof bus.subscribe>) => {
          joining++;
          await new Promise<void>((resolve) => (letJoin = resolve));
          return bus.subscribe(...args);
        },
      }),
    };
  });
  afterAll(() => infra.close());

  it('should answer commands at once, tell when the ingester has joined, and stop cleanly either way', async () => {
    const config = readCommandApiConfig({ DATA_DIR: infra.config.dataDir, LOG_LEVEL: 'silent' });
    const service = await createCommandService(config, infra);
    expect(joining).toBe(1);
    let joined = false;
    void service.ingesting.then(() => (joined = true));
    const app = createHttpApp({ logger: infra.logger, routers: [service.router], webDist: null });

    const registered = await request(app).post('/api/auth/register').send({ name: 'Early Bird', email: 'early@example.com', password: 'secret1!' });
    expect(registered.status).toBe(201);
    expect(joined).toBe(false);

    letJoin();
    await service.ingesting;
    expect(joined).toBe(true);
    await service.stop();
  });
});
