import type { Event } from '../shared';
import type { AspectRatio, GenerationStatus, Language } from '../catalog';
import type { RenderedMedia, Script } from '../messages/render';

/** What a user asked for: the RequestVideo command's data, and VideoRequested's with its time. */
export interface VideoRequest {
  videoId: string;
  userId: string;
  seriesId: string | null;
  topic: string;
  customPrompt: string | null;
  language: Language;
  voiceId: string;
  style: string;
  aspectRatio: AspectRatio;
  /** Upper bound of the requested range, seconds. */
  duration: number;
}

export type VideoRequested = Event<'VideoRequested', VideoRequest & { requestedAt: string }>;
/** A render stage was reached (status start..uploading); carries the script once written. */
export type RenderStageReached = Event<'RenderStageReached', {
  videoId: string;
  status: Exclude<GenerationStatus, 'done'>;
  at: string;
  attempt: number;
  script?: Script;
}>;
export type VideoRendered = Event<'VideoRendered', { videoId: string; at: string; media: RenderedMedia; script?: Script }>;
export type RenderFailed = Event<'RenderFailed', { videoId: string; at: string; reason: string }>;
export type CaptionEdited = Event<'CaptionEdited', { videoId: string; description: string; at: string }>;
export type VideoDeleted = Event<'VideoDeleted', { videoId: string; userId: string; at: string; mediaKeys: string[] }>;

export type VideoEvent = VideoRequested | RenderStageReached | VideoRendered | RenderFailed | CaptionEdited | VideoDeleted;
