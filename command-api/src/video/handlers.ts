import { isProcessing, subscriptionDecider, subscriptionStreamId, videoDecider, videoStreamId } from '@app/domain';
import { commandMetadata, currentUserId, handle, loadState, type EventStore, type HandlersOf } from '@app/platform';
import { generateVideo } from './generate-video';

export interface VideoCommandDeps {
  eventStore: EventStore;
}

/** Video commands: generate, edit caption, delete. */
export function videoHandlers({ eventStore }: VideoCommandDeps): HandlersOf<'generateVideo' | 'editCaption' | 'deleteVideo'> {
  return {
    generateVideo: async (req, res) => {
      const userId = currentUserId(req);
      const result = await generateVideo(eventStore, userId, req.body, commandMetadata({ userId }));
      res.status(201).json(result);
    },

    editCaption: async (req, res) => {
      const userId = currentUserId(req);
      const { description } = req.body;
      const { position } = await handle(eventStore, videoStreamId(req.params.id), videoDecider, {
        type: 'EditCaption',
        data: { userId, description },
        metadata: commandMetadata({ userId }),
      });
      res.json({ success: true, description, position });
    },

    deleteVideo: async (req, res) => {
      const userId = currentUserId(req);
      const videoId = req.params.id;
      const metadata = commandMetadata({ userId });
      const { state: before } = await loadState(eventStore, videoStreamId(videoId), videoDecider);
      let { position } = await handle(eventStore, videoStreamId(videoId), videoDecider, { type: 'DeleteVideo', data: { userId }, metadata });
      if (isProcessing(before)) {
        // Deleting a video mid-render frees the user's one processing slot.
        const freed = await handle(eventStore, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId }, metadata });
        position = Math.max(position, freed.position);
      }
      res.json({ success: true, position });
    },
  };
}
