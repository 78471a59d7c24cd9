import { Router } from 'express';
import { subscriptionDecider, subscriptionStreamId, updateCaptionSchema, videoDecider, videoStreamId, isProcessing } from '@app/domain';
import { authenticate, commandMetadata, currentUserId, handle, loadState, parseOrThrow, type EventStore, type SessionTokens } from '@app/platform';
import { generateVideo } from './generate-video';

export interface VideoCommandDeps {
  eventStore: EventStore;
  tokens: SessionTokens;
}

/** Video commands: generate, edit caption, delete. Mounted at /api. */
export function createVideoCommandRouter({ eventStore, tokens }: VideoCommandDeps): Router {
  const router = Router();
  const auth = authenticate(tokens);

  router.post('/generate-video', auth, async (req, res) => {
    const userId = currentUserId(req);
    const result = await generateVideo(eventStore, userId, req.body, commandMetadata({ userId, correlationId: req.get('x-correlation-id') }));
    res.status(201).json(result);
  });

  router.post('/video/:id/caption', auth, async (req, res) => {
    const userId = currentUserId(req);
    const { description } = parseOrThrow(updateCaptionSchema, req.body);
    const { position } = await handle(eventStore, videoStreamId(req.params.id as string), videoDecider, {
      type: 'EditCaption',
      data: { userId, description },
      metadata: commandMetadata({ userId }),
    });
    res.json({ success: true, description, position });
  });

  router.delete('/video/delete/:id', auth, async (req, res) => {
    const userId = currentUserId(req);
    const videoId = req.params.id as string;
    const metadata = commandMetadata({ userId });
    const { state: before } = await loadState(eventStore, videoStreamId(videoId), videoDecider);
    let { position } = await handle(eventStore, videoStreamId(videoId), videoDecider, { type: 'DeleteVideo', data: { userId }, metadata });
    if (isProcessing(before)) {
      // Deleting a video mid-render frees the user's one processing slot.
      const freed = await handle(eventStore, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId }, metadata });
      position = Math.max(position, freed.position);
    }
    res.json({ success: true, position });
  });

  return router;
}
