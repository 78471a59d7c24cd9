import { renderStatusSchema, subscriptionDecider, subscriptionStreamId, videoDecider, videoStreamId, type RenderStatus } from '@app/domain';
import { TOPICS, deterministicId, handle, loadState, traceFields, type EventStore, type Logger, type MessageBus, type Consumer, type BlobStore } from '@app/platform';

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
export async function startStatusIngester({ eventStore, bus, blobs, logger }: StatusIngesterDeps): Promise<Consumer> {
  const log = logger.child({ category: 'status-ingester' });
  return bus.subscribe(TOPICS.renderStatus, {
    groupId: 'status-ingester',
    fromBeginning: true,
    handler: async (message) => {
      const parsed = renderStatusSchema.safeParse(message.value);
      if (!parsed.success) {
        log.warn({ key: message.key, issues: parsed.error.issues.length }, 'Skipping a malformed render status');
        return;
      }
      await ingest(eventStore, blobs, parsed.data, message.headers, log);
    },
  });
}

export async function ingest(eventStore: EventStore, blobs: BlobStore, status: RenderStatus, headers: Record<string, string>, log: Logger): Promise<void> {
  const correlationId = headers.correlationId ?? status.videoId;
  const metadata = { now: new Date().toISOString(), timestamp: status.at, correlationId, causationId: headers.messageId ?? correlationId };
  const streamId = videoStreamId(status.videoId);
  const { events } = await handle(eventStore, streamId, videoDecider, {
    type: 'RecordRenderStatus',
    data: { status: status.status, at: status.at, attempt: status.attempt, script: status.script, media: status.media, reason: status.reason },
    metadata,
  }, { eventIds: (i) => deterministicId(`${status.videoId}:${status.status}:${i}`) });
  log.debug({ ...traceFields(metadata), videoId: status.videoId, status: status.status, appended: events.length }, 'Render status ingested');

  if (status.status !== 'done' && status.status !== 'failed') return;
  const { state } = await loadState(eventStore, streamId, videoDecider);
  if (state.status === 'none') return;
  if (state.deleted && status.media) {
    // The user deleted the video while it rendered: its media must not linger.
    await blobs.deletePrefix(`videos/${state.userId}/${state.videoId}/`);
  }
  await handle(eventStore, subscriptionStreamId(state.userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId: status.videoId }, metadata: { ...metadata, userId: state.userId } });
}
