import { DEAD_LETTER_HEADERS, deadLetterTopic } from '@app/domain';
import { UnreadableMessageError, type DeadLetter, type ReplayOptions } from './port';

/**
 * Dead letters, the same on every adapter: what goes to `<topic>.dlq` when a consumer gives a
 * message up, how the dead-letter topic is read back, and how a dead letter is replayed. An adapter
 * supplies only a way to append raw records to a topic and to read a topic whole.
 */

/** A message as bytes, as the broker keeps it. */
export interface RawRecord {
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

/** A record read back, with its place. */
export interface StoredRecord extends RawRecord {
  partition: number;
  offset: string;
}

/** What an adapter lends the shared dead-letter code. */
export interface RawTopicAccess {
  append(topic: string, records: RawRecord[]): Promise<void>;
  /** Every record of the topic; none when it does not exist. */
  readAll(topic: string): Promise<StoredRecord[]>;
}

/**
 * Why a failed delivery is given up now, or null to redeliver it: an unreadable message at once,
 * another failure once it was redelivered `maxRedeliveries` times.
 */
export function giveUpReason(error: unknown, redeliveries: number, maxRedeliveries: number | undefined): string | null {
  const message = firstLine(error);
  if (error instanceof UnreadableMessageError) return `unreadable: ${message}`;
  if (maxRedeliveries !== undefined && redeliveries >= maxRedeliveries) return `failed ${redeliveries + 1} times: ${message}`;
  return null;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 500);
}

export interface GivenUp {
  topic: string;
  groupId: string;
  record: StoredRecord;
  reason: string;
  redeliveries: number;
  at: Date;
}

/** The dead-letter record: the original key, bytes and headers, and why, who, when and from where. */
export function deadLetterRecord({ topic, groupId, record, reason, redeliveries, at }: GivenUp): RawRecord {
  return {
    key: record.key,
    value: record.value,
    headers: {
      ...record.headers,
      [DEAD_LETTER_HEADERS.reason]: reason,
      [DEAD_LETTER_HEADERS.groupId]: groupId,
      [DEAD_LETTER_HEADERS.at]: at.toISOString(),
      [DEAD_LETTER_HEADERS.topic]: topic,
      [DEAD_LETTER_HEADERS.partition]: String(record.partition),
      [DEAD_LETTER_HEADERS.offset]: record.offset,
      [DEAD_LETTER_HEADERS.redeliveries]: String(redeliveries),
    },
  };
}

/** Publishes a given-up message to its dead-letter topic. */
export function sendToDeadLetters(access: RawTopicAccess, givenUp: GivenUp): Promise<void> {
  return access.append(deadLetterTopic(givenUp.topic), [deadLetterRecord(givenUp)]);
}

const DEAD_LETTER_HEADER_NAMES = new Set<string>(Object.values(DEAD_LETTER_HEADERS));

/** A dead letter as the port describes it; null for a replay marker. */
function deadLetterOf(record: StoredRecord): DeadLetter | null {
  const h = record.headers;
  if (h[DEAD_LETTER_HEADERS.replayed] !== undefined || h[DEAD_LETTER_HEADERS.reason] === undefined) return null;
  const headers = Object.fromEntries(Object.entries(h).filter(([name]) => !DEAD_LETTER_HEADER_NAMES.has(name)));
  return {
    id: `${record.partition}:${record.offset}`,
    topic: h[DEAD_LETTER_HEADERS.topic] ?? '',
    partition: Number(h[DEAD_LETTER_HEADERS.partition] ?? -1),
    offset: h[DEAD_LETTER_HEADERS.offset] ?? '',
    key: record.key,
    value: record.value.toString('utf8'),
    headers,
    reason: h[DEAD_LETTER_HEADERS.reason],
    groupId: h[DEAD_LETTER_HEADERS.groupId] ?? '',
    at: h[DEAD_LETTER_HEADERS.at] ?? '',
    redeliveries: Number(h[DEAD_LETTER_HEADERS.redeliveries] ?? 0),
  };
}

/** The dead letters of the records of a dead-letter topic that no replay marker names. */
export function pendingDeadLetters(records: StoredRecord[]): DeadLetter[] {
  const replayed = new Set(records.map((record) => record.headers[DEAD_LETTER_HEADERS.replayed]).filter(Boolean));
  return records.map(deadLetterOf).filter((letter): letter is DeadLetter => letter !== null && !replayed.has(letter.id));
}

export async function listDeadLetters(access: RawTopicAccess, topic: string): Promise<DeadLetter[]> {
  return pendingDeadLetters(await access.readAll(deadLetterTopic(topic)));
}

/**
 * Sends dead letters back to their topic (the original key and headers; the corrected body if one is
 * given), then appends a replay marker for each to the dead-letter topic.
 */
export async function replayDeadLetters(access: RawTopicAccess, topic: string, options: ReplayOptions = {}): Promise<DeadLetter[]> {
  if (options.value !== undefined && options.id === undefined) throw new Error('A corrected body replaces one dead letter: name it by its id');
  const pending = await listDeadLetters(access, topic);
  const chosen = options.id === undefined ? pending : pending.filter((letter) => letter.id === options.id);
  if (options.id !== undefined && chosen.length === 0) throw new Error(`No dead letter ${options.id} waits in ${deadLetterTopic(topic)}`);
  if (chosen.length === 0) return [];
  await access.append(topic, chosen.map((letter) => ({
    key: letter.key,
    value: Buffer.from(options.value ?? letter.value, 'utf8'),
    headers: letter.headers,
  })));
  const at = new Date().toISOString();
  await access.append(deadLetterTopic(topic), chosen.map((letter) => ({
    key: letter.key,
    value: Buffer.from('null'),
    headers: { [DEAD_LETTER_HEADERS.replayed]: letter.id, [DEAD_LETTER_HEADERS.at]: at },
  })));
  return chosen;
}
