import { assertNever, sameData } from '../shared';
import { DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC, statusRank, type VideoStatus } from '../catalog';
import type { RenderedMedia, SceneMedia, SceneSubject, Script } from '../messages/render';
import type { RenderSpec, StudioEvent, VideoEvent, VideoRequest } from './events';

/** A finished render, kept so the creator can go back to it. */
export interface VideoVersion {
  version: number;
  media: RenderedMedia;
  script: Script | null;
  spec: RenderSpec | null;
  at: string;
}

/** The studio's working copy: what the next render is made from. Scenes, lines and seeds are parallel arrays. */
export type StudioDraft = Omit<RenderSpec, 'version'> & { script: Script & { scenes: string[] } };

/** A re-render that failed while an earlier version stayed on show: its number and why. */
export interface RerenderFailure {
  version: number;
  reason: string;
  at: string;
}

/** The studio's part of a video: its versions and the draft of the next one. */
export interface StudioState {
  /** The version rendering now, or the latest one that rendered or failed. */
  version: number;
  /** The version on show, null until the first render is done. */
  currentVersion: number | null;
  versions: VideoVersion[];
  /** Null until the first script is written. */
  draft: StudioDraft | null;
  /** What the render in progress (or the latest) was made from. */
  renderingSpec: RenderSpec | null;
  /**
   * The latest re-render's failure, the version before it still on show; null once a render is
   * done, another starts or a version is restored (absent from documents projected before it).
   */
  lastRerenderFailure?: RerenderFailure | null;
}

export const initialStudio = (): StudioState => ({ version: 1, currentVersion: null, versions: [], draft: null, renderingSpec: null, lastRerenderFailure: null });

/** The number the next re-render gets: one more than the latest render's, done or failed (a failed one keeps its number). */
export const nextVersion = (studio: StudioState): number => studio.version + 1;

/**
 * The status a failed render leaves: 'done' while a version is on show (a re-render failed; the
 * last good version stays, playable and postable), 'failed' when none ever rendered. Shared by
 * the video's fold and its read models.
 */
export const statusAfterFailure = (studio: Pick<StudioState, 'currentVersion'>): 'done' | 'failed' => (studio.currentVersion === null ? 'failed' : 'done');

export type VideoState =
  | { status: 'none' }
  | {
      status: VideoStatus | 'requested';
      videoId: string;
      userId: string;
      deleted: boolean;
      /** The script of the version on show (while the first render runs: the one it wrote). */
      script: Script | null;
      /** The media of the version on show (the last good one while a re-render runs). */
      media: RenderedMedia | null;
      request: VideoRequest;
      studio: StudioState;
    };

export type PresentVideo = Exclude<VideoState, { status: 'none' }>;

export const initialVideoState = (): VideoState => ({ status: 'none' });

/** The first render's spec, once its script is known: the request's voice, captions and music (the defaults unless a series set them). */
export function firstSpec(request: Pick<VideoRequest, 'voiceId' | 'captions' | 'music' | 'sceneMedia'>, script: Script): RenderSpec {
  const scenes = fitScenes(script.narrationScript, script.scenes ?? []);
  const sceneMedia = script.narrationScript.map((_, i) => request.sceneMedia?.[i] ?? null);
  return {
    version: 1,
    script: { ...script, scenes },
    // A scene's picture seed is its first position, so it keeps its picture when scenes move.
    imageSeeds: script.narrationScript.map((_, i) => String(i)),
    // The creator's own media picked with the request go to the scenes in order.
    ...(sceneMedia.some(Boolean) ? { sceneMedia } : {}),
    voiceId: request.voiceId,
    captions: request.captions ?? DEFAULT_CAPTION_STYLE,
    music: request.music ?? DEFAULT_MUSIC,
  };
}

/** One picture description per line: missing ones repeat the last, or describe the line itself. */
export function fitScenes(lines: readonly string[], scenes: readonly string[]): string[] {
  return lines.map((line, i) => scenes[i] ?? scenes[scenes.length - 1] ?? line);
}

