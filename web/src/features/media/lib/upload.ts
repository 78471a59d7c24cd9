import type { MediaItemResponse } from '@app/domain';
import { readToken } from '../../../lib/storage';

/** Files this large or larger go over the resumable (tus) path, in chunks: a dropped connection costs at most one. */
export const RESUMABLE_FROM_BYTES = 8 * 1024 * 1024;
const CHUNK_BYTES = 5 * 1024 * 1024;

export type UploadedMedia = MediaItemResponse & { position: number };

export interface UploadOptions {
  /** Bytes sent so far and the file's size. */
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

const messageOf = (status: number, text: string): string => {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON
  }
  return status >= 500 || status === 0 ? 'The upload did not arrive whole. Please try again.' : text || `Upload failed (${status})`;
};

/** A small file in one multipart request (POST /api/media), with progress. */
function uploadWhole(file: File, { onProgress, signal }: UploadOptions): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => (xhr.status === 201 ? resolve(JSON.parse(xhr.responseText) as UploadedMedia) : reject(new Error(messageOf(xhr.status, xhr.responseText))));
    xhr.onerror = () => reject(new Error(messageOf(0, '')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * A large file over tus (tus-js-client, loaded only when needed): sent in chunks, retried after a
 * dropped connection from where the server says it is, and resumed after a page reload (the
 * client remembers the upload's URL for the same file).
 */
async function uploadResumable(file: File, { onProgress, signal }: UploadOptions): Promise<UploadedMedia> {
  const { Upload } = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: '/api/media/uploads',
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      onBeforeRequest: (req) => {
        const token = readToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent, total) => onProgress(sent, total),
      onSuccess: (payload) => {
        const body = payload.lastResponse.getBody();
        try {
          resolve(JSON.parse(body) as UploadedMedia);
        } catch {
          reject(new Error('The upload did not arrive whole. Please try again.'));
        }
      },
      onError: (error) => {
        const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
        reject(new Error(response ? messageOf(response.getStatus(), response.getBody()) : messageOf(0, '')));
      },
    });
    signal?.addEventListener('abort', () => {
      void upload.abort(true);
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    }, { once: true });
    // A file this browser started to send before continues where it stopped.
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

/** Uploads a file to the media library: small ones whole, large ones resumable. */
export function uploadMedia(file: File, options: UploadOptions): Promise<UploadedMedia> {
  return file.size >= RESUMABLE_FROM_BYTES ? uploadResumable(file, options) : uploadWhole(file, options);
}

/** What the file input accepts (the server checks the content either way). */
export const MEDIA_ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm,image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

/** A size as "12.3 MB" (KB, MB or GB): anything under 1 KB as 1 KB, but nothing as 0 KB (an empty library uses none). */
export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 * 1024 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : bytes >= 1024 * 1024 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${bytes <= 0 ? 0 : Math.max(1, Math.round(bytes / 1024))} KB`);
/** 0:07, 1:00 (59.6 s), 12:05: whole seconds, rounded before they are split into minutes. */
export const formatDuration = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
