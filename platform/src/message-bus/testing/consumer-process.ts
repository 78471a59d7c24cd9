/**
 * A consumer in a process of its own, for the cross-process tests of the SQLite bus:
 * `node --import tsx consumer-process.ts <file> <topic> <group> <holdMs>`. It writes one line
 * `GOT <seq>` per message it is handed and holds each handler `holdMs` before it resolves.
 */
import { SqliteMessageBus } from '../sqlite';

const [file, topic, groupId, holdMs] = process.argv.slice(2);
const bus = new SqliteMessageBus({ file, sessionTimeoutMs: 1500, pollMs: 50 });
void bus.subscribe(topic, {
  groupId,
  handler: async (message) => {
    process.stdout.write(`GOT ${(message.value as { seq: number }).seq}\n`);
    await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
  },
}).then(() => process.stdout.write('READY\n'));
process.on('SIGTERM', () => void bus.close().then(() => process.exit(0)));
