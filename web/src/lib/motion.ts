import { useClientValue } from './client-value';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked the system for reduced motion: nothing should move or play by itself. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

function onMotionPreference(change: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener?.('change', change);
  return () => query.removeEventListener?.('change', change);
}

/** `prefersReducedMotion()` as a render value, safe for prerendered pages (false until hydrated), following changes. */
export function usePrefersReducedMotion(): boolean {
  return useClientValue(prefersReducedMotion, false, onMotionPreference);
}
