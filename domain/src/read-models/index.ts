/**
 * Documents the query side serves: the shapes the spec's client reads (sections 3 and 7).
 * The query-api presenters build exactly these; the web app types its RTK Query endpoints with them.
 */
import type { AspectRatio, Language, VideoStatus, PlanId, BillingPeriod } from '../catalog';

export interface MeResponse {
  _id: string;
  email: string;
  name: string;
}

export interface TokenResponse {
  token: string;
  /** Global position of the append, for read-your-writes. */
  position?: number;
}

export interface VideoListItem {
  _id: string;
  title: string;
  createdAt: string;
  aspectRatio: AspectRatio;
  /** Seconds. */
  duration: number;
  status: VideoStatus;
  seriesId?: string | null;
}

export interface VideoDetail extends VideoListItem {
  /** The caption. */
  description: string;
  narrationScript: string[];
  progress: number;
  message: string;
  topic: string;
  language: Language;
  style: string;
  voiceid: string;
  /** Short-lived signed URL for the player and the download (docs/spec-deviations.md). */
  streamUrl: string | null;
  downloadUrl: string | null;
  thumbnailUrl: string | null;
  failureReason: string | null;
  /** Whether the video belongs to a series (drives SERIES SETTINGS). */
  isSeries: boolean;
}

export interface VideoStatusResponse {
  status: VideoStatus | null;
  progress: number;
  message: string;
  failureReason?: string | null;
}

export interface VideoStats {
  monthlyCount: number;
  total: number;
  planLimit: number;
}

export interface SubscriptionView {
  plan: PlanId;
  status: string;
  currentPeriodEnd: string | null;
  period?: BillingPeriod;
  cancelAtPeriodEnd?: boolean;
  pendingPlan?: PlanId | null;
}

export interface ServiceStatus {
  isReady: boolean;
  services: Record<string, { available: boolean; detail?: string }>;
}

export interface YouTubeLinkStatus {
  connected: boolean;
  profileUrl?: string;
  channelName?: string;
  channelId?: string;
}
export interface TikTokLinkStatus {
  connected: boolean;
  profileUrl?: string;
  username?: string;
  channelUrl?: string;
}
export interface InstagramLinkStatus {
  connected: boolean;
  username?: string;
}

/** Positions let a client wait for its own write to be projected (read-your-writes). */
export const MIN_POSITION_HEADER = 'x-min-position';
export const POSITION_HEADER = 'x-position';
