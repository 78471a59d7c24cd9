import { z } from 'zod';
import {
  ART_STYLE_IDS, ASPECT_RATIO_IDS, CUSTOM_TOPIC, DURATION_MAXIMA, LANGUAGE_IDS, SCHEDULE_MESSAGES, SERIES_MESSAGES, TOPIC_LABELS, VOICE_IDS, isValidTimeZone,
} from '@app/domain';

const platform = z.enum(['youtube', 'tiktok', 'instagram']);
const scheduleSchema = z.object({
  timeZone: z.string().default('UTC').refine(isValidTimeZone, SCHEDULE_MESSAGES.timeZone),
  times: z.array(z.string()).max(24).optional(),
  days: z.array(z.number().int().min(0).max(6)).max(7).optional(),
});

const settingsShape = {
  topic: z.string({ error: SERIES_MESSAGES.topic }).trim().min(1, SERIES_MESSAGES.topic).refine((t) => (TOPIC_LABELS as readonly string[]).includes(t), SERIES_MESSAGES.invalidTopic),
  customPrompt: z.string().trim().max(1000, 'Custom topic must be at most 1000 characters').nullable().optional(),
  voiceid: z.enum(VOICE_IDS, { error: SERIES_MESSAGES.narrationVoice }),
  style: z.enum(ART_STYLE_IDS, { error: SERIES_MESSAGES.artStyle }),
  aspectRatio: z.enum(ASPECT_RATIO_IDS, { error: SERIES_MESSAGES.aspectRatio }).default('9:16'),
  language: z.enum(LANGUAGE_IDS, { error: SERIES_MESSAGES.language }),
  duration: z.coerce.number({ error: SERIES_MESSAGES.duration }).int(SERIES_MESSAGES.duration).refine((d) => DURATION_MAXIMA.includes(d as never), SERIES_MESSAGES.duration),
};

/** POST /api/series: the Create A Series fields (generate-video's names), target platforms and a schedule. */
export const createSeriesSchema = z
  .object({
    name: z.string().trim().max(100).optional(),
    ...settingsShape,
    platforms: z.array(platform).max(3).default([]),
    schedule: scheduleSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.topic === CUSTOM_TOPIC && !v.customPrompt?.trim()) ctx.addIssue({ code: 'custom', path: ['customPrompt'], message: SERIES_MESSAGES.customPrompt });
  });

/** PATCH /api/series/:id: any of the same fields. */
export const updateSeriesSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  topic: settingsShape.topic.optional(),
  customPrompt: settingsShape.customPrompt,
  voiceid: settingsShape.voiceid.optional(),
  style: settingsShape.style.optional(),
  aspectRatio: z.enum(ASPECT_RATIO_IDS, { error: SERIES_MESSAGES.aspectRatio }).optional(),
  language: settingsShape.language.optional(),
  duration: settingsShape.duration.optional(),
  platforms: z.array(platform).max(3).optional(),
  schedule: scheduleSchema.optional(),
});
