import type { Command } from '../shared';
import type { CaptionStyle, MusicSettings, VideoStatus } from '../catalog';
import type { RenderedMedia, SceneMedia, Script } from '../messages/render';
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
  /** The render's version (absent = 1): a status of an older render changes nothing. */
  version?: number;
}>;
export type EditCaption = Command<'EditCaption', { userId: string; description: string }>;
export type DeleteVideo = Command<'DeleteVideo', { userId: string }>;


/** The studio's commands (all carry the acting user: another user's video is not found). */
type Owned<T> = T & { userId: string };
export type EditScript = Command<'EditScript', Owned<{ title: string; narrationScript: string[] }>>;
export type EditScene = Command<'EditScene', Owned<{ index: number; line?: string; prompt?: string }>>;
export type ArrangeScenes = Command<'ArrangeScenes', Owned<{ order: number[] }>>;
/**
 * `seed` is chosen by the caller (a fresh random one), so the decider stays pure. `subject`: the
 * main subject to draw (one the scene offered), null to let the narration choose again.
 */
export type RegenerateSceneImage = Command<'RegenerateSceneImage', Owned<{ index: number; seed: string; prompt?: string; subject?: string | null }>>;
/** The handler has checked the item is the creator's own and not deleted; null: the scene's generated picture again. */
export type UseSceneMedia = Command<'UseSceneMedia', Owned<{ index: number; media: SceneMedia | null }>>;
export type ChangeVoice = Command<'ChangeVoice', Owned<{ voiceId: string }>>;
export type ChangeMusic = Command<'ChangeMusic', Owned<{ music: MusicSettings }>>;
export type ChangeCaptionStyle = Command<'ChangeCaptionStyle', Owned<{ captions: CaptionStyle }>>;
export type RequestRerender = Command<'RequestRerender', Owned<object>>;
export type RestoreVersion = Command<'RestoreVersion', Owned<{ version: number }>>;

export type StudioCommand = EditScript | EditScene | ArrangeScenes | RegenerateSceneImage | UseSceneMedia | ChangeVoice | ChangeMusic | ChangeCaptionStyle | RequestRerender | RestoreVersion;

export type VideoCommand = RequestVideo | RecordRenderStatus | EditCaption | DeleteVideo | StudioCommand;
