import { renderRequestSchema, type VideoRequested } from '@app/domain';
import { TOPICS, type DocumentStore, type EventStore, type Logger, type MessageBus, type RecordedEvent, type Subscription } from '@app/platform';
import { runReactor } from '@app/platform';

export const RENDER_RELAY_CHECKPOINT = 'render-relay';

/** The render request a VideoRequested event becomes on the bus. */
export function toRenderRequest(event: RecordedEvent) {
  const d = event.data as VideoRequested['data'];
  return renderRequestSchema.parse({
    videoId: d.videoId, userId: d.userId, topic: d.topic, customPrompt: d.customPrompt, language: d.language, voiceId: d.voiceId,
    style: d.style, aspectRatio: d.aspectRatio, duration: d.duration, requestedAt: d.requestedAt,
  });
}

/**
 * Relays VideoRequested to `render.requests`, keyed by video id. The checkpoint is saved only
 * after the broker acknowledged (at-least-once); workers and the status ingester tolerate repeats.
 */
export function runRenderRelay(input: { eventStore: EventStore; docs: DocumentStore; bus: MessageBus; logger: Logger }): Promise<Subscription> {
  return runReactor({
    name: RENDER_RELAY_CHECKPOINT,
    eventStore: input.eventStore,
    docs: input.docs,
    logger: input.logger,
    handles: ['VideoRequested'],
    react: async (event) => {
      await input.bus.publish(TOPICS.renderRequests, [{
        key: event.data.videoId,
        value: toRenderRequest(event),
        headers: { correlationId: String(event.metadata.correlationId ?? event.id), causationId: event.id, messageId: event.id },
      }]);
    },
  });
}
