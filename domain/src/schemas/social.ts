import { z } from 'zod';

export const UPLOAD_MESSAGES = { videoIdMissing: 'Video ID is missing', videoNotAvailable: 'Video data is not available' } as const;

const videoId = z.string({ error: UPLOAD_MESSAGES.videoIdMissing }).trim().min(1, UPLOAD_MESSAGES.videoIdMissing);
const text = (max: number) => z.string().max(max).optional().default('');

/** Bodies of spec section 7's three upload calls. */
export const youtubeUploadSchema = z.object({
  videoId, title: text(100), description: text(5000),
  privacy: z.enum(['public', 'unlisted', 'private']).default('public'),
  tags: z.array(z.string().max(100)).max(30).default([]),
});
export type YouTubeUploadBody = z.infer<typeof youtubeUploadSchema>;

export const tiktokUploadSchema = z.object({
  videoId, title: text(150), description: text(2200),
  allowDuet: z.boolean().default(true), allowStitch: z.boolean().default(true),
  hashtags: z.array(z.string().max(100)).max(30).default([]),
});
export type TikTokUploadBody = z.infer<typeof tiktokUploadSchema>;

export const instagramUploadSchema = z.object({ videoId, caption: text(2200) });
export type InstagramUploadBody = z.infer<typeof instagramUploadSchema>;
