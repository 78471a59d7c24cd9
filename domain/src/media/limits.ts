/**
 * What the library accepts (issue 18): video clips (MP4, MOV, WebM) up to 200 MB and 3 minutes,
 * images (JPEG, PNG, WebP) up to 20 MB, recognised by their content, never by their name.
 */
export const MEDIA_LIMITS = {
  clipBytes: 200 * 1024 * 1024,
  imageBytes: 20 * 1024 * 1024,
  clipSeconds: 180,
} as const;

/**
 * The most items one creator's library holds at once (deleted ones do not count): it bounds the
 * library's stream state, its read model and GET /api/media, whatever the plan's storage quota.
 */
export const MEDIA_LIBRARY_MAX_ITEMS = 500;

export type MediaLimits = { clipBytes: number; imageBytes: number; clipSeconds: number };

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const minutes = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`);

/** The upload's answers, in the product's voice (400s: nothing is stored). */
export const MEDIA_UPLOAD_MESSAGES = {
  notMedia: 'That file is not a video or an image we can use. Upload an MP4, MOV or WebM clip, or a JPEG, PNG or WebP image.',
  noFile: 'Please choose a file to upload.',
  oneFile: 'Please upload one file at a time.',
  notMultipart: 'Please send the file as multipart/form-data, in a field named "file".',
  broken: 'The upload did not arrive whole. Please try again.',
  empty: 'That file is empty.',
  clipTooLarge: (limits: Pick<MediaLimits, 'clipBytes' | 'imageBytes'>) => `That file is too large: clips can be up to ${mb(limits.clipBytes)} and images up to ${mb(limits.imageBytes)}.`,
  imageTooLarge: (limits: Pick<MediaLimits, 'imageBytes'>) => `That image is too large: images can be up to ${mb(limits.imageBytes)}.`,
  clipTooLong: (limits: Pick<MediaLimits, 'clipSeconds'>) => `That clip is too long: clips can be up to ${minutes(limits.clipSeconds)}.`,
} as const;
