import { STATUS_BEFORE_ANY, hasUnrenderedEdits, mediaThumbnailPath, nextVersion, sceneSubjectChoices, statusProgress, type SceneMedia, type VideoDetail, type VideoDetailDoc, type VideoStatusResponse } from '@app/domain';
import { signPath } from '@app/platform';

export interface MediaUrls {
  signingKey: string;
  /** How long a signed media URL stays valid. */
  ttlSeconds: number;
}

export function presentStatus(doc: VideoDetailDoc): VideoStatusResponse {
  if (doc.status === null) return { status: null, progress: 0, message: STATUS_BEFORE_ANY };
  if (doc.status === 'failed') return { status: 'failed', progress: 0, message: doc.failureReason ?? 'The render failed', failureReason: doc.failureReason };
  const { percent, message } = statusProgress(doc.status);
  return { status: doc.status, progress: percent, message };
}

/** A video's status as a live-status (SSE) event: its JSON, and the event's bytes on the wire. */
export interface StatusEvent {
  body: string;
  frame: Buffer;
}

const statusEvents = new WeakMap<VideoDetailDoc, StatusEvent>();

/**
 * The status event of a video document. After a change every watcher of the video is handed the
 * same document, so a crowd of 1,000 streams costs one presentation and one encoding, not 1,000.
 */
export function statusEvent(doc: VideoDetailDoc): StatusEvent {
  let event = statusEvents.get(doc);
  if (!event) {
    const body = JSON.stringify(presentStatus(doc));
    event = { body, frame: Buffer.from(`event: status\ndata: ${body}\n\n`) };
    statusEvents.set(doc, event);
  }
  return event;
}

/** The detail record the spec's client reads, with short-lived signed media URLs. */
export function presentVideoDetail(doc: VideoDetailDoc, urls: MediaUrls, nowSeconds = Math.floor(Date.now() / 1000)): VideoDetail {
  const status = presentStatus(doc);
  const expires = nowSeconds + urls.ttlSeconds;
  // Each version has its own URL, so a browser never plays a cached earlier version.
  const version = (doc.studio?.currentVersion ?? 1) > 1 ? `&v=${doc.studio!.currentVersion}` : '';
  const sign = (path: string) => signPath(urls.signingKey, path, expires);
  const stream = doc.media ? `${sign(`/api/video/stream/${doc._id}`)}${version}` : null;
  const thumb = doc.media?.thumbnailKey ? `${sign(`/api/video/thumbnail/${doc._id}`)}${version}` : null;
  return {
    _id: doc._id,
    title: doc.script?.title ?? (doc.customPrompt?.trim() || doc.topic).slice(0, 100),
    description: doc.script?.description ?? '',
    narrationScript: doc.script?.narrationScript ?? [],
    createdAt: doc.createdAt,
    aspectRatio: doc.aspectRatio,
    duration: doc.media ? Math.round(doc.media.durationSeconds) : doc.requestedDuration,
    status: doc.status ?? 'start',
    progress: status.progress,
    message: status.message,
    topic: doc.topic,
    language: doc.language,
    style: doc.style,
    voiceid: doc.voiceid,
    seriesId: doc.seriesId,
    streamUrl: stream,
    downloadUrl: stream ? `${stream}&download=1` : null,
    thumbnailUrl: thumb,
    failureReason: doc.failureReason,
    isSeries: doc.seriesId !== null,
    ...(doc.uploaded ? { uploaded: true } : {}),
    studio: doc.uploaded ? null : presentStudio(doc, sign),
  };
}

const presentSubject = ({ id, emoji, label }: { id: string; emoji: string; label: string }) => ({ id, emoji, label });

const mediaKeyOf = (media: SceneMedia | null) => (media ? `${media.mediaId}:${media.fit}` : null);

/** The picture's id in its blob key (`…/scenes/<id>.jpg`). */
export const scenePictureId = (imageKey: string) => imageKey.slice(imageKey.lastIndexOf('/') + 1).replace(/\.jpg$/, '');

/**
 * The storyboard: the draft's scenes, each with the picture it had when last rendered. A scene's
 * picture is the one drawn from the same prompt and seed in any version (newest first); a scene
 * whose prompt or seed changed shows none until the next render draws it.
 */
function presentStudio(doc: VideoDetailDoc, sign: (path: string) => string): VideoDetail['studio'] {
  const studio = doc.studio;
  const draft = studio?.draft;
  if (!studio || !draft) return null;
  const shown = studio.versions.find((v) => v.version === studio.currentVersion);
  const drawn = [...studio.versions].reverse().flatMap((v) => (v.spec?.script.scenes ?? []).map((prompt, k) => ({
    prompt, seed: v.spec!.imageSeeds[k] || String(k), span: v.media.scenes?.[k], isShown: v === shown,
    // A scene shown with the creator's own media had that media's frame as its picture.
    mediaKey: mediaKeyOf(v.spec!.sceneMedia?.[k] ?? null),
  })));
  const presentSceneMedia = (media: SceneMedia | null) => media && {
    mediaId: media.mediaId, kind: media.kind, fit: media.fit, thumbnailUrl: sign(mediaThumbnailPath(doc.userId, media.mediaId)),
  };
  const scenes = draft.script.narrationScript.map((line, i) => {
    const prompt = draft.script.scenes[i];
    const seed = draft.imageSeeds[i] || String(i);
    const mediaKey = mediaKeyOf(draft.sceneMedia?.[i] ?? null);
    const sameScene = drawn.filter((d) => d.prompt === prompt && d.seed === seed && d.span);
    // Its picture as last made from the same media (or none); its time span in the version on show either way.
    const picture = sameScene.find((d) => d.mediaKey === mediaKey)?.span;
    const inShown = sameScene.find((d) => d.isShown)?.span;
    const choices = sceneSubjectChoices(studio, i);
    return {
      line, prompt,
      pictureUrl: picture ? sign(`/api/video/scene-picture/${doc._id}/${scenePictureId(picture.imageKey)}`) : null,
      start: inShown?.start ?? null,
      end: inShown?.end ?? null,
      subjects: (choices?.subjects ?? []).map(presentSubject),
      subjectOptions: (choices?.options ?? []).map(presentSubject),
      chosenSubject: draft.imageSubjects?.[i] || null,
      media: presentSceneMedia(draft.sceneMedia?.[i] ?? null),
    };
  });
  const rendering = doc.status !== 'done' && doc.status !== 'failed';
  const failure = studio.lastRerenderFailure ?? null;
  return {
    currentVersion: studio.currentVersion,
    rendering,
    renderingVersion: rendering ? studio.version : null,
    nextVersion: nextVersion(studio),
    lastRerenderFailure: failure && { version: failure.version, reason: failure.reason, at: failure.at },
    versions: studio.versions.map((v) => ({ version: v.version, at: v.at, durationSeconds: v.media.durationSeconds })),
    hasUnrenderedEdits: hasUnrenderedEdits(studio),
    title: draft.script.title,
    narrationScript: draft.script.narrationScript,
    scenes,
    voiceId: draft.voiceId,
    captions: draft.captions,
    music: draft.music,
  };
}
