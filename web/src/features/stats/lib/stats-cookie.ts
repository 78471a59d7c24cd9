import type { VideoStats } from '@app/domain';
import { getCookie, setCookie } from '../../../lib/cookies';

/** Cookie holding the last stats answer; seeds the counter's first render (spec sections 3 and 9). */
export const STATS_COOKIE = 'videoStats';
export const STATS_COOKIE_MAX_AGE = 2592000; // 30 days in seconds

export function readStatsCookie(): VideoStats | null {
  const raw = getCookie(STATS_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<VideoStats>;
    if (typeof parsed.monthlyCount !== 'number' || typeof parsed.planLimit !== 'number') return null;
    return { monthlyCount: parsed.monthlyCount, planLimit: parsed.planLimit, total: typeof parsed.total === 'number' ? parsed.total : 0 };
  } catch {
    return null;
  }
}

export function writeStatsCookie(stats: VideoStats): void {
  const value = JSON.stringify({ monthlyCount: stats.monthlyCount, total: stats.total, planLimit: stats.planLimit });
  setCookie(STATS_COOKIE, value, { maxAge: STATS_COOKIE_MAX_AGE });
}

/** videos left = planLimit minus monthlyCount (spec section 9), never below zero. */
export function videosLeft(stats: Pick<VideoStats, 'planLimit' | 'monthlyCount'>): number {
  return Math.max(0, stats.planLimit - stats.monthlyCount);
}
