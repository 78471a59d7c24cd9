import { DevMailbox, analystDirectory, openRateLimiter, mountRoutes, openBilling, openMailer, systemClock, type AdjustableClock, type Clock, type Infra, type ServiceHandlers } from '@app/platform';
import type { Router } from 'express';
import { rebuildHandlers } from './analytics/handlers';
import { authHandlers } from './auth/handlers';
import { batchHandlers } from './batch/handlers';
import { billingHandlers, billingWebhookHandlers, localCheckoutHandlers } from './billing/handlers';
import { authConfigOf, publicUrlOf, type CommandApiConfig } from './config';
import { devMailboxHandlers } from './mail/dev-mailbox-pages';
import { mediaHandlers } from './media/handlers';
import { openPosting } from './publishing';
import { sandboxPageHandlers } from './publishing/sandbox-pages';
import { testClockHandlers } from './publishing/test-clock';
import { startStatusIngester } from './render-status/ingester';
import { seriesHandlers } from './series/handlers';
import { socialHandlers } from './social/handlers';
import { uploadHandlers } from './social/uploads';
import { videoHandlers } from './video/handlers';
import { studioHandlers } from './video/studio';

export interface CommandService {
  /** Every command-api route, mounted from the route table. */
  router: Router;
  /** The dev mailbox, when mails are not sent by SMTP. */
  mailbox: DevMailbox | null;
  /**
   * The status ingester's start: it joins its consumer group after the routes are ready (on Kafka,
   * after an unclean stop, the group first waits out the dead member's session, about 30 s, and
   * commands need not wait with it). Rejects when it cannot start.
   */
  ingesting: Promise<void>;
  /** Stops the status ingester (the HTTP server is the caller's). */
  stop(): Promise<void>;
}

export interface CommandServiceOptions {
  /** The clock of commands that schedule (series, posts). Default: the system clock. */
  clock?: Clock;
  /** The test clock's controls, when test mode is on (STUDIO_TEST_CLOCK=1 outside production). */
  testClock?: AdjustableClock | null;
}

/**
 * command-api: every command route and the status ingester, composed once for both ways to run
 * (its own process, `main.ts`, and the embedded product, which calls this same function).
 */
export async function createCommandService(config: CommandApiConfig, infra: Infra, options: CommandServiceOptions = {}): Promise<CommandService> {
  const { eventStore, docs, blobs, bus, logger } = infra;
  const clock = options.clock ?? systemClock;
  const publicUrl = publicUrlOf(config);
  const mailer = openMailer({ smtpUrl: config.command.smtpUrl, from: config.command.mailFrom, dataDir: infra.config.dataDir });
  const mailbox = mailer instanceof DevMailbox ? mailer : null;
  const billing = openBilling(config.billing, logger);
  const posting = openPosting({ infra, config: config.publishing, clock, publicUrl });
  // Sign-in, sign-up and reset attempts, counted in the read-model store every instance shares.
  const limiter = await openRateLimiter(config.infra.readStoreUrl, { max: config.command.rateLimitMax, windowMs: 15 * 60_000 });
  const social = { eventStore, logger, clock, publicUrl, stateSecret: infra.secrets.tokenEncryption, publishers: posting.publishers, vault: posting.vault, executor: posting.executor };
  const testClock = options.testClock && infra.config.nodeEnv !== 'production' ? options.testClock : null;
  // Background work of the handlers (the media library's sweep) stops with the service.
  const stopping = new AbortController();

  const handlers: ServiceHandlers<'command-api'> = {
    ...authHandlers({ eventStore, tokens: infra.tokens, mailer, logger, config: authConfigOf(config), limiter }),
    ...videoHandlers({ eventStore }),
    ...studioHandlers({ eventStore }),
    ...billingHandlers({ eventStore, billing, logger, publicUrl }),
    ...(billing.webhook ? billingWebhookHandlers({ eventStore, billing, logger }) : {}),
    ...(billing.local ? localCheckoutHandlers({ eventStore, billing, logger }) : {}),
    ...socialHandlers(social),
    ...uploadHandlers(social),
    ...(posting.sandbox ? sandboxPageHandlers({ docs, blobs }) : {}),
    ...seriesHandlers({ eventStore, clock }),
    ...batchHandlers({ eventStore, docs, clock }),
    ...mediaHandlers({ eventStore, blobs, clock, logger, signingKey: infra.secrets.mediaSigning, media: config.command.media, stopping: stopping.signal }),
    ...(mailbox ? devMailboxHandlers(mailbox) : {}),
    ...(testClock ? testClockHandlers(testClock) : {}),
    ...rebuildHandlers({ eventStore, now: () => clock.now() }),
  };
  const ingester = startStatusIngester({ eventStore, bus, blobs, logger });
  const ingesting = ingester.then(() => logger.info('Render status ingester started'));
  // Its failure is the caller's to act on (`ingesting`); not an unhandled rejection meanwhile.
  ingesting.catch(() => undefined);
  return {
    router: mountRoutes('command-api', handlers, {
      tokens: infra.tokens,
      analysts: analystDirectory(eventStore, config.analysts.emails),
      auditLog: logger.child({ category: 'analyst-audit' }),
      loop: infra.loop ?? undefined,
    }),
    mailbox,
    ingesting,
    stop: async () => {
      stopping.abort();
      await ingester.then((consumer) => consumer.stop(), () => undefined);
      await limiter.close();
    },
  };
}
