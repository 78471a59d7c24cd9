import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { createAutopilotService, createCommandService } from '@app/command-api';
import {
  AdjustableClock, closeServer, createAppServer, createHttpApp, infraReadiness, listen, openInfra, startChildService, systemClock, type DevMailbox, type Infra, type Stoppable,
} from '@app/platform';
import { createProjectorService } from '@app/projectors';
import { createQueryService } from '@app/query-api';
import { createRenderWorkerService, rendererHealthChecks } from '@app/render-workers';
import { readEmbeddedConfig } from './config';

/**
 * Where renders run in the embedded product: a child process of their own (the default when the
 * bus can be shared between processes: the SQLite file or Kafka), so their CPU never delays a
 * request and a crash of either side loses nothing; in this process (the in-process `memory:` bus);
 * or nowhere.
 */
export type RenderMode = 'child' | 'in-process' | 'none';

export interface EmbeddedOptions {
  env?: Record<string, string | undefined>;
  /** 0 picks a free port. Default: PORT or 3000. */
  port?: number;
  host?: string;
  /** The built web app; default web/dist. null serves no web app. */
  webDist?: string | null;
  render?: RenderMode;
}

export interface EmbeddedProduct {
  url: string;
  port: number;
  infra: Infra;
  mailbox: DevMailbox | null;
  stop(): Promise<void>;
}

/** The render workers' main module, run by the render child process. */
const RENDER_MAIN = require.resolve('@app/render-workers/main');

/** The render child's niceness: the web process always goes first; renders use whatever CPU is left. */
const RENDER_NICENESS = 10;

/**
 * The whole product on one origin, composed from each service's own composition function (the
 * same ones their processes run): command-api, query-api, the projectors, the autopilot and the
 * render workers.
 */

export async function startEmbedded(options: EmbeddedOptions = {}): Promise<EmbeddedProduct> {
  const env = options.env ?? process.env;
  const config = readEmbeddedConfig(env);
  const { services } = config;
  const infra = await openInfra(config.infra, 'studio');
  const { logger } = infra;
  const stoppables: Stoppable[] = [];
  const stopAll = async () => {
    for (const s of stoppables.reverse()) await s.stop().catch((error: unknown) => logger.warn({ err: error }, 'stop failed'));
    await infra.close();
  };

  try {
    // The test clock only with STUDIO_TEST_CLOCK=1 outside production; shared by every service here.
    const testClock = config.command.testClock && config.infra.nodeEnv !== 'production' ? new AdjustableClock() : null;
    const clock = testClock ?? systemClock;

    const projectors = createProjectorService(services.projectors, infra);
    stoppables.push(projectors);
    const command = await createCommandService(services.command, infra, { clock, testClock });
    stoppables.push(command);
    // One process: it is ready when all of it is (its own bus joins at once; on Kafka the render child waits as long).
    await command.ingesting;
    const query = createQueryService(services.query, infra, { progress: projectors, healthChecks: rendererHealthChecks(services.render), now: () => clock.now() });
    stoppables.push(query);
    stoppables.push(createAutopilotService(services.autopilot, infra, { clock }));

    const render = options.render ?? (infra.bus.kind === 'in-process' ? 'in-process' : 'child');
    if (render === 'in-process') stoppables.push(await createRenderWorkerService(services.render, infra));
    // Renders (ffmpeg and all) yield the CPU to this process, so pages and API answers stay quick while videos encode.
    if (render === 'child') stoppables.push(await startChildService({ main: RENDER_MAIN, env: { ...env }, logger, niceness: RENDER_NICENESS }));

    const app = createHttpApp({
      logger,
      routers: [command.router, query.router],
      webDist: options.webDist === undefined ? resolve(__dirname, '../../web/dist') : options.webDist,
      publicUrl: config.infra.publicUrl,
      ops: { service: 'studio', monitor: infra.loop, ready: infraReadiness(infra) },
    });
    const server: Server = createAppServer(app);
    const port = await listen(server, options.port ?? config.http.port, options.host ?? config.http.host);
    stoppables.push({ stop: () => closeServer(server).then(() => app.stopWorkers()) });
    const url = `http://127.0.0.1:${port}`;
    logger.info({ url, eventStore: infra.eventStore.kind, readModels: infra.docs.kind, bus: infra.bus.kind, render, dataDir: config.infra.dataDir }, 'Studio is running');
    return { url, port, infra, mailbox: command.mailbox, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
