import { useCallback } from 'react';
import { useClientValue } from './client-value';

/** Whether the browser answers a media query with yes now (never on the server, nor without `matchMedia`). */
export function mediaMatches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Calls `change` whenever the browser's answer to a media query changes; returns the unsubscribe. */
export function onMediaChange(query: string, change: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener?.('change', change);
  return () => list.removeEventListener?.('change', change);
}

/**
 * A media query's answer as a render value (lib/client-value): no while a prerendered page is taken
 * over and on the server, the browser's answer from then on, following its changes.
 */
export function useMediaQuery(query: string): boolean {
  const matches = useCallback(() => mediaMatches(query), [query]);
  const subscribe = useCallback((change: () => void) => onMediaChange(query, change), [query]);
  return useClientValue(matches, false, subscribe);
}
