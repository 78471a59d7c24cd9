import { randomUUID } from 'node:crypto';
import {
  Kafka,
  logLevel as KafkaLogLevel,
  PartitionAssigners,
  Partitioners,
  type PartitionAssigner,
  type Admin,
  type Consumer as KafkaConsumer,
  type EachMessagePayload,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import type { Logger } from 'pino';
import type { Consumer, ConsumerLag, ConsumerOptions, DeadLetter, IncomingMessage, MessageBus, OutgoingMessage, ReplayOptions } from './port';
import { listDeadLetters, replayDeadLetters, sendToDeadLetters, giveUpReason, type RawRecord, type RawTopicAccess, type StoredRecord } from './dead-letters';
import { backoffDelay, headerString, parseBody } from './shared';

export interface KafkaMessageBusOptions {
  brokers: string[];
  clientId?: string;
  /** kafkajs's own lines go here (category `kafka`); without one they are dropped. */
  logger?: Logger;
  /** Partitions of topics this bus creates. Default 6. */
  partitions?: number;
  /** Replication factor of topics this bus creates. Default 1 (single broker); use 3 in production. */
  replicationFactor?: number;
  /** Topics to create (if missing) when connecting. Others are created on first use. */
  topics?: string[];
  /** First redelivery delay after a handler throws; doubles up to `maxRetryBackoffMs`. Default 200. */
  retryBackoffMs?: number;
  maxRetryBackoffMs?: number;
  /** Consumer heartbeat interval (also sent while a long handler runs). Default 1000. */
  heartbeatIntervalMs?: number;
  /** Consumer session timeout. Default 30000. */
  sessionTimeoutMs?: number;
  /** Partitions one consumer works on at once (order is per partition either way). Default 1. */
  partitionsConsumedConcurrently?: number;
  /** Longest wait of one fetch for new messages; also bounds how long `stop` takes. Default 1000. */
  maxWaitTimeMs?: number;
  /** How long `subscribe` waits for the consumer to join its group. Default 60000. */
  joinTimeoutMs?: number;
}

/** The throwaway groups that read a topic whole for an operator; left out of the lag report. */
const READER_GROUP_PREFIX = 'bus-reader-';

/**
 * kafkajs's round robin under the protocol name librdkafka and the Java client give theirs, so a
 * worker in another language (examples/python-worker) can share a consumer group with ours; kafkajs's
 * own name comes second, so members of an older release still find a protocol in common.
 */
const roundRobin: PartitionAssigner = (config) => ({ ...PartitionAssigners.roundRobin(config), name: 'roundrobin' });

const byGroupTopicPartition = (a: ConsumerLag, b: ConsumerLag) => a.groupId.localeCompare(b.groupId) || a.topic.localeCompare(b.topic) || a.partition - b.partition;

/** Routes kafkajs's log lines to pino instead of the console. */
export function pinoLogCreator(logger: Logger | undefined) {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      if (!logger) return;
      const { message, timestamp: _timestamp, logger: _logger, ...fields } = log as LogEntry['log'] & { logger?: unknown };
      const line = { category: 'kafka', namespace, ...fields };
      if (level === KafkaLogLevel.ERROR) logger.error(line, message);
      else if (level === KafkaLogLevel.WARN) logger.warn(line, message);
      else if (level === KafkaLogLevel.INFO) logger.info(line, message);
      else logger.debug(line, message);
    };
}

function kafkaLogLevel(logger: Logger | undefined): KafkaLogLevel {
  if (!logger) return KafkaLogLevel.NOTHING;
  const level = logger.level;
  if (level === 'silent') return KafkaLogLevel.NOTHING;
  if (level === 'debug' || level === 'trace') return KafkaLogLevel.DEBUG;
  if (level === 'info') return KafkaLogLevel.INFO;
  if (level === 'warn') return KafkaLogLevel.WARN;
  return KafkaLogLevel.ERROR;
}

function parseValue(value: Buffer | null): unknown {
  return value === null ? null : parseBody(value.toString('utf8'));
}

