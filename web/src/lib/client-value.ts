import { startTransition, useEffect, useRef, useState } from 'react';

declare const __BUILD_TIME__: number | undefined;

/**
 * When the app was built (vite `define`): the moment the public pages were prerendered. Under jest,
 * where nothing is defined, the time the module loaded.
 */
export const BUILD_TIME: number = typeof __BUILD_TIME__ === 'number' ? __BUILD_TIME__ : Date.now();

const neverChanges = (_change: () => void) => () => undefined;

/** Whether the page is one React took over from prerendered HTML (app/start.tsx), until the visitor leaves it. */
let hydrating = false;

/** The app is about to take the page's prerendered HTML over: browser values wait until it has. */
export function beginHydration(): void {
  hydrating = true;
}

/** Whether React is taking over the page the visitor opened on (from `beginHydration` until they leave it). */
export function takingOverPage(): boolean {
  return hydrating;
}

/**
 * The visitor has moved to another page (app/routes/root.tsx): components mounted from now on read
 * the browser at once. Not at the first commit: a part of the page whose code arrives later is
 * taken over from its HTML later (selective hydration), and must start from the same values.
 */
export function endHydration(): void {
  hydrating = false;
}

/**
 * A value that depends on the visitor's clock or browser (today's date, a media query), for a page
 * that was prerendered at build time: the server's HTML and the first client render (hydration) use
 * `atBuild`, so they match, and the browser's value follows right after hydrating. That second
 * render is a transition: the browser keeps answering while it runs, instead of one long task
 * (React renders a `useSyncExternalStore` value that differs from its server snapshot at once, and
 * on a phone that re-drew the dashboard's whole frame in a task of 150 ms and more). A component
 * mounted on a later page, or on a page not prerendered, reads `inBrowser()` from its first render;
 * one mounted on the prerendered page after it was taken over (a dialog) starts from `atBuild` too,
 * and follows at once.
 * `inBrowser` must return the same primitive until it really changes.
 */
export function useClientValue<T extends string | number | boolean | null>(inBrowser: () => T, atBuild: T, subscribe: (change: () => void) => () => void = neverChanges): T {
  const [value, setValue] = useState<T>(() => (typeof window === 'undefined' || hydrating ? atBuild : inBrowser()));
  const read = useRef(inBrowser);
  read.current = inBrowser;
  useEffect(() => {
    const follow = () => startTransition(() => setValue(read.current()));
    follow();
    return subscribe(follow);
  }, [subscribe]);
  return value;
}

const onClient = () => true;

/** False while React hydrates a prerendered page (and on the server), true from then on. */
export function useHydrated(): boolean {
  return useClientValue(onClient, false);
}
