import type { Platform, PostContent } from '@app/domain';
import { deterministicId } from '../command-handling/ids';

/** The one post per (video, platform): the same id for manual uploads and the autopilot, so nothing posts twice. */
export const postIdFor = (videoId: string, platform: Platform) => deterministicId(`post:${videoId}:${platform}`);

/** Placeholder tags of every YouTube upload (spec section 9). */
export const YOUTUBE_PLACEHOLDER_TAGS = ['shorts', 'faceless', 'ai video'];

/** Spec section 9 defaults: YouTube public with placeholder tags; TikTok duet and stitch, no hashtags; Instagram caption = title, blank line, description. */
export function defaultContent(title: string, description: string, overrides: Partial<PostContent> = {}): PostContent {
  return {
    title, description, tags: YOUTUBE_PLACEHOLDER_TAGS, privacy: 'public', allowDuet: true, allowStitch: true, hashtags: [],
    caption: `${title}\n\n${description}`, ...overrides,
  };
}