/**
 * MessageBus on Kafka (kafkajs). Publishing uses an idempotent producer with acks=all and resolves
 * after the broker acknowledged. Each subscription is a kafkajs consumer in the group, with
 * auto-commit off: an offset is committed only after the handler resolved. A handler that throws gets
 * the same message again after a backoff (the partition waits, so per-key order holds); if the
 * consumer stops or loses the partition first, the uncommitted message goes to the next owner.
 */
export class KafkaMessageBus implements MessageBus {
  readonly kind = 'kafka';
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly knownTopics = new Set<string>();
  private readonly creatingTopics = new Map<string, Promise<void>>();
  private readonly consumers = new Set<Consumer>();
  /** The groups and topics this bus consumes: what its lag metric reports. */
  private readonly subscriptions = new Map<string, { groupId: string; topic: string }>();
  /** Failed deliveries per group/topic/partition/offset, so a redelivery says how many came before. */
  private readonly failures = new Map<string, number>();
  private readonly options: Required<Omit<KafkaMessageBusOptions, 'logger' | 'topics' | 'clientId' | 'brokers'>>;

  private constructor(private readonly config: KafkaMessageBusOptions) {
    this.kafka = new Kafka({
      clientId: config.clientId ?? 'faceless-studio',
      brokers: config.brokers,
      logLevel: kafkaLogLevel(config.logger),
      logCreator: pinoLogCreator(config.logger),
      retry: { initialRetryTime: 100, retries: 8 },
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 5,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.admin = this.kafka.admin();
    this.options = {
      partitions: config.partitions ?? 6,
      replicationFactor: config.replicationFactor ?? 1,
      retryBackoffMs: config.retryBackoffMs ?? 200,
      maxRetryBackoffMs: config.maxRetryBackoffMs ?? 5000,
      heartbeatIntervalMs: config.heartbeatIntervalMs ?? 1000,
      sessionTimeoutMs: config.sessionTimeoutMs ?? 30000,
      partitionsConsumedConcurrently: config.partitionsConsumedConcurrently ?? 1,
      joinTimeoutMs: config.joinTimeoutMs ?? 60000,
      maxWaitTimeMs: config.maxWaitTimeMs ?? 1000,
    };
  }

  static async connect(options: KafkaMessageBusOptions): Promise<KafkaMessageBus> {
    const bus = new KafkaMessageBus(options);
    await bus.admin.connect();
    await bus.producer.connect();
    if (options.topics?.length) await bus.ensureTopics(options.topics);
    return bus;
  }

  /** Creates the topics that do not exist yet (idempotent; concurrent callers share one request). */
  async ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((topic) => !this.knownTopics.has(topic));
    if (missing.length === 0) return;
    await Promise.all(missing.map((topic) => this.ensureTopic(topic)));
  }

  private ensureTopic(topic: string): Promise<void> {
    let creating = this.creatingTopics.get(topic);
    if (!creating) {
      creating = (async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            const existing = await this.admin.listTopics();
            if (!existing.includes(topic)) {
              await this.admin.createTopics({
                waitForLeaders: true,
                topics: [{ topic, numPartitions: this.options.partitions, replicationFactor: this.options.replicationFactor }],
              });
            }
            break;
          } catch (error) {
            // Another process created it meanwhile and its partitions are still getting leaders: look again.
            if (attempt >= 5) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
          }
        }
        this.knownTopics.add(topic);
      })().finally(() => this.creatingTopics.delete(topic));
      this.creatingTopics.set(topic, creating);
    }
    return creating;
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.ensureTopics([topic]);
    await this.producer.send({
      topic,
      acks: -1,
      messages: messages.map((message) => ({
        key: message.key,
        value: JSON.stringify(message.value ?? null),
        headers: { ...(message.headers ?? {}) },
      })),
    });
  }

  async subscribe(topic: string, options: ConsumerOptions): Promise<Consumer> {
    await this.ensureTopics([topic]);
    const fromBeginning = options.fromBeginning !== false;
    if (!fromBeginning) await this.startNewGroupAtEnd(options.groupId, topic);

    const newConsumer = () =>
      this.kafka.consumer({
        groupId: options.groupId,
        allowAutoTopicCreation: false,
        heartbeatInterval: this.options.heartbeatIntervalMs,
        sessionTimeout: this.options.sessionTimeoutMs,
        maxWaitTimeInMs: this.options.maxWaitTimeMs,
        retry: { initialRetryTime: 100, retries: 8 },
        partitionAssigners: [roundRobin, PartitionAssigners.roundRobin],
      });
    let consumer = newConsumer();
    let stopping = false;
    const wakeups = new Set<() => void>();

    const joined = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`consumer of ${topic} did not join group ${options.groupId} within ${this.options.joinTimeoutMs} ms`)),
        this.options.joinTimeoutMs,
      );
      const removeJoin = consumer.on(consumer.events.GROUP_JOIN, () => {
        clearTimeout(timer);
        removeJoin();
        resolve();
      });
    });

    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakeups.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        wakeups.add(wake);
      });

    const inFlight = new Set<Promise<void>>();
    const eachMessage = (member: KafkaConsumer, payload: EachMessagePayload): Promise<void> => {
      const handling = handleMessage(member, payload);
      inFlight.add(handling);
      return handling.finally(() => inFlight.delete(handling));
    };
    const handleMessage = async (member: KafkaConsumer, payload: EachMessagePayload): Promise<void> => {
      const { partition, message } = payload;
      const failureKey = `${options.groupId}\u0000${topic}\u0000${partition}\u0000${message.offset}`;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) {
        const text = headerString(value);
        if (text !== undefined) headers[name] = text;
      }
      for (;;) {
        // Stopping: leave it uncommitted (kafkajs commits nothing itself with autoCommit off).
        if (stopping) return;
        const incoming: IncomingMessage = {
          topic,
          key: message.key?.toString('utf8') ?? '',
          value: parseValue(message.value),
          headers: { ...headers },
          partition,
          offset: message.offset,
          redeliveries: this.failures.get(failureKey) ?? 0,
        };
        // Keep the membership alive while a long handler (a render) runs.
        const beat = setInterval(() => {
          payload.heartbeat().catch(() => undefined);
        }, this.options.heartbeatIntervalMs);
        try {
          await options.handler(incoming);
        } catch (error) {
          if (stopping) return;
          const reason = giveUpReason(error, incoming.redeliveries, options.maxRedeliveries);
          if (reason !== null && (await this.deadLetter(topic, options.groupId, payload, headers, reason, incoming.redeliveries))) {
            await member.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
            this.failures.delete(failureKey);
            return;
          }
          const redeliveries = (this.failures.get(failureKey) ?? 0) + 1;
          this.failures.set(failureKey, redeliveries);
          this.config.logger?.warn(
            { category: 'message-bus', topic, groupId: options.groupId, partition, offset: message.offset, redeliveries, err: error },
            'handler failed; message will be redelivered',
          );
          const delay = backoffDelay(redeliveries, this.options.retryBackoffMs, this.options.maxRetryBackoffMs);
          await sleep(delay);
          // Throws when the group is rebalancing: kafkajs rejoins and the next owner gets the message.
          if (!stopping) await payload.heartbeat();
          continue;
        } finally {
          clearInterval(beat);
        }
        await member.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
        this.failures.delete(failureKey);
        return;
      }
    };

    const run = async (member: KafkaConsumer) => {
      // kafkajs restarts a consumer after a crash it deems passing; after any other (a non-retriable
      // error) it disconnects it for good, which would leave this process a member of nothing while
      // it looks alive. Such a consumer is replaced by a new one, backing off while that fails.
      member.on(member.events.CRASH, ({ payload }) => {
        this.config.logger?.error({ category: 'message-bus', topic, groupId: options.groupId, err: payload.error, restart: payload.restart }, 'consumer crashed');
        if (!payload.restart && !stopping && member === consumer) restarting ??= replace().finally(() => (restarting = undefined));
      });
      await member.connect();
      await member.subscribe({ topics: [topic], fromBeginning });
      await member.run({
        autoCommit: false,
        partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently,
        eachMessage: (payload) => eachMessage(member, payload),
      });
    };
    let restarting: Promise<void> | undefined;
    const replace = async () => {
      for (let attempt = 1; ; attempt++) {
        await sleep(backoffDelay(attempt, this.options.retryBackoffMs, this.options.maxRetryBackoffMs));
        if (stopping) return;
        const next = newConsumer();
        consumer = next;
        try {
          await run(next);
          this.config.logger?.warn({ category: 'message-bus', topic, groupId: options.groupId, attempt }, 'consumer started again after a crash');
          return;
        } catch (error) {
          await next.disconnect().catch(() => undefined);
          this.config.logger?.error({ category: 'message-bus', topic, groupId: options.groupId, attempt, err: error }, 'could not start the consumer again; retrying');
        }
      }
    };

    await run(consumer);
    try {
      await joined;
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }

    let stopped: Promise<void> | undefined;
    const handle: Consumer = {
      stop: () =>
        (stopped ??= (async () => {
          stopping = true;
          for (const wake of [...wakeups]) wake();
          await restarting;
          // Let running handlers finish and commit while the consumer is still a member.
          await Promise.allSettled([...inFlight]);
          await consumer.disconnect();
          this.consumers.delete(handle);
        })()),
    };
    this.consumers.add(handle);
    this.subscriptions.set(`${options.groupId}\u0000${topic}`, { groupId: options.groupId, topic });
    return handle;
  }

  /** Sends a given-up message to `<topic>.dlq`; false (it will be redelivered) when that fails. */
  private async deadLetter(topic: string, groupId: string, payload: EachMessagePayload, headers: Record<string, string>, reason: string, redeliveries: number): Promise<boolean> {
    const { partition, message } = payload;
    const record: StoredRecord = { key: message.key?.toString('utf8') ?? '', value: message.value ?? Buffer.alloc(0), headers, partition, offset: message.offset };
    try {
      await sendToDeadLetters(this.raw, { topic, groupId, record, reason, redeliveries, at: new Date() });
      this.config.logger?.warn({ category: 'message-bus', topic, groupId, partition, offset: message.offset, key: record.key, reason }, 'message dead-lettered');
      return true;
    } catch (error) {
      this.config.logger?.error({ category: 'message-bus', topic, groupId, partition, offset: message.offset, err: error }, 'could not dead-letter a message; it will be redelivered');
      return false;
    }
  }

  /** Raw records for the dead-letter code: bytes in, bytes out, nothing parsed. */
  private readonly raw: RawTopicAccess = {
    append: async (topic: string, records: RawRecord[]) => {
      await this.ensureTopics([topic]);
      await this.producer.send({ topic, acks: -1, messages: records.map((record) => ({ key: record.key, value: record.value, headers: record.headers })) });
    },
    readAll: (topic: string) => this.readAll(topic),
  };

  /**
   * Every record of a topic, read by a throwaway consumer group (deleted afterwards) up to the ends
   * the topic had when asked: the operator's view of a dead-letter topic.
   */
  private async readAll(topic: string): Promise<StoredRecord[]> {
    if (!(await this.admin.listTopics()).includes(topic)) return [];
    const ends = await this.admin.fetchTopicOffsets(topic);
    const remaining = new Map(ends.filter(({ low, high }) => BigInt(high) > BigInt(low)).map(({ partition, high }) => [partition, BigInt(high)]));
    if (remaining.size === 0) return [];
    const groupId = `${READER_GROUP_PREFIX}${randomUUID()}`;
    const reader = this.kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: this.options.maxWaitTimeMs });
    const records: StoredRecord[] = [];
    try {
      await reader.connect();
      await reader.subscribe({ topics: [topic], fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`reading ${topic} took longer than ${this.options.joinTimeoutMs} ms`)), this.options.joinTimeoutMs);
        reader.run({
          eachMessage: async ({ partition, message }) => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(message.headers ?? {})) {
              const text = headerString(value);
              if (text !== undefined) headers[name] = text;
            }
            records.push({ key: message.key?.toString('utf8') ?? '', value: message.value ?? Buffer.alloc(0), headers, partition, offset: message.offset });
            if (BigInt(message.offset) + 1n >= (remaining.get(partition) ?? 0n)) remaining.delete(partition);
            if (remaining.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        }).catch(reject);
      });
    } finally {
      await reader.disconnect().catch(() => undefined);
      await this.admin.deleteGroups([groupId]).catch(() => undefined);
    }
    return records.sort((a, b) => a.partition - b.partition || Number(BigInt(a.offset) - BigInt(b.offset)));
  }

  deadLetters(topic: string): Promise<DeadLetter[]> {
    return listDeadLetters(this.raw, topic);
  }

  replayDeadLetters(topic: string, options?: ReplayOptions): Promise<DeadLetter[]> {
    return replayDeadLetters(this.raw, topic, options);
  }

  async lag(scope: 'subscribed' | 'all' = 'all', groupPrefix = ''): Promise<ConsumerLag[]> {
    const subscriptions = (scope === 'subscribed' ? [...this.subscriptions.values()] : await this.allSubscriptions(groupPrefix))
      .filter(({ groupId }) => groupId.startsWith(groupPrefix));
    const ends = new Map<string, Promise<Array<{ partition: number; high: string; low: string }>>>();
    const endsOf = (topic: string) => {
      let found = ends.get(topic);
      if (!found) ends.set(topic, (found = this.admin.fetchTopicOffsets(topic)));
      return found;
    };
    const rows: ConsumerLag[] = [];
    for (const { groupId, topic } of subscriptions) {
      const [committed] = await this.admin.fetchOffsets({ groupId, topics: [topic] });
      const next = new Map((committed?.partitions ?? []).map(({ partition, offset }) => [partition, offset]));
      for (const { partition, high, low } of await endsOf(topic)) {
        const position = next.get(partition) ?? '-1';
        const from = position === '-1' ? low : position;
        rows.push({ groupId, topic, partition, committed: from, end: high, lag: Math.max(0, Number(BigInt(high) - BigInt(from))) });
      }
    }
    return rows.sort(byGroupTopicPartition);
  }

  /** Every consumer group of the broker whose id starts with `groupPrefix` (but this bus's own readers), and the topics it committed offsets on. */
  private async allSubscriptions(groupPrefix: string): Promise<Array<{ groupId: string; topic: string }>> {
    const { groups } = await this.admin.listGroups();
    const wanted = groups.filter(({ groupId }) => groupId.startsWith(groupPrefix) && !groupId.startsWith(READER_GROUP_PREFIX));
    const topics = await Promise.all(wanted.map(async ({ groupId }) => (await this.admin.fetchOffsets({ groupId })).map(({ topic }) => ({ groupId, topic }))));
    return topics.flat();
  }

  /**
   * "Only new messages" for a group that never committed: pin its offsets to the current ends now,
   * so whatever is published after `subscribe` resolves is delivered, however long joining takes.
   */
  private async startNewGroupAtEnd(groupId: string, topic: string): Promise<void> {
    const [committed] = await this.admin.fetchOffsets({ groupId, topics: [topic] });
    if (committed && committed.partitions.some((partition) => partition.offset !== '-1')) return;
    const ends = await this.admin.fetchTopicOffsets(topic);
    try {
      await this.admin.setOffsets({ groupId, topic, partitions: ends.map(({ partition, high }) => ({ partition, offset: high })) });
    } catch (error) {
      // The group became active meanwhile (another member joined first): its offsets win.
      this.config.logger?.debug({ category: 'message-bus', groupId, topic, err: error }, 'could not pin new group offsets');
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.consumers].map((consumer) => consumer.stop()));
    await this.producer.disconnect();
    await this.admin.disconnect();
  }
}
