import { BUILD_TIME, useClientValue } from '../../lib/client-value';

/** Social-proof numbers of the public pages (spec section 1: a creator count, people who joined today). */
export const CREATOR_COUNT_LABEL = 'over 50 content creators';

/** A stable count of people who joined today: the same all day, different from day to day. */
export function joinedToday(now: Date = new Date()): number {
  const start = Date.UTC(now.getUTCFullYear(), 0, 0);
  const day = Math.floor((now.getTime() - start) / 86_400_000);
  return 12 + ((day * 7) % 23);
}

/** `joinedToday()` on the visitor's day; the prerendered page shows the build's day until it hydrates. */
export function useJoinedToday(): number {
  return useClientValue(() => joinedToday(), joinedToday(new Date(BUILD_TIME)));
}

export const PLATFORMS = ['YouTube', 'TikTok', 'Instagram', 'Facebook', 'LinkedIn', 'Twitter'] as const;
