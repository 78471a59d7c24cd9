import { z } from 'zod';
import { ART_STYLE_IDS } from '../catalog/art-styles';
import { ASPECT_RATIO_IDS, LANGUAGE_IDS } from '../catalog/formats';
import { GENERATION_STATUSES } from '../catalog/generation-status';

/**
 * Messages on the bus between the projectors' relay, the render workers and the status ingester.
 * Every message is parsed with these schemas on receipt. Headers carry correlationId / causationId.
 */
export const renderRequestSchema = z.object({
  videoId: z.string().min(1),
  userId: z.string().min(1),
  topic: z.string().min(1),
  customPrompt: z.string().nullable().optional(),
  language: z.enum(LANGUAGE_IDS),
  voiceId: z.string().min(1),
  style: z.enum(ART_STYLE_IDS),
  aspectRatio: z.enum(ASPECT_RATIO_IDS),
  /** Upper bound of the requested range, seconds. */
  duration: z.number().int().positive(),
  requestedAt: z.string(),
});
export type RenderRequest = z.infer<typeof renderRequestSchema>;

export const scriptSchema = z.object({
  title: z.string().max(100),
  /** The caption. */
  description: z.string().max(2000),
  narrationScript: z.array(z.string()).min(1),
});
export type Script = z.infer<typeof scriptSchema>;

export const renderedMediaSchema = z.object({
  /** BlobStore key of the MP4. */
  videoKey: z.string(),
  thumbnailKey: z.string().nullable(),
  /** Actual length in seconds (fractional). */
  durationSeconds: z.number().positive(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int().nonnegative(),
});
export type RenderedMedia = z.infer<typeof renderedMediaSchema>;

/** One message per stage reached, plus a final `failed` when a render gives up. */
export const renderStatusSchema = z.object({
  videoId: z.string().min(1),
  status: z.enum([...GENERATION_STATUSES, 'failed']),
  /** ISO instant the worker reached this status. */
  at: z.string(),
  workerId: z.string(),
  attempt: z.number().int().nonnegative(),
  /** Present from `script` onwards: what the script stage wrote. */
  script: scriptSchema.optional(),
  /** Present on `done`. */
  media: renderedMediaSchema.optional(),
  /** Present on `failed`: a reason a person can read. */
  reason: z.string().optional(),
});
export type RenderStatus = z.infer<typeof renderStatusSchema>;