export function draftOf(spec: RenderSpec): StudioDraft {
  const { version: _version, ...rest } = spec;
  return { ...rest, script: { ...spec.script, scenes: fitScenes(spec.script.narrationScript, spec.script.scenes ?? []) } };
}

/** Whether a render status belongs to the render in progress (a late one of a superseded render does not). */
export const isOfCurrentRender = (studio: StudioState, version: number | undefined) => (version ?? 1) === studio.version;

/**
 * The studio's fold, shared by the video's decider and its detail read model. `request` is what
 * the video was first asked with (the voice of the first render).
 */
export function evolveStudio(studio: StudioState, event: VideoEvent, request: Pick<VideoRequest, 'voiceId' | 'captions' | 'music' | 'sceneMedia'>): StudioState {
  const withScript = (script: Script | undefined): StudioState => {
    if (!script || studio.draft) return studio;
    const spec = firstSpec(request, script);
    return { ...studio, draft: draftOf(spec), renderingSpec: spec };
  };
  if (isStudioEdit(event)) return studio.draft ? { ...studio, draft: editDraft(studio.draft, event) } : studio;
  switch (event.type) {
    case 'RenderStageReached':
      return isOfCurrentRender(studio, event.data.version) ? withScript(event.data.script) : studio;
    case 'VideoRendered': {
      if (!isOfCurrentRender(studio, event.data.version)) return studio;
      const next = withScript(event.data.script);
      const script = event.data.script ?? next.renderingSpec?.script ?? null;
      const version: VideoVersion = { version: studio.version, media: event.data.media, script, spec: next.renderingSpec, at: event.data.at };
      return { ...next, currentVersion: studio.version, versions: [...studio.versions, version], lastRerenderFailure: null };
    }
    case 'RenderFailed': {
      // A failed re-render is its own outcome; the first render's failure is the video's.
      if (!isOfCurrentRender(studio, event.data.version) || statusAfterFailure(studio) === 'failed') return studio;
      return { ...studio, lastRerenderFailure: { version: studio.version, reason: event.data.reason, at: event.data.at } };
    }
    case 'CaptionEdited': {
      const description = event.data.description;
      return studio.draft ? { ...studio, draft: { ...studio.draft, script: { ...studio.draft.script, description } } } : studio;
    }
    case 'RerenderRequested': {
      const d = event.data;
      return {
        ...studio, version: d.version, lastRerenderFailure: null,
        renderingSpec: { version: d.version, script: d.script, imageSeeds: d.imageSeeds, ...(d.imageSubjects ? { imageSubjects: d.imageSubjects } : {}), ...(d.sceneMedia ? { sceneMedia: d.sceneMedia } : {}), voiceId: d.voiceId, captions: d.captions, music: d.music },
      };
    }
    case 'VersionRestored': {
      const restored = studio.versions.find((v) => v.version === event.data.version);
      return { ...studio, currentVersion: event.data.version, draft: restored?.spec ? draftOf(restored.spec) : studio.draft, lastRerenderFailure: null };
    }
    default:
      return studio;
  }
}

/**
 * The script of the version on show after an event (given the studio after it): a first render's
 * as soon as it is written, a re-render's only once it is done, a restored version's. Shared by the
 * video's fold and its detail read model.
 */
export function scriptOnShow(current: Script | null, studio: StudioState, event: VideoEvent): Script | null {
  switch (event.type) {
    case 'RenderStageReached':
      return studio.currentVersion === null ? event.data.script ?? current : current;
    case 'VideoRendered':
      return studio.versions.at(-1)?.script ?? current;
    case 'VersionRestored':
      return event.data.script ?? current;
    case 'CaptionEdited':
      return current ? { ...current, description: event.data.description } : current;
    default:
      return current;
  }
}

