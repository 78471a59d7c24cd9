/**
 * Read-model documents as projectors write them and query-api reads them. Collection names
 * live here too, so both sides agree without importing each other.
 */
import type { AspectRatio, CaptionStyle, Language, MusicSettings, VideoStatus } from '../catalog';
import type { RenderedMedia, SceneMedia, Script } from '../messages/render';
import type { SubscriptionState } from '../subscription/state';
import type { StudioState } from '../video/state';
import type { Platform, SeriesSchedule, SeriesSettings } from '../series/events';
import type { LinkedAccount } from '../social-link/events';
import type { PostSource } from '../post/events';
import type { MediaItem } from '../media/events';

export const COLLECTIONS = {
  videoList: 'video_list',
  videoDetail: 'video_details',
  subscriptionView: 'subscription_view',
  socialLinks: 'social_links',
  seriesView: 'series_view',
  postQueue: 'post_queue',
  mediaLibrary: 'media_library',
  /** One document per batch of a series (issue 18): its items and their progress. */
  seriesBatches: 'series_batches',
  statsHours: 'stats_hours',
  statsUsers: 'stats_users',
  statsRenders: 'stats_renders',
  statsTotals: 'stats_totals',
} as const;

/** Render stages whose durations the stats keep (from one render status to the next). */
export const RENDER_STAGE_OF_STATUS = { start: 'script', script: 'audio', audio: 'images', images: 'render', video: 'upload', uploading: 'upload' } as const;
export type RenderStage = (typeof RENDER_STAGE_OF_STATUS)[keyof typeof RENDER_STAGE_OF_STATUS];

/** One hour of product activity (`_id` is the hour's ISO start; `day` its date, indexed). */
export interface StatsHourDoc {
  _id: string;
  day: string;
  signups: number;
  videosRequested: number;
  videosDone: number;
  videosFailed: number;
  videosDeleted: number;
  posts: number;
  postsFailed: number;
  checkouts: number;
  cancellations: number;
  /** Subscriptions that began (+1) and ended (-1) in the hour. */
  subscribersDelta: number;
  /** Seconds from request to done of each video finished in the hour, and of each stage. */
  renderSeconds: number[];
  stageSeconds: Partial<Record<RenderStage, number[]>>;
  failuresByStage: Partial<Record<RenderStage, number>>;
  postsByPlatform: Record<string, number>;
}

/** Per user: how far along the funnel, and the plan paid for now. */
export interface StatsUserDoc {
  _id: string;
  firstVideo: boolean;
  subscribed: boolean;
  active: boolean;
  plan: string | null;
}

/** A render in flight: when each status was reached, to time its stages. */
export interface StatsRenderDoc {
  _id: string;
  requestedAt: string;
  status: string | null;
  statusAt: string;
  stageSeconds: Partial<Record<RenderStage, number>>;
}

/** The read models analysts can see and rebuild, by the projections' names (issue 14). */
export const READ_MODEL_NAMES = ['video-detail', 'video-list', 'subscription-view', 'social-link-view', 'series-view', 'post-queue', 'product-stats', 'media-library', 'batch-progress'] as const;
export type ReadModelName = (typeof READ_MODEL_NAMES)[number];
export const isReadModelName = (name: string): name is ReadModelName => (READ_MODEL_NAMES as readonly string[]).includes(name);

/**
 * How each read model and reactor is doing, one document per name, written by the process that
 * runs it every few seconds (a heartbeat): analysts read it through GET /api/analytics/projections.
 */
export const PROJECTION_STATUS_COLLECTION = 'projection_status';
export interface ProjectionStatusDoc {
  _id: string;
  kind: 'read-model' | 'reactor';
  position: number;
  eventsPerSecond: number;
  /** The heartbeat: a status older than PROJECTION_STALE_MS means its process is not running it. */
  updatedAt: string;
  rebuiltAt: string | null;
  /** Set while a rebuild runs beside the live read model. */
  rebuild: { position: number; target: number; startedAt: string } | null;
}
export const PROJECTION_STALE_MS = 15_000;

