import { randomUUID } from 'node:crypto';
import {
  MEDIA_ERRORS, NotFoundError, liveMediaItem, mediaLibraryDecider, mediaLibraryStreamId, subscriptionDecider, subscriptionStreamId, videoDecider, videoStreamId,
  type CommandMetadata, type StudioCommand,
} from '@app/domain';
import { commandMetadata, currentUserId, handle, loadState, paramsOf, type EventStore, type HandlersOf } from '@app/platform';
import { claimRenderSlot } from './generate-video';

export interface StudioDeps {
  eventStore: EventStore;
}

type StudioRoute = 'editScript' | 'editScene' | 'arrangeScenes' | 'regenerateSceneImage' | 'useSceneMedia' | 'changeVoice' | 'changeMusic' | 'changeCaptionStyle' | 'requestRerender' | 'restoreVersion';

/**
 * The studio's commands on a video: each edit is decided on the video's stream (the owner only,
 * never while a render of it runs); a re-render first takes the user's one render slot.
 */
export function studioHandlers({ eventStore }: StudioDeps): HandlersOf<StudioRoute> {
  const edit = async (videoId: string, command: StudioCommand) => {
    const { position } = await handle(eventStore, videoStreamId(videoId), videoDecider, command);
    return { success: true as const, position };
  };
  const by = (userId: string) => ({ userId });

  return {
    editScript: async (req, res) => {
      const userId = currentUserId(req);
      res.json(await edit(req.params.id, { type: 'EditScript', data: { ...by(userId), ...req.body }, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
    editScene: async (req, res) => {
      const userId = currentUserId(req);
      const { index } = paramsOf(res, 'editScene');
      res.json(await edit(req.params.id, { type: 'EditScene', data: { ...by(userId), index, ...req.body }, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
    arrangeScenes: async (req, res) => {
      const userId = currentUserId(req);
      res.json(await edit(req.params.id, { type: 'ArrangeScenes', data: { ...by(userId), order: req.body.order }, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
    regenerateSceneImage: async (req, res) => {
      const userId = currentUserId(req);
      const { index } = paramsOf(res, 'regenerateSceneImage');
      // A fresh seed chosen here keeps the decider pure; the picture is drawn by the next render.
      const data = { ...by(userId), index, seed: randomUUID().slice(0, 8), ...(req.body.prompt ? { prompt: req.body.prompt } : {}), ...(req.body.subject !== undefined ? { subject: req.body.subject } : {}) };
      res.json(await edit(req.params.id, { type: 'RegenerateSceneImage', data, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
    useSceneMedia: async (req, res) => {
      const userId = currentUserId(req);
      const { index } = paramsOf(res, 'useSceneMedia');
      const { mediaId, fit } = req.body;
      let media = null;
      if (mediaId !== null) {
        // Only the creator's own, live items: another creator's, a deleted or an unknown id is not found.
        const { state: library } = await loadState(eventStore, mediaLibraryStreamId(userId), mediaLibraryDecider);
        const item = liveMediaItem(library, mediaId);
        if (!item) throw new NotFoundError(MEDIA_ERRORS.notFound);
        media = { mediaId, kind: item.kind, blobKey: item.blobKey, fit };
      }
      res.json(await edit(req.params.id, { type: 'UseSceneMedia', data: { ...by(userId), index, media }, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
    changeVoice: async (req, res) => {
      const userId = currentUserId(req);
      res.json(await edit(req.params.id, { type: 'ChangeVoice', data: { ...by(userId), voiceId: req.body.voiceId }, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
    changeMusic: async (req, res) => {
      const userId = currentUserId(req);
      res.json(await edit(req.params.id, { type: 'ChangeMusic', data: { ...by(userId), music: req.body }, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
    changeCaptionStyle: async (req, res) => {
      const userId = currentUserId(req);
      res.json(await edit(req.params.id, { type: 'ChangeCaptionStyle', data: { ...by(userId), captions: req.body }, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
    requestRerender: async (req, res) => {
      const userId = currentUserId(req);
      res.status(201).json(await requestRerender(eventStore, userId, req.params.id, commandMetadata({ userId, correlationId: req.correlationId })));
    },
    restoreVersion: async (req, res) => {
      const userId = currentUserId(req);
      const { version } = paramsOf(res, 'restoreVersion');
      res.json(await edit(req.params.id, { type: 'RestoreVersion', data: { ...by(userId), version }, metadata: commandMetadata({ userId, correlationId: req.correlationId }) }));
    },
  };
}

/**
 * The RequestRerender workflow: the video must be the caller's and idle (checked first, so a
 * refused re-render never holds the slot); then the user's one render slot is taken on their
 * subscription stream (no monthly credit is used: it is the same video); then the video's new
 * version is requested. If that last step is refused after all (a concurrent edit), the slot is
 * given back.
 */
export async function requestRerender(store: EventStore, userId: string, videoId: string, metadata: CommandMetadata): Promise<{ success: true; position: number; version: number }> {
  const command = { type: 'RequestRerender' as const, data: { userId }, metadata };
  const { state } = await loadState(store, videoStreamId(videoId), videoDecider);
  videoDecider.decide(command, state);
  const refusal = await claimRenderSlot(store, userId, { type: 'HoldRenderSlot', data: { userId, videoId }, metadata });
  if (refusal) throw refusal;
  try {
    const { position, events } = await handle(store, videoStreamId(videoId), videoDecider, command);
    const requested = events.find((e) => e.type === 'RerenderRequested');
    return { success: true, position, version: requested?.type === 'RerenderRequested' ? requested.data.version : 1 };
  } catch (error) {
    await handle(store, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId }, metadata });
    throw error;
  }
}
