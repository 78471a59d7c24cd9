import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { readToken } from '../lib/storage';
import { beginHydration } from '../lib/client-value';
import { prefetchRoute, preloadRoute, preloadRouteInTurn } from './router';

/** The longest a signed-in page's first render waits for its first reads (its skeleton shows meanwhile). */
export const FIRST_READS_WAIT_MS = 1000;

/**
 * Starts the app on the page's HTML. A public page was prerendered as it is: React takes over that
 * HTML (hydration) once the page's chunks are in. A signed-in page was prerendered as a skeleton
 * (`data-shell`: the dashboard's frame and the page's loading state, drawn without a user). Its
 * chunks run one after the other, its first reads are asked for (their answers waited for up to
 * FIRST_READS_WAIT_MS), then the app takes the skeleton over or, for a page whose first screen
 * needs data, draws the page in its place, opening on its content rather than on a loading state
 * that moves as answers arrive. Both yield to the browser as they go (a transition), so a tap or a
 * scroll meanwhile is not kept waiting. Any other page (no HTML of its own) renders from scratch.
 * A chunk that fails to arrive is the route boundary's to report.
 */
export function start(): void {
  const root = document.getElementById('root')!;
  const path = window.location.pathname;
  if (root.hasAttribute('data-shell')) {
    const firstReads = preloadRouteInTurn(path).then(() => Promise.race([prefetchRoute(path), new Promise((resolve) => setTimeout(resolve, FIRST_READS_WAIT_MS))]));
    // A skeleton that is the page's first screen in full (`data-hydrate`), for a visitor with a
    // session: React takes that HTML over, drawing it as the build did, then the visitor's own
    // (user, counter, the frame for this width). Any other: the page is drawn in its place.
    const hydrate = root.hasAttribute('data-hydrate') && readToken() !== null;
    const render = hydrate
      ? () => {
          beginHydration();
          startTransition(() => void hydrateRoot(root, <App />));
        }
      : () => startTransition(() => createRoot(root).render(<App />));
    void firstReads.then(render, render);
  } else if (root.firstElementChild) {
    const hydrate = () => {
      beginHydration();
      hydrateRoot(root, <App />);
    };
    void preloadRoute(path).then(hydrate, hydrate);
  } else {
    createRoot(root).render(<App />);
  }
}
