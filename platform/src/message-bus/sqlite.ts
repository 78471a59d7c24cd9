import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { openSqliteFile, type SqliteFile } from '../shared/sqlite-file';
import { holderIsGone, holderName } from '../coordination/lease';
import { listDeadLetters, replayDeadLetters, sendToDeadLetters, giveUpReason, type RawRecord, type RawTopicAccess } from './dead-letters';
import type { Consumer, ConsumerLag, ConsumerOptions, DeadLetter, IncomingMessage, MessageBus, OutgoingMessage, ReplayOptions } from './port';
import { backoffDelay, parseBody, partitionFor } from './shared';

/**
 * A MessageBus in one SQLite file (WAL), with Kafka's semantics: keyed messages in partitioned
 * logs, consumer groups sharing a topic's partitions, per-partition order, at-least-once delivery
 * (an offset is committed only after its handler resolved), redelivery with backoff.
 *
 * It is durable, so the embedded product loses nothing when it is killed mid-render: what no
 * group committed is delivered again after a restart. And several processes may share the file:
 * members of a group heartbeat in the file and own partitions under an expiring lease, so a
 * member that died (kill -9) hands its partitions over after the session timeout, at once when
 * it died on this machine. On `:memory:` it is the in-process bus of one process.
 */
export interface SqliteMessageBusOptions {
  /** The database file, or `:memory:`. Its directory is created if missing. */
  file: string;
  /** Partitions of a new topic. Default 6. */
  partitions?: number;
  /** First redelivery delay after a handler throws; doubles up to `maxRetryBackoffMs`. Default 50. */
  retryBackoffMs?: number;
  maxRetryBackoffMs?: number;
  /** A member not heard from for this long is gone; its partitions go to the others. Default 3000. */
  sessionTimeoutMs?: number;
  /** How often another process's messages and members are looked for. Default 100. */
  pollMs?: number;
  /** Messages every group committed are deleted once older than this. Default 168 (7 days). */
  retentionHours?: number;
  logger?: Logger;
}

interface StoredRow {
  offset: number;
  key: string;
  value: string;
  headers: string;
}

/** In-process wake-ups between bus instances on one file (other processes poll). */
const channels = new Map<string, { emitter: EventEmitter; users: number }>();

function channelFor(file: string): EventEmitter {
  let channel = channels.get(file);
  if (!channel) {
    channel = { emitter: new EventEmitter(), users: 0 };
    channel.emitter.setMaxListeners(0);
    channels.set(file, channel);
  }
  channel.users++;
  return channel.emitter;
}

