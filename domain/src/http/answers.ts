/**
 * What the HTTP API answers: the shapes the spec's client reads (sections 3 and 7), as zod
 * schemas. The services' presenters build exactly these, the web app types its endpoints with
 * them, and the API suites check every answer against them.
 */
import { z } from 'zod';
import { ASPECT_RATIO_IDS, LANGUAGE_IDS } from '../catalog/formats';
import { GENERATION_STATUSES } from '../catalog/generation-status';
import { captionStyleSchema, musicSettingsSchema } from '../schemas/studio';

const videoStatus = z.enum([...GENERATION_STATUSES, 'failed']);
const planId = z.enum(['FREE', 'STARTER', 'DAILY', 'HARDCORE']);
const platform = z.enum(['youtube', 'tiktok', 'instagram']);
/** Global position of the append a command made, for read-your-writes. */
const position = z.number().int().nonnegative();

export const positionAnswer = z.object({ position });
export const successAnswer = z.object({ success: z.literal(true), position });
export const messageAnswer = z.object({ message: z.string() });
export const messageWithPositionAnswer = z.object({ message: z.string(), position });
export const urlAnswer = z.object({ url: z.string() });

export const meAnswer = z.object({ _id: z.string(), email: z.string(), name: z.string(), roles: z.array(z.enum(['analyst', 'pii'])) });
export type MeResponse = z.infer<typeof meAnswer>;

export const tokenAnswer = z.object({ token: z.string(), position: position.optional() });
export type TokenResponse = z.infer<typeof tokenAnswer>;

export const videoListItemAnswer = z.object({
  _id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  aspectRatio: z.enum(ASPECT_RATIO_IDS),
  /** Seconds. */
  duration: z.number(),
  status: videoStatus,
  seriesId: z.string().nullable().optional(),
});
export type VideoListItem = z.infer<typeof videoListItemAnswer>;
export const videoListAnswer = z.object({ videos: z.array(videoListItemAnswer) });

/** A picture of the illustration set: its id, emoji and name in the video's language. */
const sceneSubjectAnswer = z.object({ id: z.string(), emoji: z.string(), label: z.string() });

export const videoDetailAnswer = videoListItemAnswer.extend({
  /** The caption. */
  description: z.string(),
  narrationScript: z.array(z.string()),
  progress: z.number(),
  message: z.string(),
  topic: z.string(),
  language: z.enum(LANGUAGE_IDS),
  style: z.string(),
  voiceid: z.string(),
  /** Short-lived signed URL for the player and the download (docs/spec-deviations.md). */
  streamUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Whether the video belongs to a series (drives SERIES SETTINGS). */
  isSeries: z.boolean(),
  /** A finished video the creator uploaded ("Upload Video", issue 18): it has no studio. */
  uploaded: z.boolean().optional(),
  /** The studio: versions and the draft of the next render; null until the first script is written. */
  studio: z.object({
    /** The version on show (null until the first render is done). */
    currentVersion: z.number().int().nullable(),
    /** A render of this video is in progress (its stages are in `status`). */
    rendering: z.boolean(),
    /** The number of the version rendering now; null when no render runs. */
    renderingVersion: z.number().int().nullable(),
    /** The number the next re-render gets (a failed re-render keeps its number). */
    nextVersion: z.number().int(),
    /** The latest re-render failed (the version on show stayed): its number, why, when; null once a render is done, another starts or a version is restored. */
    lastRerenderFailure: z.object({ version: z.number().int(), reason: z.string(), at: z.string() }).nullable(),
    versions: z.array(z.object({ version: z.number().int(), at: z.string(), durationSeconds: z.number() })),
    /** The draft differs from what the version on show was made from. */
    hasUnrenderedEdits: z.boolean(),
    title: z.string(),
    narrationScript: z.array(z.string()),
    scenes: z.array(z.object({
      line: z.string(),
      prompt: z.string(),
      /** Signed URL of the scene's picture as last rendered; null for a picture the next render will draw. */
      pictureUrl: z.string().nullable(),
      /** The scene's span in the version on show, seconds (null when it is not in it as it is now). */
      start: z.number().nullable(),
      end: z.number().nullable(),
      /** What its picture showed when last drawn, main subject first (empty: not known). */
      subjects: z.array(sceneSubjectAnswer),
      /** Other subjects its line or topic suggests: what `POST …/scenes/:index/picture {subject}` accepts besides `subjects`. */
      subjectOptions: z.array(sceneSubjectAnswer),
      /** The main subject the creator picked for the next render, or null (the narration chooses). */
      chosenSubject: z.string().nullable(),
      /** The creator's own library item the next render shows on this scene instead of a picture (issue 18), or null. */
      media: z.object({
        mediaId: z.string(),
        kind: z.enum(['clip', 'image']),
        fit: z.enum(['crop', 'letterbox']),
        /** Signed URL of the item's thumbnail. */
        thumbnailUrl: z.string(),
      }).nullable().optional(),
    })),
    voiceId: z.string(),
    captions: captionStyleSchema,
    music: musicSettingsSchema,
  }).nullable().optional(),
});
export type VideoDetail = z.infer<typeof videoDetailAnswer>;

