import { z } from 'zod';
import { CUSTOM_TOPIC, TOPIC_LABELS } from '../catalog/topics';
import { VOICE_IDS } from '../catalog/voices';
import { ART_STYLE_IDS } from '../catalog/art-styles';
import { ASPECT_RATIO_IDS, DURATION_MAXIMA, LANGUAGE_IDS } from '../catalog/formats';
import { captionStyleSchema, musicSettingsSchema } from './studio';
import { CAPTION_MAX } from './video-limits';
import { sceneMediaListSchema } from './own-media';

/** Messages of the Series form (spec section 5), word for word. */
export const SERIES_MESSAGES = {
  topic: 'Please select a topic for your video',
  customPrompt: 'Please enter your custom topic',
  narrationVoice: 'Select a Narrator',
  artStyle: 'Select an Art Style',
  aspectRatio: 'Please select a video aspect ratio',
  language: 'Please select the language for your video',
  duration: 'Please select video duration',
  /** The server's message for an unknown topic (spec section 8). */
  invalidTopic: 'Invalid topic selected',
} as const;

/** The page handler's re-check toasts (spec section 5), in order. */
export const SERIES_FIELD_TOASTS = {
  topic: 'Please select a topic for your video',
  customPrompt: 'Please provide details for your custom topic',
  narrationVoice: 'Please select a narration voice',
  artStyle: 'Please select an art style',
  language: 'Please select a language',
  duration: 'Please select video duration',
} as const;

/** The Create A Series form's values. */
export const seriesFormSchema = z
  .object({
    topic: z.string({ error: SERIES_MESSAGES.topic }).min(1, SERIES_MESSAGES.topic),
    customPrompt: z.string().max(1000, 'Custom topic must be at most 1000 characters').optional(),
    narrationVoice: z.enum(VOICE_IDS, { error: SERIES_MESSAGES.narrationVoice }),
    artStyle: z.enum(ART_STYLE_IDS, { error: SERIES_MESSAGES.artStyle }),
    aspectRatio: z.enum(ASPECT_RATIO_IDS, { error: SERIES_MESSAGES.aspectRatio }),
    language: z.enum(LANGUAGE_IDS, { error: SERIES_MESSAGES.language }),
    duration: z.string({ error: SERIES_MESSAGES.duration }).min(1, SERIES_MESSAGES.duration),
  })
  .superRefine(requireCustomPrompt);
export type SeriesForm = z.infer<typeof seriesFormSchema>;

/**
 * The video settings as the API names them (generate-video and the series calls), each with
 * the spec's message: one set of validators for every body that carries them.
 */
export const videoSettingsFields = {
  // The refinements keep the spec's messages; `meta` documents the same choices in the OpenAPI document, which cannot see a refinement.
  topic: z.string({ error: SERIES_MESSAGES.topic }).trim().min(1, SERIES_MESSAGES.topic).refine((t) => (TOPIC_LABELS as readonly string[]).includes(t), SERIES_MESSAGES.invalidTopic).meta({ enum: [...TOPIC_LABELS] }),
  customPrompt: z.string().trim().max(1000, 'Custom topic must be at most 1000 characters').optional().nullable(),
  duration: z.coerce.number({ error: SERIES_MESSAGES.duration }).int(SERIES_MESSAGES.duration).refine((d) => DURATION_MAXIMA.includes(d as never), SERIES_MESSAGES.duration).meta({ enum: [...DURATION_MAXIMA] }),
  style: z.enum(ART_STYLE_IDS, { error: SERIES_MESSAGES.artStyle }),
  voiceid: z.enum(VOICE_IDS, { error: SERIES_MESSAGES.narrationVoice }),
  aspectRatio: z.enum(ASPECT_RATIO_IDS, { error: SERIES_MESSAGES.aspectRatio }),
  language: z.enum(LANGUAGE_IDS, { error: SERIES_MESSAGES.language }),
  /** The captions' look and the music (the studio's settings); the classic captions and the topic's music when absent. */
  captions: captionStyleSchema.optional(),
  music: musicSettingsSchema.optional(),
};

/** Custom Topic needs its text (spec section 5): the one place this rule lives. */
export function requireCustomPrompt(value: { topic?: string; customPrompt?: string | null }, ctx: z.RefinementCtx): void {
  if (value.topic === CUSTOM_TOPIC && !value.customPrompt?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['customPrompt'], message: SERIES_MESSAGES.customPrompt });
  }
}

/** Body of POST /api/generate-video (spec section 7). */
export const generateVideoSchema = z
  .object({
    ...videoSettingsFields,
    aspectRatio: videoSettingsFields.aspectRatio.default('9:16'),
    /** Optional: the series this video belongs to (autopilot). */
    seriesId: z.string().uuid().optional(),
    /** Optional (issue 18): the creator's own library items, in order, shown on the scenes in order instead of generated pictures. */
    sceneMedia: sceneMediaListSchema.optional(),
  })
  .superRefine(requireCustomPrompt);
export type GenerateVideoBody = z.infer<typeof generateVideoSchema>;

export { CAPTION_MAX, TITLE_MAX } from './video-limits';

export const updateCaptionSchema = z.object({
  description: z.string({ error: 'Caption is required' }).max(CAPTION_MAX, `Caption must be at most ${CAPTION_MAX} characters`),
});
export type UpdateCaptionBody = z.infer<typeof updateCaptionSchema>;
