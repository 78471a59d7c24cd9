import { categoryOf, redact, type AnalyticsEvent, type BusLagRow, type ProjectionStatus, type ProjectionStatusDoc } from '@app/domain';
import { PROJECTION_STALE_MS, READ_MODEL_NAMES } from '@app/domain';
import type { AnalystAccess, ConsumerLag, RecordedEvent } from '@app/platform';

/** An event as an analyst sees it: secrets never, personal data masked without `pii`. */
export function presentEvent(event: RecordedEvent, access: Pick<AnalystAccess, 'pii'>): AnalyticsEvent {
  const options = { pii: access.pii, category: categoryOf(event.streamId) };
  return {
    id: event.id,
    position: event.position,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: redact(event.data, options),
    metadata: redact(event.metadata, options),
    recordedAt: event.recordedAt,
  };
}

export const ndjsonLine = (event: AnalyticsEvent) => `${JSON.stringify(event)}\n`;

export const CSV_HEADER = 'position,recordedAt,streamId,type,data\n';
const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
/** One flat CSV row: position, recordedAt, streamId, type, data as JSON. */
export const csvRow = (event: AnalyticsEvent) =>
  `${event.position},${csvField(event.recordedAt)},${csvField(event.streamId)},${csvField(event.type)},${csvField(JSON.stringify(event.data))}\n`;

/**
 * Every read model (whether or not its process has reported yet) and every reactor that has:
 * `stopped` when no heartbeat came within PROJECTION_STALE_MS, `rebuilding` while a rebuild runs.
 */
export function presentProjections(docs: readonly ProjectionStatusDoc[], headPosition: number, now: Date): ProjectionStatus[] {
  const byName = new Map(docs.map((doc) => [doc._id, doc]));
  const names = [...READ_MODEL_NAMES, ...docs.filter((doc) => doc.kind === 'reactor').map((doc) => doc._id).sort()];
  return names.map((name) => {
    const doc = byName.get(name);
    const kind = doc?.kind ?? 'read-model';
    const position = Math.min(doc?.position ?? 0, headPosition);
    const fresh = doc !== undefined && now.getTime() - Date.parse(doc.updatedAt) <= PROJECTION_STALE_MS;
    return {
      name,
      kind,
      position,
      headPosition,
      lag: headPosition - position,
      status: !fresh ? 'stopped' : doc.rebuild ? 'rebuilding' : 'live',
      rebuiltAt: doc?.rebuiltAt ?? null,
      eventsPerSecond: fresh ? doc.eventsPerSecond : 0,
      rebuild: fresh ? doc.rebuild : null,
    };
  });
}

/** Each consumer group's lag per topic (the partitions summed, and the one furthest behind), by group then topic. */
export function presentBusLag(rows: readonly ConsumerLag[]): BusLagRow[] {
  const byGroupTopic = new Map<string, BusLagRow>();
  for (const row of rows) {
    const key = `${row.groupId}\u0000${row.topic}`;
    const found = byGroupTopic.get(key) ?? { groupId: row.groupId, topic: row.topic, partitions: 0, lag: 0, maxPartitionLag: 0 };
    found.partitions += 1;
    found.lag += row.lag;
    found.maxPartitionLag = Math.max(found.maxPartitionLag, row.lag);
    byGroupTopic.set(key, found);
  }
  return [...byGroupTopic.values()].sort((a, b) => a.groupId.localeCompare(b.groupId) || a.topic.localeCompare(b.topic));
}