function releaseChannel(file: string): void {
  const channel = channels.get(file);
  if (channel && --channel.users === 0) channels.delete(file);
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS bus_partitions (topic TEXT NOT NULL, partition INTEGER NOT NULL, next_offset INTEGER NOT NULL, PRIMARY KEY (topic, partition)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS bus_messages (topic TEXT NOT NULL, partition INTEGER NOT NULL, offset INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, headers TEXT NOT NULL, published_at INTEGER NOT NULL, PRIMARY KEY (topic, partition, offset)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS bus_offsets (group_id TEXT NOT NULL, topic TEXT NOT NULL, partition INTEGER NOT NULL, committed INTEGER NOT NULL, PRIMARY KEY (group_id, topic, partition)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS bus_members (group_id TEXT NOT NULL, topic TEXT NOT NULL, member_id TEXT NOT NULL, joined_at INTEGER NOT NULL, seen_at INTEGER NOT NULL, PRIMARY KEY (group_id, topic, member_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS bus_owners (group_id TEXT NOT NULL, topic TEXT NOT NULL, partition INTEGER NOT NULL, member_id TEXT NOT NULL, expires_at INTEGER NOT NULL, PRIMARY KEY (group_id, topic, partition)) WITHOUT ROWID;
`;

export class SqliteMessageBus implements MessageBus {
  readonly kind: string;
  readonly logger: Logger | undefined;
  readonly db: Database.Database;
  readonly file: string;
  readonly partitions: number;
  readonly sessionTimeoutMs: number;
  readonly pollMs: number;
  private readonly retryBackoffMs: number;
  private readonly maxRetryBackoffMs: number;
  private readonly retentionMs: number;
  private readonly channel: EventEmitter;
  private readonly members = new Set<Member>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  private readonly sqlite: SqliteFile;

  /** The prepared statements, shared by this instance's members. */
  readonly sql: ReturnType<typeof prepare>;

  constructor(options: SqliteMessageBusOptions) {
    const memory = options.file === ':memory:';
    this.file = memory ? `:memory:${Math.random()}` : resolve(options.file.replace(/^sqlite:(\/\/)?/, ''));
    this.sqlite = openSqliteFile(memory ? ':memory:' : this.file);
    this.db = this.sqlite.db;
    this.db.exec(SCHEMA);
    this.sql = prepare(this.db);
    this.kind = memory ? 'in-process' : 'sqlite';
    this.logger = options.logger;
    this.partitions = options.partitions ?? 6;
    this.retryBackoffMs = options.retryBackoffMs ?? 50;
    this.maxRetryBackoffMs = options.maxRetryBackoffMs ?? 2000;
    this.sessionTimeoutMs = options.sessionTimeoutMs ?? 3000;
    this.pollMs = options.pollMs ?? 100;
    this.retentionMs = (options.retentionHours ?? 168) * 3600_000;
    this.channel = channelFor(this.file);
    this.channel.on('published', this.onPublished);
    this.channel.on('members', this.onMembers);
    this.sweeper = setInterval(() => this.deleteExpired(), Math.min(3600_000, this.retentionMs)).unref();
  }

  backoff(redeliveries: number): number {
    return backoffDelay(redeliveries, this.retryBackoffMs, this.maxRetryBackoffMs);
  }

  /** Tells this process's members of a group that its membership or ownership changed. */
  announce(groupKey: string): void {
    if (!this.closed) setImmediate(() => this.channel.emit('members', groupKey));
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    // Serialize first: a value that cannot be sent fails the whole call before anything is stored.
    this.append(topic, messages.map((m) => ({ key: m.key, value: JSON.stringify(m.value ?? null), headers: JSON.stringify(m.headers ?? {}) })));
  }

  /** Stores rows at the ends of their partitions, in one transaction, and wakes the topic's members. */
  private append(topic: string, rows: Array<{ key: string; value: string; headers: string }>): void {
    this.assertOpen();
    const now = Date.now();
    this.db.transaction(() => {
      const partitions = this.ensureTopic(topic);
      for (const row of rows) {
        const partition = partitionFor(row.key, partitions);
        const { next_offset: offset } = this.sql.nextOffset.get(topic, partition) as { next_offset: number };
        this.sql.insertMessage.run(topic, partition, offset, row.key, row.value, row.headers, now);
        this.sql.advanceOffset.run(offset + 1, topic, partition);
      }
    }).immediate();
    this.channel.emit('published', topic);
  }

  /** Raw records for the dead-letter code (a body is stored as its text). */
  readonly raw: RawTopicAccess = {
    append: async (topic: string, records: RawRecord[]) => {
      this.append(topic, records.map((record) => ({ key: record.key, value: record.value.toString('utf8'), headers: JSON.stringify(record.headers) })));
    },
    readAll: async (topic: string) => (this.sql.all.all(topic) as Array<StoredRow & { partition: number }>).map((row) => ({
      key: row.key, value: Buffer.from(row.value, 'utf8'), headers: JSON.parse(row.headers) as Record<string, string>, partition: row.partition, offset: String(row.offset),
    })),
  };

  deadLetters(topic: string): Promise<DeadLetter[]> {
    return listDeadLetters(this.raw, topic);
  }

  replayDeadLetters(topic: string, options?: ReplayOptions): Promise<DeadLetter[]> {
    return replayDeadLetters(this.raw, topic, options);
  }

  async lag(scope: 'subscribed' | 'all' = 'all', groupPrefix = ''): Promise<ConsumerLag[]> {
    const mine = new Set([...this.members].map((member) => member.groupKey));
    return (this.sql.lag.all() as Array<{ group_id: string; topic: string; partition: number; committed: number; next_offset: number }>)
      .filter((row) => (scope === 'all' || mine.has(`${row.group_id}\u0000${row.topic}`)) && row.group_id.startsWith(groupPrefix))
      .map((row) => ({ groupId: row.group_id, topic: row.topic, partition: row.partition, committed: String(row.committed), end: String(row.next_offset), lag: Math.max(0, row.next_offset - row.committed) }));
  }

  async subscribe(topic: string, options: ConsumerOptions): Promise<Consumer> {
    this.assertOpen();
    const partitions = this.db.transaction(() => {
      const count = this.ensureTopic(topic);
      for (let p = 0; p < count; p++) {
        const start = options.fromBeginning === false ? (this.sql.nextOffset.get(topic, p) as { next_offset: number }).next_offset : 0;
        this.sql.insertGroupOffset.run(options.groupId, topic, p, start);
      }
      return count;
    }).immediate();
    const member = new Member(this, topic, partitions, options);
    this.members.add(member);
    member.join();
    // Every member of the group in this process takes its share now: a subscriber returns with
    // the group balanced, so what is published next goes to the member it will stay with.
    this.channel.emit('members', member.groupKey);
    let stopping: Promise<void> | undefined;
    return {
      stop: () => (stopping ??= member.leave().finally(() => {
        this.members.delete(member);
        this.channel.emit('members', member.groupKey);
      })),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.members].map((m) => m.leave()));
    this.members.clear();
    this.channel.off('published', this.onPublished);
    this.channel.off('members', this.onMembers);
    releaseChannel(this.file);
    this.sqlite.close();
  }

  /** The topic's partition count, creating its partitions on first use. Call inside a transaction. */
  private ensureTopic(topic: string): number {
    const existing = (this.sql.countPartitions.get(topic) as { n: number }).n;
    if (existing > 0) return existing;
    for (let p = 0; p < this.partitions; p++) this.sql.insertPartition.run(topic, p);
    return this.partitions;
  }

  private readonly onPublished = (topic: string) => {
    for (const member of this.members) if (member.topic === topic) member.poll();
  };

  private readonly onMembers = (groupKey: string) => {
    for (const member of this.members) if (member.groupKey === groupKey) member.rebalance();
  };

  /** Retention: what every group of a topic committed, once older than the retention period. */
  private deleteExpired(): void {
    if (this.closed) return;
    try {
      this.sql.deleteExpired.run(Date.now() - this.retentionMs);
    } catch (error) {
      this.logger?.warn({ category: 'message-bus', err: error }, 'Could not delete expired messages');
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('message bus is closed');
  }
}

type StatementName = 'all' | 'lag' | 'countPartitions' | 'insertPartition' | 'nextOffset' | 'ends' | 'advanceOffset' | 'insertMessage' | 'insertGroupOffset' | 'committed' | 'commit'
  | 'next' | 'heartbeat' | 'members' | 'forgetMember' | 'claim' | 'owner' | 'takeOver' | 'release' | 'deleteExpired';

function prepare(db: Database.Database): Record<StatementName, Database.Statement> {
  return {
    all: db.prepare('SELECT partition, offset, key, value, headers FROM bus_messages WHERE topic = ? ORDER BY partition, offset'),
    lag: db.prepare(`SELECT o.group_id, o.topic, o.partition, o.committed, p.next_offset FROM bus_offsets o
      JOIN bus_partitions p ON p.topic = o.topic AND p.partition = o.partition ORDER BY o.group_id, o.topic, o.partition`),
    countPartitions: db.prepare('SELECT COUNT(*) AS n FROM bus_partitions WHERE topic = ?'),
    insertPartition: db.prepare('INSERT OR IGNORE INTO bus_partitions (topic, partition, next_offset) VALUES (?, ?, 0)'),
    nextOffset: db.prepare('SELECT next_offset FROM bus_partitions WHERE topic = ? AND partition = ?'),
    ends: db.prepare('SELECT partition, next_offset FROM bus_partitions WHERE topic = ?'),
    advanceOffset: db.prepare('UPDATE bus_partitions SET next_offset = ? WHERE topic = ? AND partition = ?'),
    insertMessage: db.prepare('INSERT INTO bus_messages (topic, partition, offset, key, value, headers, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    insertGroupOffset: db.prepare('INSERT OR IGNORE INTO bus_offsets (group_id, topic, partition, committed) VALUES (?, ?, ?, ?)'),
    committed: db.prepare('SELECT committed FROM bus_offsets WHERE group_id = ? AND topic = ? AND partition = ?'),
    commit: db.prepare('UPDATE bus_offsets SET committed = ? WHERE group_id = ? AND topic = ? AND partition = ? AND committed = ?'),
    next: db.prepare('SELECT offset, key, value, headers FROM bus_messages WHERE topic = ? AND partition = ? AND offset >= ? ORDER BY offset LIMIT 1'),
    heartbeat: db.prepare(`INSERT INTO bus_members (group_id, topic, member_id, joined_at, seen_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (group_id, topic, member_id) DO UPDATE SET seen_at = excluded.seen_at`),
    members: db.prepare('SELECT member_id, seen_at FROM bus_members WHERE group_id = ? AND topic = ? ORDER BY joined_at, member_id'),
    forgetMember: db.prepare('DELETE FROM bus_members WHERE group_id = ? AND topic = ? AND member_id = ?'),
    claim: db.prepare(`INSERT INTO bus_owners (group_id, topic, partition, member_id, expires_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (group_id, topic, partition) DO UPDATE SET member_id = excluded.member_id, expires_at = excluded.expires_at
      WHERE bus_owners.member_id = excluded.member_id OR bus_owners.expires_at < ?`),
    owner: db.prepare('SELECT member_id, expires_at FROM bus_owners WHERE group_id = ? AND topic = ? AND partition = ?'),
    takeOver: db.prepare('UPDATE bus_owners SET member_id = ?, expires_at = ? WHERE group_id = ? AND topic = ? AND partition = ? AND member_id = ?'),
    release: db.prepare('DELETE FROM bus_owners WHERE group_id = ? AND topic = ? AND partition = ? AND member_id = ?'),
    deleteExpired: db.prepare(`DELETE FROM bus_messages WHERE published_at < ? AND offset < (
      SELECT COALESCE(MIN(o.committed), 0) FROM bus_offsets o WHERE o.topic = bus_messages.topic AND o.partition = bus_messages.partition)`),
  };
}

/** One consumer of a group on a topic: its heartbeat, its share of the partitions, a delivery loop per partition it owns. */
class Member {
  readonly id = holderName();
  readonly groupId: string;
  readonly groupKey: string;
  private readonly owned = new Map<number, PartitionLoop>();
  private readonly ends = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private lastHeartbeat = 0;
  stopped = false;

  constructor(
    readonly bus: SqliteMessageBus,
    readonly topic: string,
    readonly partitions: number,
    readonly options: ConsumerOptions,
  ) {
    this.groupId = options.groupId;
    this.groupKey = `${options.groupId}\u0000${topic}`;
  }

  join(): void {
    this.heartbeat(Date.now());
    this.rebalance();
    this.timer = setInterval(() => this.tick(), this.bus.pollMs);
  }

  /**
   * Leaves the group: stops taking messages, waits for the handlers in flight, gives its partitions
   * back. Its leases stay renewed meanwhile (a render drained at shutdown outlasts the session), so
   * a message still being handled here is not handed to another member.
   */
  async leave(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const loops = [...this.owned.values()];
    await Promise.all(loops.map((loop) => loop.stop()));
    if (this.timer) clearInterval(this.timer);
    this.owned.clear();
    for (const loop of loops) this.bus.sql.release.run(this.groupId, this.topic, loop.partition, this.id);
    this.bus.sql.forgetMember.run(this.groupId, this.topic, this.id);
  }

  /** Every poll: new messages of another process, and now and then a heartbeat and a rebalance (only the heartbeat while leaving). */
  private tick(): void {
    try {
      const now = Date.now();
      if (now - this.lastHeartbeat >= this.bus.sessionTimeoutMs / 3) {
        this.heartbeat(now);
        this.rebalance();
      }
      this.poll();
    } catch (error) {
      this.bus.logger?.warn({ category: 'message-bus', topic: this.topic, groupId: this.groupId, err: error }, 'Bus poll failed; retrying');
    }
  }

  private heartbeat(now: number): void {
    this.bus.sql.heartbeat.run(this.groupId, this.topic, this.id, now, now);
    this.lastHeartbeat = now;
    // Renew what it owns, including a partition it is giving up whose handler is still running
    // (a render longer than the session): its lease lapsing would hand the message in flight to
    // another member while it is still being handled here. A partition taken over meanwhile (this
    // member was silent past its session, e.g. a stalled process) is left to its new owner at once.
    for (const [partition, loop] of this.owned) {
      if (this.bus.sql.claim.run(this.groupId, this.topic, partition, this.id, now + this.bus.sessionTimeoutMs, now).changes > 0) continue;
      if (loop.releasing) continue;
      this.bus.logger?.warn({ category: 'message-bus', topic: this.topic, groupId: this.groupId, partition }, 'Partition taken over by another member');
      loop.releasing = true;
      this.owned.delete(partition);
      void loop.stop();
    }
  }

  /** Wakes the loops of partitions whose log grew. */
  poll(): void {
    if (this.stopped) return;
    for (const row of this.bus.sql.ends.all(this.topic) as Array<{ partition: number; next_offset: number }>) {
      if (this.ends.get(row.partition) === row.next_offset) continue;
      this.ends.set(row.partition, row.next_offset);
      this.owned.get(row.partition)?.wake();
    }
  }

  /**
   * Takes this member's share (partition p goes to the p-th live member modulo their count, in
   * join order) and gives up the rest, once their handlers in flight are done.
   */
  rebalance(): void {
    if (this.stopped) return;
    const now = Date.now();
    const live = (this.bus.sql.members.all(this.groupId, this.topic) as Array<{ member_id: string; seen_at: number }>)
      .filter((m) => m.member_id === this.id || (now - m.seen_at < this.bus.sessionTimeoutMs && !holderIsGone(m.member_id)))
      .map((m) => m.member_id);
    const index = live.indexOf(this.id);
    if (index < 0) return;
    for (let partition = 0; partition < this.partitions; partition++) {
      const mine = partition % live.length === index;
      const loop = this.owned.get(partition);
      if (mine && !loop) this.claim(partition, now);
      if (!mine && loop && !loop.releasing) {
        loop.releasing = true;
        void loop.stop().then(() => {
          if (this.stopped) return;
          this.owned.delete(partition);
          this.bus.sql.release.run(this.groupId, this.topic, partition, this.id);
          this.bus.announce(this.groupKey);
        });
      }
    }
  }

  private claim(partition: number, now: number): void {
    const expires = now + this.bus.sessionTimeoutMs;
    this.bus.sql.claim.run(this.groupId, this.topic, partition, this.id, expires, now);
    let owner = this.bus.sql.owner.get(this.groupId, this.topic, partition) as { member_id: string } | undefined;
    // Its owner died on this machine: no need to wait out its lease.
    if (owner && owner.member_id !== this.id && holderIsGone(owner.member_id)) {
      this.bus.sql.takeOver.run(this.id, expires, this.groupId, this.topic, partition, owner.member_id);
      owner = this.bus.sql.owner.get(this.groupId, this.topic, partition) as { member_id: string } | undefined;
    }
    if (owner?.member_id !== this.id) return;
    const loop = new PartitionLoop(this, partition);
    this.owned.set(partition, loop);
    loop.start();
  }
}

/** Delivers one owned partition's messages in order, one at a time, committing each after its handler. */
class PartitionLoop {
  releasing = false;
  private running: Promise<void> | null = null;
  private waker: (() => void) | null = null;
  private stopped = false;
  private failures = 0;
  private inFlight: Promise<unknown> | null = null;

  constructor(private readonly member: Member, readonly partition: number) {}

  start(): void {
    this.running = this.deliver().catch((error: unknown) => {
      this.member.bus.logger?.error({ category: 'message-bus', topic: this.member.topic, partition: this.partition, err: error }, 'Delivery loop stopped');
    });
  }

  wake(): void {
    const waker = this.waker;
    this.waker = null;
    waker?.();
  }

  /** Stops after the handler in flight (its message stays uncommitted if it failed). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.inFlight?.catch(() => undefined);
    await this.running;
  }

  private async deliver(): Promise<void> {
    const { bus, groupId, topic, options } = this.member;
    while (!this.stopped && !this.releasing) {
      const { committed } = bus.sql.committed.get(groupId, topic, this.partition) as { committed: number };
      const row = bus.sql.next.get(topic, this.partition, committed) as StoredRow | undefined;
      if (!row) {
        await this.idle(null);
        continue;
      }
      const headers = JSON.parse(row.headers) as Record<string, string>;
      const message: IncomingMessage = {
        topic, key: row.key, value: parseBody(row.value), headers, partition: this.partition,
        offset: String(row.offset), redeliveries: this.failures,
      };
      const handling = Promise.resolve().then(() => options.handler(message));
      this.inFlight = handling;
      try {
        await handling;
        const moved = bus.sql.commit.run(row.offset + 1, groupId, topic, this.partition, committed).changes;
        if (moved === 0) bus.logger?.warn({ category: 'message-bus', topic, groupId, partition: this.partition, offset: row.offset }, 'Offset moved meanwhile (a hand-over); not committing twice');
        this.failures = 0;
      } catch (error) {
        if (this.stopped) break;
        const reason = giveUpReason(error, message.redeliveries, options.maxRedeliveries);
        if (reason !== null && (await this.deadLetter(message, headers, row, reason))) {
          bus.sql.commit.run(row.offset + 1, groupId, topic, this.partition, committed);
          this.failures = 0;
          continue;
        }
        this.failures += 1;
        bus.logger?.warn({ category: 'message-bus', topic, groupId, partition: this.partition, offset: row.offset, redeliveries: this.failures, err: error }, 'handler failed; message will be redelivered');
        await this.idle(bus.backoff(this.failures));
      } finally {
        this.inFlight = null;
      }
    }
  }

  /** Sends a given-up message to `<topic>.dlq`; false (it will be redelivered) when that fails. */
  private async deadLetter(message: IncomingMessage, headers: Record<string, string>, row: StoredRow, reason: string): Promise<boolean> {
    const { bus, groupId, topic } = this.member;
    const record = { key: row.key, value: Buffer.from(row.value, 'utf8'), headers, partition: this.partition, offset: String(row.offset) };
    try {
      await sendToDeadLetters(bus.raw, { topic, groupId, record, reason, redeliveries: message.redeliveries, at: new Date() });
      bus.logger?.warn({ category: 'message-bus', topic, groupId, partition: this.partition, offset: row.offset, key: row.key, reason }, 'message dead-lettered');
      return true;
    } catch (error) {
      bus.logger?.error({ category: 'message-bus', topic, groupId, partition: this.partition, offset: row.offset, err: error }, 'could not dead-letter a message; it will be redelivered');
      return false;
    }
  }

  /** Waits for a wake-up (a publish here, a poll that saw the log grow, a stop), or `ms`. */
  private idle(ms: number | null): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms === null ? null : setTimeout(() => {
        this.waker = null;
        resolve();
      }, ms);
      this.waker = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
  }
}
