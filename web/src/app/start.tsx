import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { readToken } from '../lib/storage';
import { beginHydration } from '../lib/client-value';
import { SESSION_STATE_ID, SESSION_TOKEN_MARK, setHydratingAt, tokenSubject, type SessionPageState } from '../lib/server-session';
import { prefetchRoute, preloadRoute, preloadRouteInTurn } from './router';
import { keepMeasuringTextareaOutOfTabOrder } from '../lib/measuring-textarea';
import { nextTask, waitAtMost } from '../lib/waiting';

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
  keepMeasuringTextareaOutOfTabOrder();
  const root = document.getElementById('root')!;
  const path = window.location.pathname;
  if (root.hasAttribute('data-session')) {
    // A page the server drew for its visitor, with the answers it was drawn from: React takes it
    // over as drawn, from those answers, once its chunks are in. For another session than the one
    // stored here (signed out, or in as someone else, in another tab), the page is drawn anew.
    const token = readToken();
    const state = takeSessionState(token);
    const sameUser = state !== null && tokenSubject(token) === state.userId;
    const render = async () => {
      if (!sameUser) {
        await preloadRouteInTurn(path);
        startTransition(() => createRoot(root).render(<App />));
        return;
      }
      const { startFromSessionState, getAppStore } = await import('./routes/app-root');
      startFromSessionState({ api: state.api });
      setHydratingAt(state.renderedAt);
      await preloadRouteInTurn(path);
      // What the first render would otherwise do in one go, each in a task of its own: the store
      // (with the page's answers), then the antd theme.
      getAppStore();
      await nextTask();
      await prepareTheme();
      beginHydration();
      startTransition(() => void hydrateRoot(root, <App />, { onRecoverableError: reportHydrationMismatch }));
    };
    void render().catch(() => startTransition(() => createRoot(root).render(<App />)));
  } else if (root.hasAttribute('data-shell')) {
    const firstReads = preloadRouteInTurn(path).then(() => waitAtMost(prefetchRoute(path), FIRST_READS_WAIT_MS));
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
    // The skeleton is a dashboard page's, drawn in the antd theme: worked out first, in short tasks.
    void firstReads.then(prepareTheme).then(render, render);
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

/** The longest the page's first render waits for the antd theme to be worked out ahead of it. */
const THEME_WAIT_MS = 1000;

/**
 * The antd theme worked out ahead of the page's first render (`prepareAntdTheme`), in short tasks;
 * the page renders after THEME_WAIT_MS whatever becomes of it (its render then works it out).
 */
async function prepareTheme(): Promise<void> {
  const { prepareAntdTheme } = await import('../components/antd-provider');
  await waitAtMost(prepareAntdTheme(), THEME_WAIT_MS);
}

/**
 * The state of a page the server drew for its visitor, with the session's `token` where the page
 * marks it (its script is removed: it is read once).
 */
function takeSessionState(token: string | null): SessionPageState | null {
  const script = document.getElementById(SESSION_STATE_ID);
  script?.remove();
  if (!token) return null;
  try {
    const state = JSON.parse((script?.textContent ?? 'null').replaceAll(SESSION_TOKEN_MARK, token)) as SessionPageState | null;
    return state && typeof state.userId === 'string' && typeof state.renderedAt === 'number' ? state : null;
  } catch {
    return null;
  }
}

/**
 * React drew part of the page anew because it did not match the server's HTML: the page is right,
 * only drawn twice. Kept out of the console's errors, which tell of faults.
 */
function reportHydrationMismatch(error: unknown): void {
  console.warn('The page was drawn again in the browser:', error instanceof Error ? error.message : error);
}
