/**
 * Child process for two-processes.int.spec.ts: opens the embedded store on a shared file,
 * prints "ready", waits for "go" on stdin, then appends events one at a time:
 * - to its own streams with optimistic concurrency (expected revision = its last one);
 * - to streams shared with the other workers with 'any';
 * - to one contended stream with a numeric expected revision, retrying on conflict.
 * Prints one JSON line with what it appended, then exits.
 *
 *   node --import tsx append-worker.ts <file> <workerId> <count> <sharedPrefix>
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { WrongExpectedRevisionError, type ExpectedRevision } from '../port';
import { openSqliteEventStore } from '../sqlite';

interface Appended {
  streamId: string;
  id: string;
  position: number;
  revision: number;
}

async function main(): Promise<void> {
  const [file, workerId, countText, sharedPrefix] = process.argv.slice(2);
  const count = Number(countText);
  if (!file || !workerId || !Number.isInteger(count) || !sharedPrefix) {
    throw new Error('usage: append-worker <file> <workerId> <count> <sharedPrefix>');
  }
  const store = openSqliteEventStore({ file, busyTimeoutMs: 30_000 });
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => {
    const lines = createInterface({ input: process.stdin });
    lines.on('line', (line) => {
      if (line.trim() === 'go') {
        lines.close();
        process.stdin.destroy();
        resolve();
      }
    });
  });

  const appended: Appended[] = [];
  const ownRevisions = new Map<string, ExpectedRevision>();
  let conflicts = 0;
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const event = { id, type: 'WorkerAppended', data: { workerId, i }, metadata: { workerId } };
    let streamId: string;
    let result;
    if (i % 3 === 0) {
      streamId = `${sharedPrefix}-own-${workerId}-${i % 4}`;
      result = await store.append(streamId, [event], { expectedRevision: ownRevisions.get(streamId) ?? 'no_stream' });
      ownRevisions.set(streamId, result.nextExpectedRevision);
    } else if (i % 3 === 1) {
      streamId = `${sharedPrefix}-shared-${i % 5}`;
      result = await store.append(streamId, [event]);
    } else {
      streamId = `${sharedPrefix}-contended`;
      for (;;) {
        const last = (await store.readStream(streamId)).at(-1);
        try {
          result = await store.append(streamId, [event], { expectedRevision: last?.revision ?? 'no_stream' });
          break;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          conflicts++;
        }
      }
    }
    appended.push({ streamId, id, position: result.position, revision: result.nextExpectedRevision });
  }
  await store.close();
  process.stdout.write(`${JSON.stringify({ workerId, conflicts, appended })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
