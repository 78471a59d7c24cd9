/**
 * Composition root of `npm start`: the whole product in one process on the embedded defaults
 * (or on whatever engines the environment names), behind one HTTP origin.
 */
import { ConfigError } from '@app/platform';
import { startEmbedded } from './embedded';
import { rendererHealthChecks, startEmbeddedRenderWorkers } from './render';

async function main(): Promise<void> {
  const product = await startEmbedded({
    startWorkers: (infra) => startEmbeddedRenderWorkers(infra, process.env),
    healthChecks: rendererHealthChecks(),
  });
  process.stdout.write(`\n  Studio is ready at ${product.url.replace('127.0.0.1', 'localhost')}\n`);
  if (product.mailbox) process.stdout.write(`  Mails (password resets) land in ${product.url.replace('127.0.0.1', 'localhost')}/dev/mailbox\n\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    product.infra.logger.info({ signal }, 'Stopping');
    await product.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Studio failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
