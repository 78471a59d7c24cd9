import { COLLECTIONS, type PostEvent, type PostQueueDoc } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

/** The post queue: posts still to do and when each may be tried next (backoff after failures). */
export function evolvePostQueue(doc: PostQueueDoc | null, event: PostEvent): PostQueueDoc | null {
  switch (event.type) {
    case 'PostRequested': {
      const d = event.data;
      // Manual uploads run at once in the request; only the autopilot's posts wait in the queue.
      if (d.source === 'manual') return null;
      return { _id: d.postId, userId: d.userId, videoId: d.videoId, platform: d.platform, seriesId: d.seriesId, source: d.source, status: 'pending', dueAt: d.publishAt ?? d.at, attempts: 0 };
    }
    case 'PostAttemptStarted':
      // If the worker dies mid-attempt, the post is due again when its hold runs out (at once when
      // the autopilot sees its holder has exited).
      return doc ? { ...doc, status: 'publishing', dueAt: event.data.until, attempts: event.data.attempt, holder: event.data.holder ?? null } : null;
    case 'PostAttemptFailed':
      return doc ? { ...doc, status: 'pending', dueAt: event.data.retryAt } : null;
    case 'PostPublished':
    case 'PostFailed':
      return null;
  }
}

export const postQueueProjection: Projection = {
  name: 'post-queue',
  handles: ['PostRequested', 'PostAttemptStarted', 'PostAttemptFailed', 'PostPublished', 'PostFailed'],
  collections: [COLLECTIONS.postQueue],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    await docs.collection<PostQueueDoc>(COLLECTIONS.postQueue, { indexes: [['status']] })
      .apply(event.data.postId as string, event.position, (current) => evolvePostQueue(current, { type: event.type, data: event.data } as PostEvent));
  },
};
