import type { Command } from '../shared';
import type { AspectRatio, Language, VideoStatus } from '../catalog';
import type { RenderedMedia, Script } from '../messages/render';

export type RequestVideo = Command<'RequestVideo', {
  videoId: string;
  userId: string;
  seriesId: string | null;
  topic: string;
  customPrompt: string | null;
  language: Language;
  voiceId: string;
  style: string;
  aspectRatio: AspectRatio;
  duration: number;
}>;
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
