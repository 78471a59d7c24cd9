import { z } from 'zod';
import { MAX_SCENES } from '../catalog/studio';
import { ASPECT_RATIO_IDS } from '../catalog/formats';
import { MEDIA_FITS } from '../messages/render';

/** The creator's own media in a video (issue 18), in the product's voice. */
export const OWN_MEDIA_MESSAGES = {
  mediaId: 'Please choose an item of your media library',
  fit: 'Choose how the media fills the frame: crop or letterbox',
  tooMany: `A video can use at most ${MAX_SCENES} items of your library`,
  /** An id that is not one of the creator's live items (another creator's, deleted, made up). */
  notInLibrary: 'That media is not in your library (it may have been deleted). Please choose another item.',
  /** "Upload Video" with an image. */
  notAClip: 'Only a video clip can become a video. Upload an MP4, MOV or WebM file.',
  title: 'The title must be at most 100 characters',
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
 * POST /api/video/upload ("Upload Video"): a clip of the library becomes a finished video of the
 * creator's, normalised to the platform's format; the frame is the one closest to the clip's shape
 * unless one is named.
 */
export const uploadVideoSchema = z.strictObject({
  mediaId,
  title: z.string().trim().max(100, OWN_MEDIA_MESSAGES.title).optional(),
  aspectRatio: z.enum(ASPECT_RATIO_IDS).optional(),
});
export type UploadVideoBody = z.infer<typeof uploadVideoSchema>;
