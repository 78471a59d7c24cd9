import { assertNever } from '../shared';
import { statusRank, type VideoStatus } from '../catalog';
import type { RenderedMedia, Script } from '../messages/render';
import type { VideoEvent } from './events';

export type VideoState =
  | { status: 'none' }
  | {
      status: VideoStatus | 'requested';
      videoId: string;
      userId: string;
      deleted: boolean;
      script: Script | null;
      media: RenderedMedia | null;
    };

export const initialVideoState = (): VideoState => ({ status: 'none' });

export function evolveVideo(state: VideoState, event: VideoEvent): VideoState {
  if (event.type === 'VideoRequested') {
    return { status: 'requested', videoId: event.data.videoId, userId: event.data.userId, deleted: false, script: null, media: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'RenderStageReached':
      return { ...state, status: event.data.status, script: event.data.script ?? state.script };
    case 'VideoRendered':
      return { ...state, status: 'done', media: event.data.media, script: event.data.script ?? state.script };
    case 'RenderFailed':
      return { ...state, status: 'failed' };
    case 'CaptionEdited':
      return state.script ? { ...state, script: { ...state.script, description: event.data.description } } : state;
    case 'VideoDeleted':
      return { ...state, deleted: true };
    default:
      return assertNever(event);
  }
}

/** Order of progress: requested < start < script < … < done; failed is terminal. */
export function progressRank(status: VideoStatus | 'requested'): number {
  if (status === 'requested') return -1;
  if (status === 'failed') return Number.POSITIVE_INFINITY;
  return statusRank(status);
}

export function isProcessing(state: VideoState): boolean {
  return state.status !== 'none' && !state.deleted && state.status !== 'done' && state.status !== 'failed';
}
