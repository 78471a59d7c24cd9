/**
 * The page's first script, kept small: it sends a signed-in page's first reads (lib/early-requests),
 * lets the browser paint the page's HTML (prerendered at build time), then loads the app and starts
 * it (app/start). The page's HTML names the app's chunks, so that they download meanwhile, or (a
 * signed-in page whose HTML is its first screen in full, `data-chunks`) lists them for this
 * script to ask for once the page is painted.
 */
import { storeReferralFromSearch } from './lib/cookies';
import { holdEarlyInteractions } from './lib/early-interactions';
import { sendEarlyReads } from './lib/early-requests';
import { readToken, syncSessionCookie } from './lib/storage';
import { isVideoPage } from './config/paths';
import { reloadOnStaleBuild } from './lib/stale-build';
import './styles/global.css';

// zod (the forms' shared schemas, in chunks loaded later) probes `new Function` once to parse
// faster; the content security policy forbids it, and the browser reports the probe as a violation
// though zod catches it. Its global settings, read when it loads, tell it to parse without.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/**
 * A signed-in page's skeleton is no page for a visitor without a session (spec section 2's guard:
 * no token → /login). Rather than draw the dashboard's frame and load the app only for it to go to
 * /login, go there now: its page is prerendered and paints at once. Where they were going is kept
 * as the app's guard keeps it (the history entry's state), so signing in takes them there.
 */
function leaveForLogin(root: HTMLElement) {
  root.hidden = true;
  const from = window.location.pathname + window.location.search;
  window.history.replaceState({ usr: { from }, key: 'default', idx: 0 }, '', '/login');
  window.location.reload();
}

// A chunk of an earlier build, gone since a deploy: the page loads again, once (lib/stale-build).
reloadOnStaleBuild();

// An affiliate's ?fpr= is kept at once, before the app loads: a visitor who leaves sooner still counts.
storeReferralFromSearch(window.location.search);
// The session's cookie, for the server to draw the next signed-in page with its data (lib/storage).
syncSessionCookie();
const root = document.getElementById('root');
// A page the server drew for its visitor (`data-session`) holds its first reads already.
const drawnForSession = root?.hasAttribute('data-session') === true;
// A video's page is not guarded: it shows itself to a visitor without a session too (in a bare frame).
const signedOutOnSkeleton = (root?.hasAttribute('data-shell') === true || drawnForSession) && readToken() === null && !isVideoPage(window.location.pathname);
if (signedOutOnSkeleton) leaveForLogin(root!);
else if (!drawnForSession) sendEarlyReads(window.location.pathname);
// A tap or a submit on the page's HTML before the app is there is held for it (lib/early-interactions).
if (root && !signedOutOnSkeleton) holdEarlyInteractions(root);

/**
 * Once the page's first content is on the screen (its `first-contentful-paint` entry, which the
 * browser records when the frame is presented, not when it is drawn), or soon in a tab that is
 * not drawn. Asked for sooner, the app's chunks compete with that first frame: on a loaded phone
 * its presentation waited for them, and the visitor looked at nothing while the page was ready.
 */
function afterFirstPaint(run: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (document.visibilityState === 'hidden' || painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, 250);
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    setTimeout(once, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(once, FIRST_PAINT_WAIT_MAX_MS);
}

/** The longest the app's code waits for the page's first paint. */
const FIRST_PAINT_WAIT_MAX_MS = 1000;

/**
 * Ask for the chunks the page's HTML lists, all at once (the app would find them one layer after the
 * other), each from a task of its own: adding a preload link costs the browser up to a few
 * milliseconds (measured in Chromium 156: 10-45 ms for a page's 23 links in one task, long enough to
 * hold up a tap on the page).
 */
function preloadListedChunks() {
  for (const href of root?.dataset.chunks?.split(' ').filter(Boolean) ?? []) {
    setTimeout(() => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }, 0);
  }
}

if (!signedOutOnSkeleton) {
  afterFirstPaint(() => {
    preloadListedChunks();
    void import('./app/start').then(({ start }) => start());
  });
}
