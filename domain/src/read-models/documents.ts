/**
 * Read-model documents as projectors write them and query-api reads them. Collection names
 * live here too, so both sides agree without importing each other.
 */
import type { AspectRatio, Language, VideoStatus } from '../catalog';
import type { RenderedMedia, Script } from '../messages/render';
import type { SubscriptionState } from '../subscription/state';

export const COLLECTIONS = {
  videoList: 'video_list',
  videoDetail: 'video_details',
  subscriptionView: 'subscription_view',
} as const;

/** One small document per video, for the dashboard's lists and cards. */
export interface VideoListDoc {
  _id: string;
  userId: string;
  seriesId: string | null;
  title: string;
  createdAt: string;
  aspectRatio: AspectRatio;
  /** Whole seconds: the requested length until rendered, then the real one. */
  duration: number;
  status: VideoStatus | null;
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
}

/** The subscription's state per user (plan, usage), folded with the domain's own evolve. */
export type SubscriptionViewDoc = { _id: string } & SubscriptionState;
