import type { Router } from 'express';
import { RateLimiter, type Infra } from '@app/platform';
import { createDevMailboxRouter, DevMailbox, openMailer } from '@app/platform/src/mail';
import { openBilling, readBillingConfig } from '@app/platform/src/billing';
import { createSandboxRouter, openPublishing, type AdjustableClock, type Clock, type Publishing } from '@app/platform/src/publishing';
import { createCommandRouter } from './app';
import { createBillingWebhookRouter, createLocalCheckoutRouter } from './billing/routes';
import type { CommandApiConfig } from './config';
import { createPublishingCommandRouter } from './publishing';

/** The command side's HTTP surface, as `createHttpApp` mounts it. */
export interface CommandService {
  /** Routes that must read the raw body (the Stripe webhook), mounted before JSON parsing. */
  beforeJson: Array<[string, Router]>;
  /** Routers mounted at /api. */
  api: Router[];
  /** Pages the command side renders itself: dev mailbox, checkout simulator, sandbox publisher. */
  root: Array<[string, Router]>;
  mailbox: DevMailbox | null;
  publishing: Publishing;
}

/**
 * Everything command-api serves, composed once for both ways to run: its own process
 * (`command-api/src/main.ts`) and the embedded all-in-one (`gateway/src/embedded.ts`).
 */
export function createCommandService(input: {
  infra: Infra;
  config: CommandApiConfig;
  env: Record<string, string | undefined>;
  clock: Clock;
  /** Only with STUDIO_TEST_CLOCK=1 outside production. */
  testClock: AdjustableClock | null;
}): CommandService {
  const { infra, config, env, clock, testClock } = input;
  const { eventStore, docs, blobs, tokens, logger } = infra;
  const secrets = infra.config.secrets;
  const mailer = openMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: infra.config.dataDir });
  const mailbox = mailer instanceof DevMailbox ? mailer : null;
  const billing = openBilling(readBillingConfig(env), logger);
  const publicUrl = config.auth.publicUrl;
  const publishing = openPublishing({ env, eventStore, docs, blobs, logger, clock, publicUrl, mediaSigningKey: secrets.mediaSigning, tokenEncryptionKey: secrets.tokenEncryption });
  const limiter = new RateLimiter(Number(env.RATE_LIMIT_MAX ?? 10), 15 * 60_000);
  return {
    // Stripe signs the raw body: its webhook reads it before JSON parsing.
    beforeJson: [['/api/billing/webhook', createBillingWebhookRouter({ eventStore, billing, logger })]],
    api: [
      createCommandRouter({ eventStore, tokens, mailer, logger, config, billing, limiter }),
      createPublishingCommandRouter({ eventStore, tokens, logger, publishing, clock, testClock, publicUrl, stateSecret: secrets.tokenEncryption }),
    ],
    root: [
      ...(mailbox ? [['/dev/mailbox', createDevMailboxRouter(mailbox)] as [string, Router]] : []),
      // The offline checkout simulator's pages (no Stripe key): /billing/checkout/:id, /billing/portal/:id.
      ...(billing.local ? [['/billing', createLocalCheckoutRouter({ eventStore, billing, logger })] as [string, Router]] : []),
      // The sandbox publisher's consent page and published gallery (platforms without keys).
      ...(publishing.sandbox ? [['/sandbox', createSandboxRouter({ docs, blobs })] as [string, Router]] : []),
    ],
    mailbox,
    publishing,
  };
}
