/** Composition root of the command API (distributed mode): `npm run start -w command-api`. */
import type { Router } from 'express';
import { createHttpApp, openInfra, RateLimiter, readInfraConfig } from '@app/platform';
import { createDevMailboxRouter, DevMailbox, openMailer } from '@app/platform/src/mail';
import { openBilling, readBillingConfig } from '@app/platform/src/billing';
import { createBillingWebhookRouter, createLocalCheckoutRouter } from './billing/routes';
import { createSandboxRouter, openPublishing, systemClock } from '@app/platform/src/publishing';
import { createPublishingCommandRouter } from './publishing';
import { createCommandRouter } from './app';
import { readCommandApiConfig } from './config';
import { startStatusIngester } from './render-status/ingester';

async function main() {
  const infraConfig = readInfraConfig();
  const config = readCommandApiConfig(process.env, infraConfig.publicUrl ?? undefined);
  const infra = await openInfra(infraConfig, 'command-api');
  const { eventStore, bus, blobs, tokens, logger } = infra;
  const mailer = openMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: infraConfig.dataDir });
  const ingester = await startStatusIngester({ eventStore, bus, blobs, logger });
  const billing = openBilling(readBillingConfig(process.env), logger);
  const publicUrl = config.auth.publicUrl;
  const publishing = openPublishing({ env: process.env, eventStore, docs: infra.docs, blobs, logger, clock: systemClock, publicUrl, mediaSigningKey: infraConfig.secrets.mediaSigning, tokenEncryptionKey: infraConfig.secrets.tokenEncryption });
  const app = createHttpApp({
    logger,
    // Stripe signs the raw body: its webhook reads it before JSON parsing.
    beforeJson: [['/api/billing/webhook', createBillingWebhookRouter({ eventStore, billing, logger })]],
    api: [
      createCommandRouter({ eventStore, tokens, mailer, logger, config, billing, limiter: new RateLimiter(Number(process.env.RATE_LIMIT_MAX ?? 10), 15 * 60_000) }),
      createPublishingCommandRouter({ eventStore, tokens, logger, publishing, clock: systemClock, testClock: null, publicUrl, stateSecret: infraConfig.secrets.tokenEncryption }),
    ],
    root: [
      ...(mailer instanceof DevMailbox ? [['/dev/mailbox', createDevMailboxRouter(mailer)] as [string, Router]] : []),
      ...(billing.local ? [['/billing', createLocalCheckoutRouter({ eventStore, billing, logger })] as [string, Router]] : []),
      ...(publishing.sandbox ? [['/sandbox', createSandboxRouter({ docs: infra.docs, blobs })] as [string, Router]] : []),
    ],
    webDist: null,
  });
  const port = Number(process.env.PORT ?? 3001);
  const server = app.listen(port, process.env.HOST ?? '127.0.0.1', () => logger.info({ port }, 'command-api listening'));
  const stop = async () => {
    server.close();
    await ingester.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write(`command-api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
