import type { Command } from '../shared';
import type { VideoStatus } from '../catalog';
import type { RenderedMedia, Script } from '../messages/render';
import type { VideoRequest } from './events';

export type RequestVideo = Command<'RequestVideo', VideoRequest>;
/** From the render workers through the status ingester. */
export type RecordRenderStatus = Command<'RecordRenderStatus', {
  status: VideoStatus;
  at: string;
  attempt: number;
  script?: Script;
  media?: RenderedMedia;
  reason?: string;
}>;
export type EditCaption = Command<'EditCaption', { userId: string; description: string }>;
export type DeleteVideo = Command<'DeleteVideo', { userId: string }>;

export type VideoCommand = RequestVideo | RecordRenderStatus | EditCaption | DeleteVideo;
