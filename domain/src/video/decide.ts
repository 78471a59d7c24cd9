import { ConflictError, NotFoundError, ValidationError, assertNever, sameData, type Decider } from '../shared';
import { VOICE_SCRIPT_LIMIT, isTopic } from '../catalog';
import { STUDIO_MESSAGES, voiceScriptLength } from '../schemas/studio';
import type { StudioCommand, VideoCommand } from './commands';
import type { StudioEvent, VideoEvent } from './events';
import { editDraft, evolveVideo, initialVideoState, isOfCurrentRender, isProcessing, nextVersion, progressRank, sceneSubjectChoices, type PresentVideo, type StudioDraft, type VideoState } from './state';

export const VIDEO_MESSAGES = {
  notFound: 'Video not found',
  invalidTopic: 'Invalid topic selected',
  notDone: 'The video is still processing; its caption can be edited once the script is written',
  alreadyRequested: 'This video has already been requested',
  /** An edit or a re-render while a render of the video runs. */
  stillProcessing: 'Video is still processing',
  noScript: 'This video has no script to edit yet',
  /** Studio edits of a video uploaded finished ("Upload Video"): it has no scenes to edit. */
  uploaded: 'An uploaded video cannot be edited in the studio: edit its caption, or upload a new version',
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
      // A late status of an earlier render (its worker had not heard it was superseded) changes nothing.
      if (!isOfCurrentRender(state.studio, d.version)) return [];
      const version = state.studio.version > 1 ? { version: state.studio.version } : {};
      if (d.status === 'failed') return [{ type: 'RenderFailed', data: { videoId, at: d.at, reason: d.reason ?? 'The render failed', ...version } }];
      if (progressRank(d.status) <= progressRank(state.status)) return [];
      if (d.status === 'done') {
        if (!d.media) throw new ValidationError('A finished render must carry its media');
        return [{ type: 'VideoRendered', data: { videoId, at: d.at, media: d.media, ...(d.script ? { script: d.script } : {}), ...version } }];
      }
      return [{ type: 'RenderStageReached', data: { videoId, status: d.status, at: d.at, attempt: d.attempt, ...(d.script ? { script: d.script } : {}), ...version } }];
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
      const media = [...state.studio.versions.map((v) => v.media), ...(state.media ? [state.media] : [])];
      const mediaKeys = [...new Set(media.flatMap((m) => [m.videoKey, ...(m.thumbnailKey ? [m.thumbnailKey] : []), ...(m.scenes ?? []).map((s) => s.imageKey)]))];
      return [{ type: 'VideoDeleted', data: { videoId: state.videoId, userId: state.userId, at: now, mediaKeys } }];
    }
    default:
      return decideStudio(command, state, now);
  }
}

/**
 * The studio: edits change the draft and are refused while a render of the video runs (the render
 * in progress was made from the draft as it was); a re-render renders the draft as a new version.
 */
function decideStudio(command: StudioCommand, state: VideoState, now: string): VideoEvent[] {
  assertOwnedAndPresent(state, command.data.userId);
  if (state.status === 'none') throw new NotFoundError(VIDEO_MESSAGES.notFound);
  if (isProcessing(state)) throw new ConflictError(VIDEO_MESSAGES.stillProcessing);
  if (state.request.import) throw new ConflictError(VIDEO_MESSAGES.uploaded);
  if (command.type === 'RestoreVersion') {
    const version = state.studio.versions.find((v) => v.version === command.data.version);
    if (!version) throw new NotFoundError(STUDIO_MESSAGES.version);
    if (state.studio.currentVersion === version.version) return [];
    return [{ type: 'VersionRestored', data: { videoId: state.videoId, version: version.version, media: version.media, script: version.script, at: now } }];
  }
  const draft = state.studio.draft;
  if (!draft) throw new ConflictError(VIDEO_MESSAGES.noScript);
  if (command.type === 'RequestRerender') {
    const { script, imageSeeds, imageSubjects, sceneMedia, voiceId, captions, music } = draft;
    // The request's own list of media is the first render's; a re-render uses the draft's, scene by scene.
    const { sceneMedia: _requested, ...request } = state.request;
    return [{
      type: 'RerenderRequested',
      data: {
        ...request, script, imageSeeds, ...(imageSubjects ? { imageSubjects } : {}), ...(sceneMedia?.some(Boolean) ? { sceneMedia } : {}),
        voiceId, captions, music, version: nextVersion(state.studio), requestedAt: now,
      },
    }];
  }
  const edit = studioEdit(command, state, draft, now);
  if (!edit) return [];
  const after = editDraft(draft, edit);
  if (voiceScriptLength(after.script.narrationScript) > VOICE_SCRIPT_LIMIT) throw new ValidationError(STUDIO_MESSAGES.scriptLength);
  return sameData(after, draft) ? [] : [edit];
}

type StudioEdit = StudioEvent;

function studioEdit(command: Exclude<StudioCommand, { type: 'RequestRerender' | 'RestoreVersion' }>, state: PresentVideo, draft: StudioDraft, at: string): StudioEdit | null {
  const videoId = state.videoId;
  const scenes = draft.script.narrationScript.length;
  const assertScene = (index: number) => {
    if (!Number.isInteger(index) || index < 0 || index >= scenes) throw new ValidationError(STUDIO_MESSAGES.sceneIndex);
  };
  switch (command.type) {
    case 'EditScript':
      return { type: 'ScriptEdited', data: { videoId, title: command.data.title, narrationScript: command.data.narrationScript, at } };
    case 'EditScene': {
      const { index, line, prompt } = command.data;
      assertScene(index);
      return { type: 'SceneEdited', data: { videoId, index, ...(line !== undefined ? { line } : {}), ...(prompt !== undefined ? { prompt } : {}), at } };
    }
    case 'ArrangeScenes': {
      const { order } = command.data;
      order.forEach(assertScene);
      if (order.length === 0 || new Set(order).size !== order.length) throw new ValidationError(STUDIO_MESSAGES.order);
      return { type: 'ScenesArranged', data: { videoId, order, at } };
    }
    case 'RegenerateSceneImage': {
      const { index, seed, prompt, subject } = command.data;
      assertScene(index);
      if (typeof subject === 'string') {
        // A subject the scene's last picture showed or offered (its words' other matches, its topic's).
        const choices = sceneSubjectChoices(state.studio, index);
        if (!choices || ![...choices.subjects, ...choices.options].some((s) => s.id === subject)) throw new ValidationError(STUDIO_MESSAGES.subject);
      }
      return { type: 'SceneImageRegenerated', data: { videoId, index, seed, ...(prompt !== undefined ? { prompt } : {}), ...(subject !== undefined ? { subject } : {}), at } };
    }
    case 'UseSceneMedia': {
      const { index, media } = command.data;
      assertScene(index);
      return { type: 'SceneMediaChanged', data: { videoId, index, media, at } };
    }
    case 'ChangeVoice':
      return { type: 'VoiceChanged', data: { videoId, voiceId: command.data.voiceId, at } };
    case 'ChangeMusic':
      return { type: 'MusicChanged', data: { videoId, music: command.data.music, at } };
    case 'ChangeCaptionStyle':
      return { type: 'CaptionStyleChanged', data: { videoId, captions: command.data.captions, at } };
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
