/** `npm run events -- tail|read|export|projections|rebuild|stats`: the analysts' command line over the log. */
import { infraEnv, openDocumentStore, openEventStore, readEnv } from '@app/platform';
import { runEventsCli, type CliIo } from './analytics/events-cli';

const controller = new AbortController();
process.on('SIGINT', () => controller.abort());
process.stdout.on('error', () => controller.abort()); // `| head` closed the pipe
(async () => {
  const config = readEnv({ infra: infraEnv }, process.env).infra;
  const stores = { eventStore: await openEventStore(config.eventStoreUrl), docs: await openDocumentStore(config.readStoreUrl) };
  const io: CliIo = {
    out: (chunk) => void process.stdout.write(chunk),
    err: (chunk) => void process.stderr.write(chunk),
    tty: Boolean(process.stderr.isTTY),
    drain: () => (process.stdout.writableNeedDrain ? new Promise((resolve) => process.stdout.once('drain', resolve)) : Promise.resolve()),
  };
  try {
    return await runEventsCli(process.argv.slice(2), stores, io, { signal: controller.signal });
  } finally {
    await stores.eventStore.close();
    await stores.docs.close();
  }
})().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