export function evolveVideo(state: VideoState, event: VideoEvent): VideoState {
  if (event.type === 'VideoRequested') {
    const { requestedAt: _at, ...request } = event.data;
    return { status: 'requested', videoId: event.data.videoId, userId: event.data.userId, deleted: false, script: null, media: null, request, studio: initialStudio() };
  }
  if (state.status === 'none') return state;
  const studio = evolveStudio(state.studio, event, state.request);
  const next = { ...state, studio, script: scriptOnShow(state.script, studio, event) };
  if (isStudioEdit(event)) return next;
  switch (event.type) {
    case 'RenderStageReached':
      return isOfCurrentRender(state.studio, event.data.version) ? { ...next, status: event.data.status } : state;
    case 'VideoRendered':
      return isOfCurrentRender(state.studio, event.data.version) ? { ...next, status: 'done', media: event.data.media } : state;
    case 'RenderFailed':
      // A failed re-render leaves the last good version on show, done; a failed first render leaves nothing.
      return isOfCurrentRender(state.studio, event.data.version) ? { ...next, status: statusAfterFailure(state.studio) } : state;
    case 'CaptionEdited':
      return next;
    case 'VideoDeleted':
      return { ...next, deleted: true };
    case 'RerenderRequested':
      return { ...next, status: 'requested' };
    case 'VersionRestored':
      return { ...next, media: event.data.media };
    default:
      return assertNever(event);
  }
}

/** The events of the studio's edits: each changes the draft only. */
export const STUDIO_EDIT_TYPES = ['ScriptEdited', 'SceneEdited', 'ScenesArranged', 'SceneImageRegenerated', 'SceneMediaChanged', 'VoiceChanged', 'MusicChanged', 'CaptionStyleChanged'] as const satisfies ReadonlyArray<StudioEvent['type']>;

export const isStudioEdit = (event: VideoEvent): event is StudioEvent => (STUDIO_EDIT_TYPES as readonly string[]).includes(event.type);

/** A studio edit applied to the draft (the decider has checked it). */
export function editDraft(draft: StudioDraft, event: StudioEvent): StudioDraft {
  const { script, imageSeeds, imageSubjects, sceneMedia } = draft;
  // The picked subjects and the creator's own media, parallel to the scenes, exist once one was picked; they move with their scenes.
  const withScenes = (lines: string[], scenes: string[], seeds: string[], subjects: string[] | undefined = imageSubjects, media: Array<SceneMedia | null> | undefined = sceneMedia): StudioDraft => {
    const { imageSubjects: _old, sceneMedia: _oldMedia, ...rest } = draft;
    return { ...rest, script: { ...script, narrationScript: lines, scenes }, imageSeeds: seeds, ...(subjects ? { imageSubjects: subjects } : {}), ...(media ? { sceneMedia: media } : {}) };
  };
  switch (event.type) {
    case 'ScriptEdited': {
      const lines = event.data.narrationScript;
      const next = withScenes(
        lines, fitScenes(lines, script.scenes), lines.map((_, i) => imageSeeds[i] ?? `added-${i}`),
        imageSubjects && lines.map((_, i) => imageSubjects[i] ?? ''), sceneMedia && lines.map((_, i) => sceneMedia[i] ?? null),
      );
      return { ...next, script: { ...next.script, title: event.data.title } };
    }
    case 'SceneEdited': {
      const { index, line, prompt } = event.data;
      return withScenes(replaceAt(script.narrationScript, index, line), replaceAt(script.scenes, index, prompt), imageSeeds);
    }
    case 'ScenesArranged': {
      const pick = <T>(items: readonly T[], fill: T) => event.data.order.map((i) => items[i] ?? fill);
      return withScenes(pick(script.narrationScript, ''), pick(script.scenes, ''), pick(imageSeeds, ''), imageSubjects && pick(imageSubjects, ''), sceneMedia && pick<SceneMedia | null>(sceneMedia, null));
    }
    case 'SceneImageRegenerated': {
      const { index, seed, prompt, subject } = event.data;
      const subjects = subject === undefined ? imageSubjects : replaceAt(imageSubjects ?? script.narrationScript.map(() => ''), index, subject ?? '');
      // A picture drawn again replaces the creator's own media on that scene.
      const media = sceneMedia && replaceAt<SceneMedia | null>(sceneMedia, index, null);
      return withScenes(script.narrationScript, replaceAt(script.scenes, index, prompt), replaceAt(imageSeeds, index, seed), subjects, media);
    }
    case 'SceneMediaChanged': {
      const { index, media } = event.data;
      if (!media && !sceneMedia) return draft;
      return withScenes(script.narrationScript, script.scenes, imageSeeds, imageSubjects, replaceAt<SceneMedia | null>(sceneMedia ?? script.narrationScript.map(() => null), index, media));
    }
    case 'VoiceChanged':
      return { ...draft, voiceId: event.data.voiceId };
    case 'MusicChanged':
      return { ...draft, music: event.data.music };
    case 'CaptionStyleChanged':
      return { ...draft, captions: event.data.captions };
    default:
      return assertNever(event);
  }
}

