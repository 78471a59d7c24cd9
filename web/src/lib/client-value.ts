import { useSyncExternalStore } from 'react';

declare const __BUILD_TIME__: number | undefined;

/**
 * When the app was built (vite `define`): the moment the public pages were prerendered. Under jest,
 * where nothing is defined, the time the module loaded.
 */
export const BUILD_TIME: number = typeof __BUILD_TIME__ === 'number' ? __BUILD_TIME__ : Date.now();

const neverChanges = (_change: () => void) => () => undefined;

/**
 * A value that depends on the visitor's clock or browser (today's date, a media query), for a page
 * that was prerendered at build time: the server's HTML and the first client render (hydration) use
 * `atBuild`, so they match, and React renders again with `inBrowser()` right after hydrating.
 * `inBrowser` must return the same primitive until it really changes.
 */
export function useClientValue<T extends string | number | boolean | null>(inBrowser: () => T, atBuild: T, subscribe: (change: () => void) => () => void = neverChanges): T {
  return useSyncExternalStore(subscribe, inBrowser, () => atBuild);
}

/** False while React hydrates a prerendered page (and on the server), true from then on. */
export function useHydrated(): boolean {
  return useClientValue(() => true, false);
}