/** The projectors' checkpoint: the last global position applied to the read models. */
export const READ_MODELS_CHECKPOINT = 'read-models';

/** One small document per video, for the dashboard's lists and cards. */
export interface VideoListDoc {
  _id: string;
  userId: string;
  seriesId: string | null;
  title: string;
  createdAt: string;
  aspectRatio: AspectRatio;
  /** Whole seconds: the requested length until rendered, then the real one (of the version on show). */
  duration: number;
  status: VideoStatus | null;
  /** The version on show, null until the first render is done (absent from documents projected before the studio). */
  currentVersion?: number | null;
  /** The title of the re-render in progress, shown once it is done. */
  renderingTitle?: string;
}

/** One document per video: everything the detail page and the status poll read. */
export interface VideoDetailDoc {
  _id: string;
  userId: string;
  seriesId: string | null;
  topic: string;
  customPrompt: string | null;
  language: Language;
  style: string;
  voiceid: string;
  aspectRatio: AspectRatio;
  requestedDuration: number;
  createdAt: string;
  status: VideoStatus | null;
  statusAt: string | null;
  script: Script | null;
  media: RenderedMedia | null;
  failureReason: string | null;
  /** Versions and the draft of the next one (absent from documents projected before the studio). */
  studio?: StudioState;
  /** The captions and music the video was asked with (a series' defaults), when it was. */
  captions?: CaptionStyle;
  music?: MusicSettings;
  /** The creator's own library items the video was asked with, for its scenes in order (issue 18). */
  sceneMedia?: Array<SceneMedia | null>;
  /** A finished video the creator uploaded ("Upload Video"): no studio. */
  uploaded?: boolean;
}

/** The subscription's state per user (plan, usage), folded with the domain's own evolve. */
export type SubscriptionViewDoc = { _id: string } & SubscriptionState;

/** One document per (user, platform) link, `_id` `${userId}:${platform}`. Never holds tokens. */
export interface SocialLinkDoc {
  _id: string;
  userId: string;
  platform: Platform;
  connected: boolean;
  account: LinkedAccount | null;
  linkedAt: string | null;
}

export type SeriesPostStatus = 'pending' | 'published' | 'failed';

/** One autopilot slot of a series: its video and where it was posted, or why it was skipped. */
export interface SeriesSlotEntry {
  slot: string;
  videoId: string | null;
  skippedReason: string | null;
  missedSlots: number;
  posts: Array<{ platform: Platform; status: SeriesPostStatus; url: string | null; error: string | null; at: string }>;
}

/** One document per series (the Series home): settings, schedule and the latest slots. */
export interface SeriesViewDoc {
  _id: string;
  userId: string;
  name: string;
  status: 'active' | 'paused';
  settings: SeriesSettings;
  platforms: Platform[];
  schedule: SeriesSchedule;
  createdAt: string;
  updatedAt: string;
  lastSlot: string | null;
  /** Newest first, at most 10. */
  recentSlots: SeriesSlotEntry[];
}

/** The post queue: one document per post still to do (removed once published or failed). */
export interface PostQueueDoc {
  _id: string;
  userId: string;
  videoId: string;
  platform: Platform;
  seriesId: string | null;
  source: PostSource;
  status: 'pending' | 'publishing';
  /** When the post may be (re)tried. */
  dueAt: string;
  attempts: number;
  /** While publishing: the process running the attempt (host:pid:…), when it said; its exit makes the post due at once. */
  holder?: string | null;
}

/** The creator's own media library (issue 18): one document per item (`_id` is the media id), listed by user, newest first. */
export interface MediaLibraryDoc extends Omit<MediaItem, 'mediaId'> {
  _id: string;
  createdAt: string;
}

/** Blob keys shared by the render workers (who write) and the query side (who serves). */
export const PREVIEW_KEYS = {
  voice: (voiceId: string) => `previews/voices/${voiceId}`,
  artStyle: (styleId: string) => `previews/art-styles/${styleId}`,
  captionPreset: (presetId: string) => `previews/caption-presets/${presetId}`,
};
