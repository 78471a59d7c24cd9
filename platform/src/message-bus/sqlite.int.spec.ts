import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMessageBus } from './index';
import { messageBusContract } from './message-bus.contract';
import { partitionFor } from './shared';
import { SqliteMessageBus } from './sqlite';
import type { IncomingMessage } from './port';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-bus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

messageBusContract('in-process (memory:)', async () => new SqliteMessageBus({ file: ':memory:', retryBackoffMs: 10 }));

const contractFile = join(dir, 'contract', 'bus.db');
messageBusContract('sqlite file', async () => new SqliteMessageBus({ file: contractFile, retryBackoffMs: 10 }), {
  reopen: async () => new SqliteMessageBus({ file: contractFile, retryBackoffMs: 10 }),
});

const fresh = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
const seqOf = (m: IncomingMessage) => (m.value as { seq: number }).seq;

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SqliteMessageBus', () => {
  describe('When opened by URL', () => {
    it('should open in-process for memory: and an empty URL, and a file for a path or sqlite:', async () => {
      for (const url of ['memory:', '', undefined]) {
        const bus = await openMessageBus(url);
        expect(bus.kind).toBe('in-process');
        await bus.close();
      }
      for (const url of [join(dir, 'a', 'bus.db'), `sqlite:${join(dir, 'b.db')}?partitions=3&pollMs=20`]) {
        const bus = await openMessageBus(url);
        expect(bus.kind).toBe('sqlite');
        await bus.close();
      }
    });

    it('should reject unknown schemes', async () => {
      await expect(openMessageBus('amqp://localhost')).rejects.toThrow('Unsupported message bus URL');
    });
  });

  describe('When partitioning keys', () => {
    it("should match Kafka's default partitioner", () => {
      // Values computed by Kafka's Utils.murmur2 (toPositive(murmur2(key)) % partitions).
      expect(partitionFor('', 1000)).toBe((275646681 & 0x7fffffff) % 1000);
      expect(partitionFor('21', 1000)).toBe((-973932308 & 0x7fffffff) % 1000);
      expect(partitionFor('foobar', 1000)).toBe((-790332482 & 0x7fffffff) % 1000);
    });
  });

  describe('When two processes share the file', () => {
    const file = join(dir, 'shared', 'bus.db');
    const children: ChildProcess[] = [];
    afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

    const startConsumer = (topic: string, group: string, holdMs: number) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'testing/consumer-process.ts'), file, topic, group, String(holdMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      const got: number[] = [];
      let ready = false;
      child.stdout!.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          if (line === 'READY') ready = true;
          const match = /^GOT (\d+)$/.exec(line);
          if (match) got.push(Number(match[1]));
        }
      });
      return { child, got, ready: () => until(() => ready, 'the consumer process to subscribe', 30_000) };
    };

    it("should deliver another process's messages within a poll", async () => {
      const topic = fresh('topic');
      const group = fresh('group');
      const consumer = startConsumer(topic, group, 0);
      await consumer.ready();
      const bus = new SqliteMessageBus({ file });
      try {
        const sent = Date.now();
        await bus.publish(topic, [{ key: 'k', value: { seq: 1 } }]);
        await until(() => consumer.got.length === 1, 'the message in the other process', 5_000);
        expect(Date.now() - sent).toBeLessThan(1000);
      } finally {
        consumer.child.kill('SIGTERM');
        await bus.close();
      }
    });

    it('should give the partitions of a member killed mid-handler to the others, its message uncommitted', async () => {
      const topic = fresh('topic');
      const group = fresh('group');
      // The other process takes every partition and holds its first message for a minute.
      const doomed = startConsumer(topic, group, 60_000);
      await doomed.ready();
      const bus = new SqliteMessageBus({ file, sessionTimeoutMs: 1500, pollMs: 50 });
      try {
        await bus.publish(topic, [{ key: 'video-1', value: { seq: 1 } }]);
        await until(() => doomed.got.length === 1, 'the message in flight in the other process');

        const received: IncomingMessage[] = [];
        const consumer = await bus.subscribe(topic, { groupId: group, handler: async (m) => { received.push(m); } });
        doomed.child.kill('SIGKILL');
        await until(() => received.length === 1, 'the uncommitted message at the surviving member', 10_000);
        await bus.publish(topic, [{ key: 'video-1', value: { seq: 2 } }]);
        await until(() => received.length === 2, 'the next message');
        expect(received.map(seqOf)).toEqual([1, 2]);
        await consumer.stop();
      } finally {
        await bus.close();
      }
    });

    it('should keep a partition with its member until a handler longer than the session is done, when another member joins', async () => {
      const topic = fresh('topic');
      const group = fresh('group');
      // The other process holds its message (a render) for twice its session timeout.
      const busy = startConsumer(topic, group, 3_000);
      await busy.ready();
      const bus = new SqliteMessageBus({ file, sessionTimeoutMs: 1500, pollMs: 50 });
      // A key on a partition that the joining member's share takes (odd: it joins second of two).
      const key = Array.from({ length: 50 }, (_, i) => `video-${i}`).find((k) => partitionFor(k, bus.partitions) % 2 === 1)!;
      try {
        await bus.publish(topic, [{ key, value: { seq: 1 } }]);
        await until(() => busy.got.length === 1, 'the message in flight in the other process');
        // A second member joins mid-handler: the partition is handed over only once the handler is done.
        const here: number[] = [];
        const consumer = await bus.subscribe(topic, { groupId: group, handler: async (m) => { here.push(seqOf(m)); } });
        await new Promise((resolve) => setTimeout(resolve, 3_500));
        await bus.publish(topic, [{ key, value: { seq: 2 } }]);
        await until(() => here.length + busy.got.length === 2, 'the next message', 10_000);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(here).not.toContain(1);
        expect([...here, ...busy.got].sort((a, b) => a - b)).toEqual([1, 2]);
        await consumer.stop();
      } finally {
        busy.child.kill('SIGTERM');
        await bus.close();
      }
    });

    it('should keep a partition with a member that is leaving until its handler is done (a worker drained at shutdown)', async () => {
      const topic = fresh('topic');
      const group = fresh('group');
      const busy = startConsumer(topic, group, 3_000);
      await busy.ready();
      const bus = new SqliteMessageBus({ file, sessionTimeoutMs: 1500, pollMs: 50 });
      try {
        await bus.publish(topic, [{ key: 'video-1', value: { seq: 1 } }]);
        await until(() => busy.got.length === 1, 'the message in flight in the other process');
        const here: number[] = [];
        const consumer = await bus.subscribe(topic, { groupId: group, handler: async (m) => { here.push(seqOf(m)); } });
        // The other process is asked to stop: it finishes its handler (twice its session long) first.
        busy.child.kill('SIGTERM');
        await new Promise((resolve) => busy.child.once('exit', resolve));
        await bus.publish(topic, [{ key: 'video-1', value: { seq: 2 } }]);
        await until(() => here.includes(2), 'the next message here', 10_000);
        expect(here).toEqual([2]);
        await consumer.stop();
      } finally {
        await bus.close();
      }
    });

    it('should split a group between processes without delivering anything twice', async () => {
      const topic = fresh('topic');
      const group = fresh('group');
      const other = startConsumer(topic, group, 0);
      await other.ready();
      const bus = new SqliteMessageBus({ file, sessionTimeoutMs: 1500, pollMs: 50 });
      try {
        const here: number[] = [];
        const consumer = await bus.subscribe(topic, { groupId: group, handler: async (m) => { here.push(seqOf(m)); } });
        // Membership crosses processes at the next heartbeat.
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await bus.publish(topic, Array.from({ length: 60 }, (_, i) => ({ key: `video-${i % 30}`, value: { seq: i + 1 } })));
        await until(() => here.length + other.got.length >= 60, 'sixty messages between both');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect([...here, ...other.got].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
        expect(here.length).toBeGreaterThan(0);
        expect(other.got.length).toBeGreaterThan(0);
        await consumer.stop();
      } finally {
        other.child.kill('SIGTERM');
        await bus.close();
      }
    });
  });
});
