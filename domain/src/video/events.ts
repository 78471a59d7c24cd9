import type { Event } from '../shared';
import type { AspectRatio, CaptionStyle, GenerationStatus, Language, MusicSettings } from '../catalog';
import type { RenderedMedia, SceneMedia, Script } from '../messages/render';

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
  /** The captions' look and the music when the request names them (a series' defaults). */
  captions?: CaptionStyle;
  music?: MusicSettings;
  /** The creator's own library items for the scenes, in order (scene i shows item i; null: a generated picture). */
  sceneMedia?: Array<SceneMedia | null>;
  /** "Upload Video": a finished video made elsewhere, normalised by a worker instead of made (no script, no studio). */
  import?: { mediaId: string; blobKey: string; title: string };
}

export type VideoRequested = Event<'VideoRequested', VideoRequest & { requestedAt: string }>;
/** A render stage was reached (status start..uploading); carries the script once written. */
export type RenderStageReached = Event<'RenderStageReached', {
  videoId: string;
  status: Exclude<GenerationStatus, 'done'>;
  at: string;
  attempt: number;
  script?: Script;
  /** The render's version (absent = 1). */
  version?: number;
}>;
export type VideoRendered = Event<'VideoRendered', { videoId: string; at: string; media: RenderedMedia; script?: Script; version?: number }>;
export type RenderFailed = Event<'RenderFailed', { videoId: string; at: string; reason: string; version?: number }>;
export type CaptionEdited = Event<'CaptionEdited', { videoId: string; description: string; at: string }>;
export type VideoDeleted = Event<'VideoDeleted', { videoId: string; userId: string; at: string; mediaKeys: string[] }>;


/** The studio's edits: each changes the draft the next render is made from; none renders by itself. */
export type ScriptEdited = Event<'ScriptEdited', { videoId: string; title: string; narrationScript: string[]; at: string }>;
export type SceneEdited = Event<'SceneEdited', { videoId: string; index: number; line?: string; prompt?: string; at: string }>;
/** `order` lists the scenes' previous numbers in their new order; a number left out was removed. */
export type ScenesArranged = Event<'ScenesArranged', { videoId: string; order: number[]; at: string }>;
/** `subject`: the picture's main subject the creator picked (an id the scene offered); null: back to the one the narration names; absent: unchanged. */
export type SceneImageRegenerated = Event<'SceneImageRegenerated', { videoId: string; index: number; seed: string; prompt?: string; subject?: string | null; at: string }>;
/** A scene shows one of the creator's own library items instead of its generated picture; null: its generated picture again. */
export type SceneMediaChanged = Event<'SceneMediaChanged', { videoId: string; index: number; media: SceneMedia | null; at: string }>;
export type VoiceChanged = Event<'VoiceChanged', { videoId: string; voiceId: string; at: string }>;
export type MusicChanged = Event<'MusicChanged', { videoId: string; music: MusicSettings; at: string }>;
export type CaptionStyleChanged = Event<'CaptionStyleChanged', { videoId: string; captions: CaptionStyle; at: string }>;

/** Everything a render is made from: the first request's settings with the studio's draft applied. */
export interface RenderSpec {
  version: number;
  script: Script;
  imageSeeds: string[];
  /** Per scene, the subject the creator picked ('' = chosen from the narration); absent until one is picked. */
  imageSubjects?: string[];
  /** Per scene, the creator's own clip or image shown instead of the generated picture (null: generated); absent until one is used. */
  sceneMedia?: Array<SceneMedia | null>;
  voiceId: string;
  captions: CaptionStyle;
  music: MusicSettings;
}

/**
 * A new render of a finished (or failed) video from its draft. It carries the whole request, so
 * the relay and the workers need nothing else; it uses no monthly credit.
 */
export type RerenderRequested = Event<'RerenderRequested', VideoRequest & RenderSpec & { requestedAt: string }>;
/** An earlier version's media made current again. */
export type VersionRestored = Event<'VersionRestored', { videoId: string; version: number; media: RenderedMedia; script: Script | null; at: string }>;

export type StudioEvent = ScriptEdited | SceneEdited | ScenesArranged | SceneImageRegenerated | SceneMediaChanged | VoiceChanged | MusicChanged | CaptionStyleChanged;

export type VideoEvent = VideoRequested | RenderStageReached | VideoRendered | RenderFailed | CaptionEdited | VideoDeleted | StudioEvent | RerenderRequested | VersionRestored;
