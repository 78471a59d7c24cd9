import { messageHeaders, RENDER_REQUESTS, renderRequestSchema, type RerenderRequested, type VideoRequested } from '@app/domain';
import { TOPICS, type DocumentStore, type EventStore, type Logger, type MessageBus, type RecordedEvent, type Subscription } from '@app/platform';
import { runReactor } from '@app/platform';

export const RENDER_RELAY_CHECKPOINT = 'render-relay';

/** The render request a VideoRequested (a first render) or RerenderRequested (a new version from the studio) becomes on the bus. */
export function toRenderRequest(event: RecordedEvent) {
  const d = event.data as VideoRequested['data'] | RerenderRequested['data'];
  const first = {
    videoId: d.videoId, userId: d.userId, topic: d.topic, customPrompt: d.customPrompt, language: d.language, voiceId: d.voiceId,
    style: d.style, aspectRatio: d.aspectRatio, duration: d.duration, requestedAt: d.requestedAt,
    ...(d.captions ? { captions: d.captions } : {}),
    ...(d.music ? { music: d.music } : {}),
    ...(d.sceneMedia ? { sceneMedia: d.sceneMedia } : {}),
    ...(d.import ? { import: d.import } : {}),
  };
  if (event.type !== 'RerenderRequested' || !('version' in d)) return renderRequestSchema.parse(first);
  return renderRequestSchema.parse({ ...first, version: d.version, script: d.script, imageSeeds: d.imageSeeds, ...(d.imageSubjects ? { imageSubjects: d.imageSubjects } : {}), captions: d.captions, music: d.music });
}

/**
 * Relays VideoRequested and RerenderRequested to `render.requests`, keyed by video id. The checkpoint is saved only
 * after the broker acknowledged (at-least-once); workers and the status ingester tolerate repeats.
 */
export function runRenderRelay(input: { eventStore: EventStore; docs: DocumentStore; bus: MessageBus; logger: Logger }): Promise<Subscription> {
  return runReactor({
    name: RENDER_RELAY_CHECKPOINT,
    eventStore: input.eventStore,
    docs: input.docs,
    logger: input.logger,
    handles: ['VideoRequested', 'RerenderRequested'],
    react: async (event) => {
      await input.bus.publish(TOPICS.renderRequests, [{
        key: event.data.videoId,
        value: toRenderRequest(event),
        headers: messageHeaders(RENDER_REQUESTS, { correlationId: String(event.metadata.correlationId ?? event.id), causationId: event.id, messageId: event.id }),
      }]);
    },
  });
}
