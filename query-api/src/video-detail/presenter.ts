import { STATUS_BEFORE_ANY, statusProgress, type VideoDetail, type VideoDetailDoc, type VideoStatusResponse } from '@app/domain';
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

/** The detail record the spec's client reads, with short-lived signed media URLs. */
export function presentVideoDetail(doc: VideoDetailDoc, urls: MediaUrls, nowSeconds = Math.floor(Date.now() / 1000)): VideoDetail {
  const status = presentStatus(doc);
  const expires = nowSeconds + urls.ttlSeconds;
  const stream = doc.media ? signPath(urls.signingKey, `/api/video/stream/${doc._id}`, expires) : null;
  const thumb = doc.media?.thumbnailKey ? signPath(urls.signingKey, `/api/video/thumbnail/${doc._id}`, expires) : null;
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
  };
}
