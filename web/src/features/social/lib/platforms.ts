export type Platform = 'youtube' | 'tiktok' | 'instagram';

export const PLATFORMS: readonly Platform[] = ['youtube', 'tiktok', 'instagram'];

export const PLATFORM_NAMES: Record<Platform, string> = {
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
};

/** Placeholder tags sent with every YouTube upload (spec section 9). */
export const YOUTUBE_PLACEHOLDER_TAGS = ['shorts', 'faceless', 'ai video'];

/** Instagram caption: the title, a blank line, the description. */
export function instagramCaption(title: string, description: string): string {
  return `${title}\n\n${description}`;
}
