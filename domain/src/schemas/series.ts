import { z } from 'zod';
import { isValidTimeZone, SCHEDULE_MESSAGES } from '../series/schedule';
import { requireCustomPrompt, videoSettingsFields } from './video';

const platform = z.enum(['youtube', 'tiktok', 'instagram']);

const scheduleSchema = z.object({
  timeZone: z.string().default('UTC').refine(isValidTimeZone, SCHEDULE_MESSAGES.timeZone),
  times: z.array(z.string()).max(24).optional(),
  days: z.array(z.number().int().min(0).max(6)).max(7).optional(),
});

/** POST /api/series: the Create A Series fields (generate-video's names), target platforms and a schedule. */
export const createSeriesSchema = z
  .object({
    name: z.string().trim().max(100).optional(),
    ...videoSettingsFields,
    aspectRatio: videoSettingsFields.aspectRatio.default('9:16'),
    platforms: z.array(platform).max(3).default([]),
    schedule: scheduleSchema.optional(),
  })
  .superRefine(requireCustomPrompt);
export type CreateSeriesBody = z.infer<typeof createSeriesSchema>;

/** PATCH /api/series/:id: any of the same fields. */
export const updateSeriesSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  topic: videoSettingsFields.topic.optional(),
  customPrompt: videoSettingsFields.customPrompt,
  voiceid: videoSettingsFields.voiceid.optional(),
  style: videoSettingsFields.style.optional(),
  aspectRatio: videoSettingsFields.aspectRatio.optional(),
  language: videoSettingsFields.language.optional(),
  duration: videoSettingsFields.duration.optional(),
  captions: videoSettingsFields.captions,
  music: videoSettingsFields.music,
  platforms: z.array(platform).max(3).optional(),
  schedule: scheduleSchema.optional(),
});
export type UpdateSeriesBody = z.infer<typeof updateSeriesSchema>;
