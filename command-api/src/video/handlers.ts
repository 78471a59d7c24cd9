import {
  ART_STYLE_IDS, CUSTOM_TOPIC, MEDIA_ERRORS, NotFoundError, OWN_MEDIA_MESSAGES, VOICE_IDS, ValidationError, isProcessing, liveMediaItem, mediaLibraryDecider, mediaLibraryStreamId,
  subscriptionDecider, subscriptionStreamId, videoDecider, videoStreamId, type AspectRatio,
} from '@app/domain';
import { commandMetadata, currentUserId, handle, loadState, type EventStore, type HandlersOf } from '@app/platform';
import { generateVideo, requestVideo } from './generate-video';
import { EntitlementRefused } from '@app/domain';

export interface VideoCommandDeps {
  eventStore: EventStore;
}

/** Video commands: generate, edit caption, delete. */
export function videoHandlers({ eventStore }: VideoCommandDeps): HandlersOf<'generateVideo' | 'uploadVideo' | 'editCaption' | 'deleteVideo'> {
  return {
    /**
     * Upload Video: a clip of the creator's library, made elsewhere, becomes a video of theirs. It
     * takes a video credit like a generated one (it is posted, scheduled and stored like one) and the
     * one render slot while a worker normalises it (H.264/AAC, faststart, into the frame of its ratio).
     */
    uploadVideo: async (req, res) => {
      const userId = currentUserId(req);
      const { state: library } = await loadState(eventStore, mediaLibraryStreamId(userId), mediaLibraryDecider);
      const item = liveMediaItem(library, req.body.mediaId);
      if (!item) throw new NotFoundError(MEDIA_ERRORS.notFound);
      if (item.kind !== 'clip' || !item.durationSeconds) throw new ValidationError(OWN_MEDIA_MESSAGES.notAClip);
      const title = (req.body.title || item.originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '')).trim().slice(0, 100) || 'My video';
      const aspectRatio = req.body.aspectRatio ?? closestAspectRatio(item.width, item.height);
      const outcome = await requestVideo(eventStore, userId, {
        topic: CUSTOM_TOPIC, customPrompt: title, language: 'English', voiceid: VOICE_IDS[0], style: ART_STYLE_IDS[0], aspectRatio,
        duration: Math.max(1, Math.ceil(item.durationSeconds)),
      }, commandMetadata({ userId, correlationId: req.correlationId }), null, undefined, { mediaId: item.mediaId, blobKey: item.blobKey, title });
      if (outcome.kind === 'requested') return void res.status(201).json({ videoId: outcome.videoId, position: outcome.position });
      if (outcome.reason === 'userNotFound') throw new NotFoundError(outcome.message);
      throw new EntitlementRefused(outcome.reason);
    },

    generateVideo: async (req, res) => {
      const userId = currentUserId(req);
      const result = await generateVideo(eventStore, userId, req.body, commandMetadata({ userId, correlationId: req.correlationId }));
      res.status(201).json(result);
    },

    editCaption: async (req, res) => {
      const userId = currentUserId(req);
      const { description } = req.body;
      const { position } = await handle(eventStore, videoStreamId(req.params.id), videoDecider, {
        type: 'EditCaption',
        data: { userId, description },
        metadata: commandMetadata({ userId, correlationId: req.correlationId }),
      });
      res.json({ success: true, description, position });
    },

    deleteVideo: async (req, res) => {
      const userId = currentUserId(req);
      const videoId = req.params.id;
      const metadata = commandMetadata({ userId, correlationId: req.correlationId });
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

/** The platform frame closest to a clip's shape: portrait 9:16, landscape 16:9, square-ish 1:1. */
export function closestAspectRatio(width: number, height: number): AspectRatio {
  const ratio = width / Math.max(1, height);
  const frames: Array<[AspectRatio, number]> = [['9:16', 9 / 16], ['1:1', 1], ['16:9', 16 / 9]];
  return frames.reduce((best, frame) => (Math.abs(Math.log(ratio / frame[1])) < Math.abs(Math.log(ratio / best[1])) ? frame : best))[0];
}