/**
 * What a draft scene's picture showed and what else it could show: from the newest render of the
 * same line and picture prompt (the subjects follow the words, not the seed). Null when no render
 * drew that scene with an illustration set. Shared by the decider (a picked subject must be one
 * of these) and the detail read model (the storyboard lists them).
 */
export function sceneSubjectChoices(studio: StudioState, index: number): { subjects: SceneSubject[]; options: SceneSubject[] } | null {
  const draft = studio.draft;
  if (!draft) return null;
  const line = draft.script.narrationScript[index];
  const prompt = draft.script.scenes[index];
  for (const version of [...studio.versions].reverse()) {
    const spec = version.spec;
    if (!spec) continue;
    const prompts = fitScenes(spec.script.narrationScript, spec.script.scenes ?? []);
    const k = spec.script.narrationScript.findIndex((l, i) => l === line && prompts[i] === prompt && version.media.scenes?.[i]?.subjects);
    const drawn = k >= 0 ? version.media.scenes?.[k] : undefined;
    if (drawn?.subjects) return { subjects: drawn.subjects, options: drawn.subjectOptions ?? [] };
  }
  return null;
}

function replaceAt<T>(items: readonly T[], index: number, value: T | undefined): T[] {
  return value === undefined ? [...items] : items.map((item, i) => (i === index ? value : item));
}

/** Whether the draft differs from what the version on show was made from (an unrendered edit). */
export function hasUnrenderedEdits(studio: StudioState): boolean {
  if (!studio.draft) return false;
  const shown = studio.versions.find((v) => v.version === studio.currentVersion)?.spec;
  if (!shown) return false;
  const { version: _version, ...rendered } = shown;
  return !sameData(comparable(draftOf({ ...rendered, version: 0 })), comparable(studio.draft));
}

const comparable = (draft: StudioDraft) => {
  // No picked subject and picked subjects all '' are the same draft (and no media and all null).
  const { imageSubjects, sceneMedia, ...rest } = draft;
  return { ...rest, imageSubjects: imageSubjects?.some(Boolean) ? imageSubjects : undefined, sceneMedia: sceneMedia?.some(Boolean) ? sceneMedia : undefined, script: { title: draft.script.title, narrationScript: draft.script.narrationScript, scenes: draft.script.scenes } };
};

/** Order of progress: requested < start < script < … < done; failed is terminal. */
export function progressRank(status: VideoStatus | 'requested'): number {
  if (status === 'requested') return -1;
  if (status === 'failed') return Number.POSITIVE_INFINITY;
  return statusRank(status);
}

/**
 * The media a post of the video uses: the version on show, whatever a re-render of it is doing
 * (running, failed); null for a deleted video or one that never rendered.
 */
export function mediaOnShow(state: VideoState): RenderedMedia | null {
  return state.status === 'none' || state.deleted ? null : state.media;
}

export function isProcessing(state: VideoState): boolean {
  return state.status !== 'none' && !state.deleted && state.status !== 'done' && state.status !== 'failed';
}
