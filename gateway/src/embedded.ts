import type { Server } from 'node:http';
import type { Router } from 'express';
import { resolve } from 'node:path';
import { createCommandRouter, readCommandApiConfig, startStatusIngester } from '@app/command-api';
import { createQueryRouter, type HealthCheck } from '@app/query-api';
import { PROJECTIONS, runMediaJanitor, runProjections, runRenderRelay } from '@app/projectors';
import { openInfra, readInfraConfig, RateLimiter, type Infra } from '@app/platform';
import { createDevMailboxRouter, DevMailbox, openMailer } from '@app/platform/src/mail';
import { createHttpApp } from '@app/platform';
import { openBilling, readBillingConfig } from '@app/platform/src/billing';
import { createBillingWebhookRouter, createLocalCheckoutRouter } from '@app/command-api/src/billing/routes';
import { embeddedHealthChecks } from './health';
// Publishing: linked accounts, uploads, series, autopilot (see docs/api.md "## Series").
import { generateVideo } from '@app/command-api';
import { createPublishingCommandRouter } from '@app/command-api/src/publishing';
import { createPublishingQueryRouter } from '@app/query-api/src/series';
import { startAutopilot } from '@app/projectors/src/scheduler';
import { AdjustableClock, createSandboxRouter, openPublishing, systemClock, testClockEnabled } from '@app/platform/src/publishing';

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
    const mailer = openMailer({ smtpUrl: commandConfig.smtpUrl, from: commandConfig.mailFrom, dataDir: infraConfig.dataDir });
    const runner = await runProjections({ eventStore, docs, projections: PROJECTIONS, logger });
    stoppables.push(runner);
    stoppables.push(await runRenderRelay({ eventStore, docs, bus, logger }));
    stoppables.push(await runMediaJanitor({ eventStore, docs, blobs, logger }));
    stoppables.push(await startStatusIngester({ eventStore, bus, blobs, logger }));
    if (options.startWorkers) stoppables.push(await options.startWorkers(infra));

    // Publishing (sandbox unless platform keys are set); the test clock only with STUDIO_TEST_CLOCK=1 outside production.
    const testClock = testClockEnabled(env) ? new AdjustableClock() : null;
    const clock = testClock ?? systemClock;
    const publicUrl = commandConfig.auth.publicUrl;
    const publishing = openPublishing({ env, eventStore, docs, blobs, logger, clock, publicUrl, mediaSigningKey: infraConfig.secrets.mediaSigning, tokenEncryptionKey: infraConfig.secrets.tokenEncryption });
    stoppables.push(startAutopilot({ eventStore, docs, logger, clock, executor: publishing.executor, holder: `embedded:${process.pid}`, generateVideo: (userId, body, metadata, seriesId) => generateVideo(eventStore, userId, body, metadata, seriesId) }));

    const mailbox = mailer instanceof DevMailbox ? mailer : null;
    const billing = openBilling(readBillingConfig(env), logger);
    const app = createHttpApp({
      logger,
      // Stripe signs the raw body: its webhook reads it before JSON parsing.
      beforeJson: [['/api/billing/webhook', createBillingWebhookRouter({ eventStore, billing, logger })]],
      api: [
        createCommandRouter({ eventStore, tokens, mailer, logger, config: commandConfig, billing, limiter: new RateLimiter(Number(env.RATE_LIMIT_MAX ?? 10), 15 * 60_000) }),
        createQueryRouter({
          docs, blobs, tokens,
          mediaSigningKey: infraConfig.secrets.mediaSigning,
          healthChecks: { ...embeddedHealthChecks(infra), ...options.healthChecks },
          wait: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
          projectedPosition: () => runner.position(),
        }),
        createPublishingCommandRouter({ eventStore, tokens, logger, publishing, clock, testClock, publicUrl, stateSecret: infraConfig.secrets.tokenEncryption }),
        createPublishingQueryRouter({ docs, tokens, now: () => clock.now() }),
      ],
      root: [
        ...(mailbox ? [['/dev/mailbox', createDevMailboxRouter(mailbox)] as [string, Router]] : []),
        // The offline checkout simulator's pages (no Stripe key): /billing/checkout/:id, /billing/portal/:id.
        ...(billing.local ? [['/billing', createLocalCheckoutRouter({ eventStore, billing, logger })] as [string, Router]] : []),
        // The sandbox publisher's consent page and published gallery (platforms without keys).
        ...(publishing.sandbox ? [['/sandbox', createSandboxRouter({ docs, blobs })] as [string, Router]] : []),
      ],
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
