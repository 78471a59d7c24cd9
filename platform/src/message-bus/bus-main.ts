/** `npm run bus -- dlq list|replay <topic> | lag | contract`: see bus-cli.ts. */
import { readEnv } from '../config/env';
import { infraEnv } from '../config/infra-config';
import { openMessageBus } from './index';
import { namespaced } from './namespaced';
import { BUS_USAGE, needsBus, parseBusArgs, runBusCli } from './bus-cli';

(async () => {
  const command = parseBusArgs(process.argv.slice(2));
  if (typeof command === 'string') {
    process.stderr.write(`${command}\n\n${BUS_USAGE}`);
    return 2;
  }
  const io = { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) };
  if (!needsBus(command)) return runBusCli(command, null, io);
  const config = readEnv({ infra: infraEnv }, process.env).infra;
  const bus = namespaced(await openMessageBus(config.busUrl, { clientId: 'bus-cli' }), config.busNamespace);
  try {
    return await runBusCli(command, bus, io);
  } finally {
    await bus.close();
  }
})().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
