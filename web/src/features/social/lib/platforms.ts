export { PLATFORMS, PLATFORM_LABELS as PLATFORM_NAMES, type Platform } from '@app/domain';

/** Placeholder tags sent with every YouTube upload (spec section 9). */
export const YOUTUBE_PLACEHOLDER_TAGS = ['shorts', 'faceless', 'ai video'];

/** Instagram caption: the title, a blank line, the description. */
export function instagramCaption(title: string, description: string): string {
  return `${title}\n\n${description}`;
}