export const videoStatusAnswer = z.object({
  status: videoStatus.nullable(),
  progress: z.number(),
  message: z.string(),
  failureReason: z.string().nullable().optional(),
});
export type VideoStatusResponse = z.infer<typeof videoStatusAnswer>;

export const videoStatsAnswer = z.object({ monthlyCount: z.number().int(), total: z.number().int(), planLimit: z.number().int() });
export type VideoStats = z.infer<typeof videoStatsAnswer>;

export const generateVideoAnswer = z.object({ videoId: z.string(), position });
export const captionAnswer = successAnswer.extend({ description: z.string() });
/** A re-render: its version. */
export const rerenderAnswer = successAnswer.extend({ version: z.number().int().positive() });

export const subscriptionViewAnswer = z.object({
  plan: planId,
  status: z.string(),
  currentPeriodEnd: z.string().nullable(),
  period: z.enum(['monthly', 'annual']).optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  pendingPlan: planId.nullable().optional(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewAnswer>;
export const subscriptionAnswer = z.object({ subscription: subscriptionViewAnswer.nullable() });
export const checkoutAnswer = z.object({ url: z.string(), position: position.optional(), scheduled: z.boolean().optional() });

export const serviceStatusAnswer = z.object({
  isReady: z.boolean(),
  services: z.record(z.string(), z.object({ available: z.boolean(), detail: z.string().optional() })),
});
export type ServiceStatus = z.infer<typeof serviceStatusAnswer>;

export const youTubeLinkStatusAnswer = z.object({ connected: z.boolean(), profileUrl: z.string().optional(), channelName: z.string().optional(), channelId: z.string().optional() });
export type YouTubeLinkStatus = z.infer<typeof youTubeLinkStatusAnswer>;
export const tikTokLinkStatusAnswer = z.object({ connected: z.boolean(), profileUrl: z.string().optional(), username: z.string().optional(), channelUrl: z.string().optional() });
export type TikTokLinkStatus = z.infer<typeof tikTokLinkStatusAnswer>;
export const instagramLinkStatusAnswer = z.object({ connected: z.boolean(), username: z.string().optional() });
export type InstagramLinkStatus = z.infer<typeof instagramLinkStatusAnswer>;
/** Any platform's link status (each platform's answer carries only its own fields). */
export const linkStatusAnswer = z.union([youTubeLinkStatusAnswer, tikTokLinkStatusAnswer, instagramLinkStatusAnswer]);

export const connectAnswer = z.object({ authUrl: z.string() });
export const youtubeUploadAnswer = z.object({ youtubeUrl: z.string() });
export const tiktokUploadAnswer = z.object({ status: z.string(), tiktokUrl: z.string() });
export const instagramUploadAnswer = z.object({ instagramUrl: z.string() });

const seriesSchedule = z.object({ timeZone: z.string(), times: z.array(z.string()), days: z.array(z.number().int()) });

export const seriesAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'paused']),
  topic: z.string(),
  customPrompt: z.string().nullable(),
  voiceid: z.string(),
  style: z.string(),
  aspectRatio: z.enum(ASPECT_RATIO_IDS),
  language: z.enum(LANGUAGE_IDS),
  duration: z.number(),
  /** The look of the series' captions and its music (absent: the defaults). */
  captions: captionStyleSchema.optional(),
  music: musicSettingsSchema.optional(),
  platforms: z.array(platform),
  schedule: seriesSchedule,
  /** Next autopilot post (ISO), null while paused. */
  nextPostAt: z.string().nullable(),
  /** The latest slots, newest first: the video made for each and where it was posted. */
  recentPosts: z.array(z.object({
    slot: z.string(),
    videoId: z.string().nullable(),
    skippedReason: z.string().nullable(),
    posts: z.array(z.object({ platform, status: z.enum(['pending', 'published', 'failed']), url: z.string().nullable(), error: z.string().nullable() })),
  })),
  createdAt: z.string(),
});
/** GET /api/series items (docs/api.md "## Series"): what the Series home reads. */
export type SeriesResponse = z.infer<typeof seriesAnswer>;
export const seriesListAnswer = z.object({ series: z.array(seriesAnswer) });
export const seriesCreatedAnswer = z.object({ _id: z.string(), seriesId: z.string(), position, nextPostAt: z.string().nullable() });

