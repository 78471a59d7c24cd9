import { randomUUID } from 'node:crypto';
import { UnreadableMessageError, type Consumer, type IncomingMessage, type MessageBus } from './port';

/** The one contract every MessageBus adapter passes. `factory` opens a bus; the suite closes it. */
export type MessageBusFactory = () => Promise<MessageBus>;

export interface MessageBusContractOptions {
  /** Per-test timeout and the longest wait for a condition (real brokers take a while to rebalance). */
  timeoutMs?: number;
  /**
   * For durable adapters: opens another bus on the same storage (a restarted process). Enables the
   * durability tests: what no group committed is delivered again, what was committed is not.
   */
  reopen?: MessageBusFactory;
}

type Body = { seq: number; note?: string };

const fresh = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Polls until `condition` holds; fails with `description` after `timeoutMs`. */
async function waitFor(condition: () => boolean, description: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const seqs = (messages: IncomingMessage[]) => messages.map((message) => (message.value as Body).seq);

export function messageBusContract(name: string, factory: MessageBusFactory, options: MessageBusContractOptions = {}): void {
  const timeoutMs = options.timeoutMs ?? 10_000;

  describe(`MessageBus contract: ${name}`, () => {
    jest.setTimeout(timeoutMs * 3);
    let bus: MessageBus;
    let topic: string;
    let consumers: Consumer[] = [];

    const until = (condition: () => boolean, description: string) => waitFor(condition, description, timeoutMs);

    /** Subscribes a consumer that records what it receives; `fail` decides which deliveries throw. */
    const consume = async (
      groupId: string,
      settings: { fromBeginning?: boolean; fail?: (message: IncomingMessage) => boolean } = {},
    ) => {
      const received: IncomingMessage[] = [];
      const consumer = await bus.subscribe(topic, {
        groupId,
        fromBeginning: settings.fromBeginning,
        handler: async (message) => {
          received.push(message);
          if (settings.fail?.(message)) throw new Error(`planned failure of ${message.key}/${message.offset}`);
        },
      });
      consumers.push(consumer);
      return { received, consumer };
    };

    const publishSeqs = (from: number, to: number, keyOf: (seq: number) => string = (seq) => `key-${seq % 7}`) =>
      bus.publish(
        topic,
        Array.from({ length: to - from + 1 }, (_, index) => from + index).map((seq) => ({ key: keyOf(seq), value: { seq } })),
      );

    beforeAll(async () => {
      bus = await factory();
    });

    afterAll(async () => {
      await bus?.close();
    });

    beforeEach(() => {
      topic = fresh('contract.topic');
      consumers = [];
    });

    afterEach(async () => {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    });

    describe('When a message is published', () => {
      it('should deliver its topic, key, value and headers to a subscriber', async () => {
        const { received } = await consume(fresh('group'));
        await bus.publish(topic, [
          { key: 'video-1', value: { seq: 1, note: 'héllo', nested: { list: [1, 'two', null], flag: true } }, headers: { correlationId: 'c-1', causationId: 'e-9' } },
        ]);
        await until(() => received.length === 1, 'one message');
        const [message] = received;
        expect(message).toMatchObject({
          topic,
          key: 'video-1',
          value: { seq: 1, note: 'héllo', nested: { list: [1, 'two', null], flag: true } },
          redeliveries: 0,
        });
        expect(message.headers).toMatchObject({ correlationId: 'c-1', causationId: 'e-9' });
        expect(typeof message.partition).toBe('number');
        expect(message.offset).toMatch(/^\d+$/);
      });

      it('should resolve an empty publish', async () => {
        await expect(bus.publish(topic, [])).resolves.toBeUndefined();
      });

      it('should deliver messages published before the first subscriber of a group', async () => {
        await publishSeqs(1, 5);
        const { received } = await consume(fresh('group'));
        await until(() => received.length === 5, 'five messages');
        expect(seqs(received).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
      });
    });

    describe('When many messages share keys', () => {
      it('should deliver the messages of one key in publish order', async () => {
        const { received } = await consume(fresh('group'));
        const keyOf = (seq: number) => `video-${seq % 3}`;
        await publishSeqs(1, 20, keyOf);
        await publishSeqs(21, 45, keyOf);
        await until(() => received.length === 45, 'forty-five messages');
        for (const key of ['video-0', 'video-1', 'video-2']) {
          const ofKey = seqs(received.filter((message) => message.key === key));
          expect(ofKey).toEqual([...ofKey].sort((a, b) => a - b));
          expect(ofKey.length).toBe(15);
        }
      });
    });

    describe('When two consumers share a group', () => {
      it('should split the work between them without duplicates', async () => {
        const group = fresh('group');
        const first = await consume(group);
        const second = await consume(group);
        await publishSeqs(1, 80, (seq) => `video-${seq % 40}`);
        await until(() => first.received.length + second.received.length >= 80, 'eighty messages between both');
        const all = [...seqs(first.received), ...seqs(second.received)];
        expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, index) => index + 1));
        expect(first.received.length).toBeGreaterThan(0);
        expect(second.received.length).toBeGreaterThan(0);
        // One key, one consumer.
        const firstKeys = new Set(first.received.map((message) => message.key));
        expect(second.received.some((message) => firstKeys.has(message.key))).toBe(false);
      });
    });

    describe('When two groups subscribe to one topic', () => {
      it('should give each group every message', async () => {
        const first = await consume(fresh('group'));
        const second = await consume(fresh('group'));
        await publishSeqs(1, 12);
        await until(() => first.received.length === 12 && second.received.length === 12, 'twelve messages in each group');
        expect(seqs(first.received).sort((a, b) => a - b)).toEqual(seqs(second.received).sort((a, b) => a - b));
      });
    });

    describe('When a handler throws', () => {
      it('should redeliver the message with redeliveries counted, holding back later messages of its key', async () => {
        const { received } = await consume(fresh('group'), {
          fail: (message) => (message.value as Body).seq === 1 && message.redeliveries < 2,
        });
        await bus.publish(topic, [
          { key: 'video-1', value: { seq: 1 } },
          { key: 'video-1', value: { seq: 2 } },
        ]);
        await until(() => received.length === 4, 'three deliveries of the first message and one of the second');
        expect(received.map((message) => [(message.value as Body).seq, message.redeliveries])).toEqual([
          [1, 0],
          [1, 1],
          [1, 2],
          [2, 0],
        ]);
        expect(new Set(received.slice(0, 3).map((message) => message.offset)).size).toBe(1);
      });

      it('should hand an uncommitted message to the next consumer of the group when its consumer stops', async () => {
        const group = fresh('group');
        const failing = await consume(group, { fail: () => true });
        await bus.publish(topic, [{ key: 'video-1', value: { seq: 1 } }]);
        await until(() => failing.received.length >= 1, 'a first (failed) delivery');
        await failing.consumer.stop();
        const next = await consume(group);
        await until(() => next.received.length === 1, 'the message at the next consumer');
        expect(seqs(next.received)).toEqual([1]);
      });
    });

    describe('When a consumer restarts in the same group', () => {
      it('should not receive the messages already committed', async () => {
        const group = fresh('group');
        const before = await consume(group);
        await publishSeqs(1, 10);
        await until(() => before.received.length === 10, 'ten messages before the restart');
        await before.consumer.stop();

        await publishSeqs(11, 15);
        const after = await consume(group);
        await until(() => after.received.length >= 5, 'five messages after the restart');
        expect(seqs(after.received).sort((a, b) => a - b)).toEqual([11, 12, 13, 14, 15]);
      });
    });

    describe('When a new group subscribes', () => {
      it('should start from the earliest message by default', async () => {
        await publishSeqs(1, 3);
        const { received } = await consume(fresh('group'), { fromBeginning: true });
        await until(() => received.length === 3, 'three old messages');
        expect(seqs(received).sort((a, b) => a - b)).toEqual([1, 2, 3]);
      });

      it('should receive only messages published after subscribing when fromBeginning is false', async () => {
        await publishSeqs(1, 3);
        const { received } = await consume(fresh('group'), { fromBeginning: false });
        await publishSeqs(4, 6);
        await until(() => received.length >= 3, 'three new messages');
        expect(seqs(received).sort((a, b) => a - b)).toEqual([4, 5, 6]);
      });
    });

    describe('When a consumer cannot handle a message', () => {
      it('should dead-letter an unreadable message at once, with its bytes, key, headers, reason, group and time, and carry on with the next', async () => {
        const received: IncomingMessage[] = [];
        const unreadable = await bus.subscribe(topic, {
          groupId: fresh('unreadable-group'),
          handler: async (message) => {
            if ((message.value as Body).seq === 1) throw new UnreadableMessageError('seq 1 is not a body this consumer reads');
            received.push(message);
          },
        });
        consumers.push(unreadable);
        await bus.publish(topic, [
          { key: 'video-1', value: { seq: 1, note: 'poison' }, headers: { correlationId: 'c-1' } },
          { key: 'video-1', value: { seq: 2 } },
        ]);
        await until(() => received.some((message) => (message.value as Body).seq === 2), 'the message after the unreadable one');
        const letters = await bus.deadLetters(topic);
        expect(letters).toHaveLength(1);
        const [letter] = letters;
        expect(JSON.parse(letter.value)).toEqual({ seq: 1, note: 'poison' });
        expect(letter).toMatchObject({ topic, key: 'video-1', offset: expect.stringMatching(/^\d+$/), redeliveries: 0, reason: 'unreadable: seq 1 is not a body this consumer reads' });
        expect(letter.groupId).toMatch(/unreadable-group/);
        expect(letter.headers).toMatchObject({ correlationId: 'c-1' });
        expect(Date.now() - Date.parse(letter.at)).toBeLessThan(timeoutMs);
      });

      it('should dead-letter a message that keeps failing after its redeliveries, and deliver it again when replayed with a fix', async () => {
        const received: IncomingMessage[] = [];
        const consumer = await bus.subscribe(topic, {
          groupId: fresh('group'),
          maxRedeliveries: 2,
          handler: async (message) => {
            received.push(message);
            if ((message.value as Body).note === 'broken') throw new Error('the note is broken');
          },
        });
        consumers.push(consumer);
        await bus.publish(topic, [{ key: 'video-1', value: { seq: 1, note: 'broken' } }, { key: 'video-1', value: { seq: 2 } }]);
        await until(() => received.some((message) => (message.value as Body).seq === 2), 'the message after the failing one');
        expect(received.map((message) => [(message.value as Body).seq, message.redeliveries])).toEqual([[1, 0], [1, 1], [1, 2], [2, 0]]);
        const [letter, ...others] = await bus.deadLetters(topic);
        expect(others).toEqual([]);
        expect(letter).toMatchObject({ key: 'video-1', redeliveries: 2, reason: 'failed 3 times: the note is broken' });

        const replayed = await bus.replayDeadLetters(topic, { id: letter.id, value: JSON.stringify({ seq: 1, note: 'fixed' }) });
        expect(replayed.map((one) => one.id)).toEqual([letter.id]);
        await until(() => received.some((message) => (message.value as Body).note === 'fixed'), 'the fixed message');
        expect(await bus.deadLetters(topic)).toEqual([]);
        await expect(bus.replayDeadLetters(topic, { id: letter.id })).rejects.toThrow(/No dead letter/);
      });
    });

    describe('When a group falls behind', () => {
      it('should report its lag per partition until it caught up', async () => {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const received: IncomingMessage[] = [];
        const consumer = await bus.subscribe(topic, { groupId: fresh('group'), handler: async (message) => { received.push(message); await gate; } });
        consumers.push(consumer);
        await publishSeqs(1, 5, () => 'video-1');
        await until(() => received.length === 1, 'the first message held by its handler');
        const behind = (await bus.lag('subscribed')).filter((row) => row.topic === topic);
        expect(behind.reduce((sum, row) => sum + row.lag, 0)).toBe(5);
        expect(behind.filter((row) => row.lag > 0)).toEqual([expect.objectContaining({ partition: received[0].partition, end: String(BigInt(received[0].offset) + 5n) })]);
        release();
        await until(() => received.length === 5, 'the backlog worked off');
        const deadline = Date.now() + timeoutMs;
        let left = Infinity;
        while (left > 0 && Date.now() < deadline) {
          left = (await bus.lag('subscribed')).filter((row) => row.topic === topic).reduce((sum, row) => sum + row.lag, 0);
          if (left > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(left).toBe(0);
      });
    });

    if (options.reopen) {
      const reopen = options.reopen;
      describe('When the process restarts on the same storage', () => {
        it('should deliver again what no group committed, and not what was committed', async () => {
          const group = fresh('group');
          const before = await consume(group, { fail: (m) => (m.value as Body).seq === 3 });
          await publishSeqs(1, 3, () => 'video-1');
          await until(() => before.received.some((m) => (m.value as Body).seq === 3), 'the third message handed out (and failing)');
          await before.consumer.stop();

          const restarted = await reopen();
          try {
            const received: IncomingMessage[] = [];
            const consumer = await restarted.subscribe(topic, { groupId: group, handler: async (m) => { received.push(m); } });
            try {
              await until(() => received.length >= 1, 'the uncommitted message after the restart');
              await new Promise((resolve) => setTimeout(resolve, 300));
              expect(seqs(received)).toEqual([3]);
            } finally {
              await consumer.stop();
            }
          } finally {
            await restarted.close();
          }
        });

        it('should keep messages published before the restart for a group that subscribes after it', async () => {
          await publishSeqs(1, 4);
          const restarted = await reopen();
          try {
            const received: IncomingMessage[] = [];
            const consumer = await restarted.subscribe(topic, { groupId: fresh('group'), handler: async (m) => { received.push(m); } });
            try {
              await until(() => received.length === 4, 'four messages kept across the restart');
              expect(seqs(received).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
            } finally {
              await consumer.stop();
            }
          } finally {
            await restarted.close();
          }
        });
      });
    }
  });
}
