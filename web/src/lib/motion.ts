import { mediaMatches, useMediaQuery } from './media-query';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked the system for reduced motion: nothing should move or play by itself. */
export function prefersReducedMotion(): boolean {
  return mediaMatches(REDUCED_MOTION);
}

/** `prefersReducedMotion()` as a render value, safe for prerendered pages (false until hydrated), following changes. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION);
}
