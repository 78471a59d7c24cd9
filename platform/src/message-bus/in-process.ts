import type { Logger } from 'pino';
import type { Consumer, ConsumerOptions, IncomingMessage, MessageBus, OutgoingMessage } from './port';
import { backoffDelay, partitionFor } from './shared';

/**
 * The embedded MessageBus: topics are in-memory partitioned logs; consumer groups share the
 * partitions, commit an offset per partition after each handler resolves, and redeliver after a
 * backoff when a handler throws (in order: a partition waits for its failing message).
 *
 * Nothing survives the process: in embedded mode the relay re-publishes from its checkpoint
 * (saved only after `publish` resolved), so a crash loses no request; consumers are idempotent.
 */
export interface InProcessMessageBusOptions {
  /** Partitions per topic. Default 6. */
  partitions?: number;
  /** First redelivery delay after a handler throws; doubles up to `maxRetryBackoffMs`. Default 50. */
  retryBackoffMs?: number;
  maxRetryBackoffMs?: number;
  logger?: Logger;
}

type StoredMessage = { key: string; value: string; headers: Record<string, string> };

class Topic {
  readonly logs: StoredMessage[][];
  readonly groups = new Map<string, Group>();
  constructor(readonly name: string, partitions: number) {
    this.logs = Array.from({ length: partitions }, () => []);
  }
}

type Member = { id: number; options: ConsumerOptions; stopped: boolean; inFlight: Set<Promise<unknown>> };

/** One consumer group on one topic: committed offsets, members, and one delivery loop per partition. */
class Group {
  readonly committed: number[];
  readonly members: Member[] = [];
  private readonly assignment = new Map<number, Member>();
  private readonly loops = new Map<number, Promise<void>>();
  private readonly wakers = new Map<number, () => void>();
  /** Failed deliveries of each partition's next message (its `redeliveries`). */
  private readonly failures = new Map<number, number>();
  closed = false;

  constructor(
    readonly topic: Topic,
    readonly id: string,
    fromBeginning: boolean,
    private readonly bus: InProcessMessageBus,
  ) {
    this.committed = topic.logs.map((log) => (fromBeginning ? 0 : log.length));
  }

  join(member: Member): void {
    this.members.push(member);
    this.rebalance();
  }

  async leave(member: Member): Promise<void> {
    member.stopped = true;
    const index = this.members.indexOf(member);
    if (index >= 0) this.members.splice(index, 1);
    this.rebalance();
    // Wait for the handlers this member is running; what it did not finish goes to the others.
    await Promise.allSettled([...member.inFlight]);
    this.wakeAll(true);
  }

  /** Round-robin: partition p goes to member p mod n (members in join order). */
  private rebalance(): void {
    this.assignment.clear();
    this.topic.logs.forEach((_, partition) => {
      if (this.members.length) this.assignment.set(partition, this.members[partition % this.members.length]);
    });
    this.wakeAll(true);
  }

  /** Starts idle partitions' loops; `interruptBackoff` (group changes) also ends waits before redelivery. */
  wakeAll(interruptBackoff = false): void {
    this.topic.logs.forEach((_, partition) => this.wake(partition, interruptBackoff));
  }

  wake(partition: number, interruptBackoff = false): void {
    const waker = this.wakers.get(partition);
    if (waker && interruptBackoff) {
      this.wakers.delete(partition);
      waker();
    }
    if (!this.loops.has(partition) && this.assignment.has(partition) && this.committed[partition] < this.topic.logs[partition].length) {
      const loop = this.deliver(partition).finally(() => {
        this.loops.delete(partition);
        // Something may have arrived (or a member joined) while the loop was ending.
        if (!this.closed) queueMicrotask(() => this.wake(partition));
      });
      this.loops.set(partition, loop);
    }
  }

  private async deliver(partition: number): Promise<void> {
    const log = this.topic.logs[partition];
    while (!this.closed) {
      const member = this.assignment.get(partition);
      const offset = this.committed[partition];
      if (!member || member.stopped || offset >= log.length) return;
      const stored = log[offset];
      const message: IncomingMessage = {
        topic: this.topic.name,
        key: stored.key,
        value: JSON.parse(stored.value),
        headers: { ...stored.headers },
        partition,
        offset: String(offset),
        redeliveries: this.failures.get(partition) ?? 0,
      };
      const handling = Promise.resolve().then(() => member.options.handler(message));
      member.inFlight.add(handling);
      try {
        await handling;
        this.committed[partition] = offset + 1;
        this.failures.delete(partition);
      } catch (error) {
        const redeliveries = (this.failures.get(partition) ?? 0) + 1;
        this.failures.set(partition, redeliveries);
        this.bus.logger?.warn(
          { category: 'message-bus', topic: this.topic.name, groupId: this.id, partition, offset, redeliveries, err: error },
          'handler failed; message will be redelivered',
        );
        await this.pause(partition, this.bus.backoff(redeliveries));
      } finally {
        member.inFlight.delete(handling);
      }
    }
  }

  /** Waits for the backoff, or less when the group changes (a stopped member hands over at once). */
  private pause(partition: number, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakers.delete(partition);
        resolve();
      }, ms);
      this.wakers.set(partition, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll(true);
    await Promise.all([...this.loops.values()]);
  }
}

export class InProcessMessageBus implements MessageBus {
  readonly kind = 'in-process';
  readonly logger: Logger | undefined;
  private readonly topics = new Map<string, Topic>();
  private readonly partitions: number;
  private readonly retryBackoffMs: number;
  private readonly maxRetryBackoffMs: number;
  private nextMemberId = 1;
  private closed = false;

  constructor(options: InProcessMessageBusOptions = {}) {
    this.partitions = options.partitions ?? 6;
    this.retryBackoffMs = options.retryBackoffMs ?? 50;
    this.maxRetryBackoffMs = options.maxRetryBackoffMs ?? 2000;
    this.logger = options.logger;
  }

  backoff(redeliveries: number): number {
    return backoffDelay(redeliveries, this.retryBackoffMs, this.maxRetryBackoffMs);
  }

  async publish(topicName: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    const topic = this.topic(topicName);
    // Serialize first: a value that cannot be sent fails the whole call before anything is stored.
    const stored = messages.map((message) => ({
      partition: partitionFor(message.key, this.partitions),
      message: { key: message.key, value: JSON.stringify(message.value ?? null), headers: { ...(message.headers ?? {}) } },
    }));
    for (const { partition, message } of stored) topic.logs[partition].push(message);
    for (const group of topic.groups.values()) group.wakeAll();
  }

  async subscribe(topicName: string, options: ConsumerOptions): Promise<Consumer> {
    this.assertOpen();
    const topic = this.topic(topicName);
    let group = topic.groups.get(options.groupId);
    if (!group) {
      group = new Group(topic, options.groupId, options.fromBeginning !== false, this);
      topic.groups.set(options.groupId, group);
    }
    const member: Member = { id: this.nextMemberId++, options, stopped: false, inFlight: new Set() };
    const joined = group;
    joined.join(member);
    let stopping: Promise<void> | undefined;
    return { stop: () => (stopping ??= joined.leave(member)) };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.topics.values()].flatMap((topic) => [...topic.groups.values()].map((group) => group.close())));
  }

  private topic(name: string): Topic {
    let topic = this.topics.get(name);
    if (!topic) {
      topic = new Topic(name, this.partitions);
      this.topics.set(name, topic);
    }
    return topic;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('message bus is closed');
  }
}
