import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { createCommandService, generateVideo, readCommandApiConfig, startStatusIngester } from '@app/command-api';
import { createQueryRouter, type HealthCheck } from '@app/query-api';
import { createPublishingQueryRouter } from '@app/query-api/src/series';
import { PROJECTIONS, runMediaJanitor, runProjections, runRenderRelay } from '@app/projectors';
import { startAutopilot } from '@app/projectors/src/scheduler';
import { createHttpApp, openInfra, readInfraConfig, type Infra } from '@app/platform';
import { AdjustableClock, systemClock, testClockEnabled } from '@app/platform/src/publishing';
import type { DevMailbox } from '@app/platform/src/mail';
import { embeddedHealthChecks } from './health';

export interface Stoppable {
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  env?: Record<string, string | undefined>;
  /** 0 picks a free port. Default: PORT or 3000. */
  port?: number;
  host?: string;
  /** The built web app; default web/dist. null serves no web app. */
  webDist?: string | null;
  /** Starts the render workers on the given infrastructure; omitted, nothing renders. */
  startWorkers?: (infra: Infra) => Promise<Stoppable>;
  /** Extra service-status checks (e.g. the renderer's tools). */
  healthChecks?: Record<string, HealthCheck>;
}

export interface EmbeddedProduct {
  url: string;
  port: number;
  infra: Infra;
  mailbox: DevMailbox | null;
  stop(): Promise<void>;
}

/**
 * The whole product in one process on the embedded defaults: every service in-process
 * behind one HTTP origin. The same routers and runners run as separate processes in
 * distributed mode.
 */
export async function startEmbedded(options: EmbeddedOptions = {}): Promise<EmbeddedProduct> {
  const env = options.env ?? process.env;
  const infraConfig = readInfraConfig(env);
  const port = options.port ?? Number(env.PORT ?? 3000);
  const commandConfig = readCommandApiConfig(env, infraConfig.publicUrl ?? undefined);
  const infra = await openInfra(infraConfig, 'studio');
  const { logger, eventStore, docs, bus, blobs, tokens } = infra;
  const stoppables: Stoppable[] = [];

  try {
    const runner = await runProjections({ eventStore, docs, projections: PROJECTIONS, logger });
    stoppables.push(runner);
    stoppables.push(await runRenderRelay({ eventStore, docs, bus, logger }));
    stoppables.push(await runMediaJanitor({ eventStore, docs, blobs, logger }));
    stoppables.push(await startStatusIngester({ eventStore, bus, blobs, logger }));
    if (options.startWorkers) stoppables.push(await options.startWorkers(infra));

    // Publishing (sandbox unless platform keys are set); the test clock only with STUDIO_TEST_CLOCK=1 outside production.
    const testClock = testClockEnabled(env) ? new AdjustableClock() : null;
    const clock = testClock ?? systemClock;
    const command = createCommandService({ infra, config: commandConfig, env, clock, testClock });
    stoppables.push(startAutopilot({ eventStore, docs, logger, clock, executor: command.publishing.executor, holder: `embedded:${process.pid}`, generateVideo: (userId, body, metadata, seriesId) => generateVideo(eventStore, userId, body, metadata, seriesId) }));

    const mailbox = command.mailbox;
    const app = createHttpApp({
      logger,
      beforeJson: command.beforeJson,
      api: [
        ...command.api,
        createQueryRouter({
          docs, blobs, tokens,
          mediaSigningKey: infraConfig.secrets.mediaSigning,
          healthChecks: { ...embeddedHealthChecks(infra), ...options.healthChecks },
          wait: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
          projectedPosition: () => runner.position(),
        }),
        createPublishingQueryRouter({ docs, tokens, now: () => clock.now() }),
      ],
      root: command.root,
      webDist: options.webDist === undefined ? resolve(__dirname, '../../web/dist') : options.webDist,
    });

    const server: Server = await new Promise((resolveListen, reject) => {
      const s = app.listen(port, options.host ?? env.HOST ?? '0.0.0.0', () => resolveListen(s));
      s.on('error', reject);
    });
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    const url = `http://127.0.0.1:${actualPort}`;
    logger.info({ url, eventStore: eventStore.kind, readModels: docs.kind, bus: bus.kind, dataDir: infraConfig.dataDir }, 'Studio is running');

    return {
      url,
      port: actualPort,
      infra,
      mailbox,
      async stop() {
        server.closeAllConnections?.();
        await new Promise<void>((r) => server.close(() => r()));
        for (const s of stoppables.reverse()) await s.stop().catch((error) => logger.warn({ err: error }, 'stop failed'));
        await infra.close();
      },
    };
  } catch (error) {
    for (const s of stoppables.reverse()) await s.stop().catch(() => undefined);
    await infra.close();
    throw error;
  }
}
