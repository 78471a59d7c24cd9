import { isProcessing, RENDER_STATUS, subscriptionDecider, subscriptionStreamId, videoDecider, videoStreamId, type RenderStatus } from '@app/domain';
import { TOPICS, deterministicId, readMessage, handle, loadState, traceFields, type EventStore, type Logger, type MessageBus, type Consumer, type BlobStore } from '@app/platform';

export interface StatusIngesterDeps {
  eventStore: EventStore;
  bus: MessageBus;
  blobs: BlobStore;
  logger: Logger;
}

/**
 * Appends the render workers' status messages to each video's stream through the video decider.
 * Idempotent twice over: event ids derive from (video, status, attempt), and the decider ignores
 * repeated or late statuses. A finished or failed render frees the user's processing slot.
 */
const STATUS_INGESTER_GROUP = RENDER_STATUS.consumerGroups[0].groupId;

export async function startStatusIngester({ eventStore, bus, blobs, logger }: StatusIngesterDeps): Promise<Consumer> {
  const log = logger.child({ category: 'status-ingester' });
  return bus.subscribe(TOPICS.renderStatus, {
    groupId: STATUS_INGESTER_GROUP,
    fromBeginning: true,
    // Long enough to ride out an engine restart (about 30 s of backoff on Kafka), short enough that a
    // status the video's stream keeps refusing stops holding up the other videos of its partition.
    maxRedeliveries: 10,
    // A status that does not parse is dead-lettered by the bus (readMessage throws UnreadableMessageError).
    handler: (message) => ingest(eventStore, blobs, readMessage(RENDER_STATUS, message), message.headers, log),
  });
}

/** The first render keeps the ids it always had; each re-render's statuses get their own. */
const renderOf = (status: RenderStatus) => ((status.version ?? 1) > 1 ? `${status.videoId}:v${status.version}` : status.videoId);

export async function ingest(eventStore: EventStore, blobs: BlobStore, status: RenderStatus, headers: Record<string, string>, log: Logger): Promise<void> {
  const correlationId = headers.correlationId ?? status.videoId;
  const metadata = { now: new Date().toISOString(), timestamp: status.at, correlationId, causationId: headers.messageId ?? correlationId };
  const streamId = videoStreamId(status.videoId);
  const { events } = await handle(eventStore, streamId, videoDecider, {
    type: 'RecordRenderStatus',
    data: { status: status.status, at: status.at, attempt: status.attempt, script: status.script, media: status.media, reason: status.reason, version: status.version },
    metadata,
  }, { eventIds: (i) => deterministicId(`${renderOf(status)}:${status.status}:${i}`) });
  log.debug({ ...traceFields(metadata), videoId: status.videoId, status: status.status, appended: events.length }, 'Render status ingested');

  if (status.status !== 'done' && status.status !== 'failed') return;
  const { state } = await loadState(eventStore, streamId, videoDecider);
  // A late finish of a superseded render must not free the slot the new render holds.
  if (state.status === 'none' || isProcessing(state)) return;
  if (state.deleted && status.media) {
    // The user deleted the video while it rendered: its media must not linger.
    await blobs.deletePrefix(`videos/${state.userId}/${state.videoId}/`);
  }
  await handle(eventStore, subscriptionStreamId(state.userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId: status.videoId }, metadata: { ...metadata, userId: state.userId } });
}