/** One item of the creator's own media library (issue 18). */
export const mediaItemAnswer = z.object({
  _id: z.string(),
  kind: z.enum(['clip', 'image']),
  /** The file's name as uploaded. */
  name: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Seconds, for clips; null for images. */
  durationSeconds: z.number().nullable(),
  /** Short-lived signed URL of a JPEG frame of it. */
  thumbnailUrl: z.string(),
  createdAt: z.string(),
});
export type MediaItemResponse = z.infer<typeof mediaItemAnswer>;
/** GET /api/media: the library, newest first, and the storage it takes against the plan's quota. */
export const mediaListAnswer = z.object({ media: z.array(mediaItemAnswer), usedBytes: z.number().int().nonnegative(), storageBytes: z.number().int().positive() });
export type MediaListResponse = z.infer<typeof mediaListAnswer>;
/** POST /api/media: the item as recorded, and the position of the append (read-your-writes). */
export const mediaUploadedAnswer = mediaItemAnswer.extend({ position });

export const clockAnswer = z.object({ now: z.string() });
export const webhookAnswer = z.object({ received: z.literal(true), position });
/** The dev mailbox's mails, newest first. */
export const mailboxAnswer = z.array(z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() }).loose());

/** GET /api/catalog: what the wizard and the pricing read (types of `catalog()`). */
export const catalogAnswer = z.object({
  topics: z.array(z.unknown()), voices: z.array(z.unknown()), artStyles: z.array(z.object({ id: z.string(), label: z.string(), previewUrl: z.string() })),
  aspectRatios: z.array(z.unknown()), languages: z.array(z.unknown()), durations: z.array(z.unknown()), plans: z.array(z.unknown()),
  captionPresets: z.array(z.object({ id: z.string(), label: z.string(), description: z.string(), previewUrl: z.string() })),
  captionPositions: z.array(z.string()), captionSizes: z.array(z.string()), musicMoods: z.array(z.string()),
});

/** The body of every 4xx/5xx answer. */
export const errorAnswer = z.object({ error: z.string(), details: z.record(z.string(), z.unknown()).optional() }).loose();
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** GET /api/openapi.json: the OpenAPI 3.1 document of every route. */
export const openApiAnswer = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});

export { MIN_POSITION_HEADER, MIN_POSITION_PARAM, POSITION_HEADER, STALE_HEADER } from './headers';
