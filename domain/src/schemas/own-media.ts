import { z } from 'zod';
import { MAX_SCENES } from '../catalog/studio';
import { ASPECT_RATIO_IDS } from '../catalog/formats';
import { MEDIA_FITS } from '../messages/render';
import { mediaListAnswer } from '../http/answers';
import { MEDIA_LIBRARY_MAX_ITEMS } from '../media/limits';

/** The creator's own media in a video (issue 18), in the product's voice. */
export const OWN_MEDIA_MESSAGES = {
  mediaId: 'Please choose an item of your media library',
  fit: 'Choose how the media fills the frame: crop or letterbox',
  tooMany: `A video can use at most ${MAX_SCENES} items of your library`,
  /** An id that is not one of the creator's live items (another creator's, deleted, made up). */
  notInLibrary: 'That media is not in your library (it may have been deleted). Please choose another item.',
  /** "Import a video" (the UploadVideo command) with an image. */
  notAClip: 'Only a video clip can become a video. Upload an MP4, MOV or WebM file.',
  title: 'The title must be at most 100 characters',
  limit: `limit must be a whole number from 1 to ${MEDIA_LIBRARY_MAX_ITEMS}`,
  offset: 'offset must be a whole number, 0 or more',
} as const;

const mediaId = z.string({ error: OWN_MEDIA_MESSAGES.mediaId }).trim().min(1, OWN_MEDIA_MESSAGES.mediaId).max(100, OWN_MEDIA_MESSAGES.mediaId);
const fit = z.enum(MEDIA_FITS, { error: OWN_MEDIA_MESSAGES.fit });

/** One library item picked for a scene (the wizard's "Use my own media" step): centre crop unless letterbox is chosen. */
export const sceneMediaChoiceSchema = z.strictObject({ mediaId, fit: fit.default('crop') });
export type SceneMediaChoice = z.infer<typeof sceneMediaChoiceSchema>;

/** `sceneMedia` of POST /api/generate-video: library items, in order, for the scenes in order. */
export const sceneMediaListSchema = z.array(sceneMediaChoiceSchema, { error: OWN_MEDIA_MESSAGES.mediaId }).max(MAX_SCENES, OWN_MEDIA_MESSAGES.tooMany);

/** PUT /api/video/:id/scenes/:index/media: a library item in place of the scene's picture, or null for its generated picture again. */
export const useSceneMediaSchema = z.strictObject({ mediaId: mediaId.nullable(), fit: fit.default('crop') });
export type UseSceneMediaBody = z.infer<typeof useSceneMediaSchema>;

/**
 * GET /api/media?limit=&offset=: a page of the library, newest first. A library holds at most
 * MEDIA_LIBRARY_MAX_ITEMS items, so without a limit the answer is the whole library, bounded.
 */
export const mediaListQuery = z.object({
  limit: z.string({ error: OWN_MEDIA_MESSAGES.limit }).regex(/^\d{1,4}$/, OWN_MEDIA_MESSAGES.limit).transform(Number)
    .refine((n) => n >= 1 && n <= MEDIA_LIBRARY_MAX_ITEMS, OWN_MEDIA_MESSAGES.limit).default(MEDIA_LIBRARY_MAX_ITEMS),
  offset: z.string({ error: OWN_MEDIA_MESSAGES.offset }).regex(/^\d{1,6}$/, OWN_MEDIA_MESSAGES.offset).transform(Number).default(0),
});
export type MediaListQuery = z.output<typeof mediaListQuery>;

/** GET /api/media: a page of the items, the storage the whole library takes, how many items it holds, and where the next page starts (null: none). */
export const mediaLibraryPageAnswer = mediaListAnswer.extend({
  total: z.number().int().nonnegative(),
  nextOffset: z.number().int().positive().nullable(),
});
export type MediaLibraryPage = z.infer<typeof mediaLibraryPageAnswer>;

/**
 * POST /api/video/upload ("Import a video" in the web app, the UploadVideo command): a clip of the library becomes a finished video of the
 * creator's, normalised to the platform's format; the frame is the one closest to the clip's shape
 * unless one is named.
 */
export const uploadVideoSchema = z.strictObject({
  mediaId,
  title: z.string().trim().max(100, OWN_MEDIA_MESSAGES.title).optional(),
  aspectRatio: z.enum(ASPECT_RATIO_IDS).optional(),
});
export type UploadVideoBody = z.infer<typeof uploadVideoSchema>;
