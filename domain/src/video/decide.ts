import { ConflictError, NotFoundError, ValidationError, assertNever, type Decider } from '../shared';
import { isTopic } from '../catalog';
import type { VideoCommand } from './commands';
import type { VideoEvent } from './events';
import { evolveVideo, initialVideoState, progressRank, type VideoState } from './state';

export const VIDEO_MESSAGES = {
  notFound: 'Video not found',
  invalidTopic: 'Invalid topic selected',
  notDone: 'The video is still processing; its caption can be edited once the script is written',
  alreadyRequested: 'This video has already been requested',
} as const;

export function decideVideo(command: VideoCommand, state: VideoState): VideoEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'RequestVideo': {
      if (state.status !== 'none') {
        if (state.videoId === command.data.videoId) return [];
        throw new ConflictError(VIDEO_MESSAGES.alreadyRequested);
      }
      if (!isTopic(command.data.topic)) throw new ValidationError(VIDEO_MESSAGES.invalidTopic);
      return [{ type: 'VideoRequested', data: { ...command.data, requestedAt: now } }];
    }
    case 'RecordRenderStatus': {
      // Idempotent ingestion: unknown, deleted, finished videos and repeated or late statuses change nothing.
      if (state.status === 'none' || state.deleted) return [];
      if (state.status === 'done' || state.status === 'failed') return [];
      const d = command.data;
      const videoId = state.videoId;
      if (d.status === 'failed') return [{ type: 'RenderFailed', data: { videoId, at: d.at, reason: d.reason ?? 'The render failed' } }];
      if (progressRank(d.status) <= progressRank(state.status)) return [];
      if (d.status === 'done') {
        if (!d.media) throw new ValidationError('A finished render must carry its media');
        return [{ type: 'VideoRendered', data: { videoId, at: d.at, media: d.media, ...(d.script ? { script: d.script } : {}) } }];
      }
      return [{ type: 'RenderStageReached', data: { videoId, status: d.status, at: d.at, attempt: d.attempt, ...(d.script ? { script: d.script } : {}) } }];
    }
    case 'EditCaption': {
      assertOwnedAndPresent(state, command.data.userId);
      if (state.status === 'none') throw new NotFoundError(VIDEO_MESSAGES.notFound);
      if (!state.script) throw new ConflictError(VIDEO_MESSAGES.notDone);
      if (state.script.description === command.data.description) return [];
      return [{ type: 'CaptionEdited', data: { videoId: state.videoId, description: command.data.description, at: now } }];
    }
    case 'DeleteVideo': {
      assertOwnedAndPresent(state, command.data.userId);
      if (state.status === 'none') throw new NotFoundError(VIDEO_MESSAGES.notFound);
      const mediaKeys = state.media ? [state.media.videoKey, ...(state.media.thumbnailKey ? [state.media.thumbnailKey] : [])] : [];
      return [{ type: 'VideoDeleted', data: { videoId: state.videoId, userId: state.userId, at: now, mediaKeys } }];
    }
    default:
      return assertNever(command);
  }
}

/** Another user's video is reported as not found: ids are not a way to probe for data. */
function assertOwnedAndPresent(state: VideoState, userId: string): void {
  if (state.status === 'none' || state.deleted || state.userId !== userId) throw new NotFoundError(VIDEO_MESSAGES.notFound);
}

export const videoDecider: Decider<VideoCommand, VideoEvent, VideoState> = {
  decide: decideVideo,
  evolve: evolveVideo,
  initialState: initialVideoState,
};
