/**
 * A tab left open across a deploy still runs the previous build: the next page it opens asks for a
 * chunk the server no longer has (a 404, platform/src/http/http-app.ts), and the dynamic import
 * fails. Vite reports it as `vite:preloadError`; the page is then loaded again, which brings the
 * new build and opens the page the visitor was going to. Once only: a chunk missing from the new
 * build too is left to the route's error boundary ("Reload page") instead of reloading for ever, and
 * so is a chunk lost to a dropped connection: reloading offline would trade the app for the browser's
 * error page.
 */

/** Marks the load a stale chunk caused, with its time (sessionStorage: this tab only). */
export const STALE_RELOAD_KEY = 'stale-build-reload';
/** A failure this soon after such a reload is not a stale build: it is shown, not reloaded again. */
export const STALE_RELOAD_GRACE_MS = 60_000;

interface Options {
  reload?: () => void;
  /** Whether the browser has a network (navigator.onLine). */
  online?: () => boolean;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
}

function sessionStore(): Options['storage'] {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Listens for a failed chunk and reloads the page once for it; returns the way to stop listening. */
export function reloadOnStaleBuild({ reload = () => window.location.reload(), online = () => navigator.onLine !== false, storage: given, now = Date.now }: Options = {}): () => void {
  // The tab's storage is opened at the first failure, not as the page starts: opening it cost the
  // page's first script ~10 ms. What it held then is what it held as the page loaded: only a
  // failure writes to it, just before the page goes.
  let opened: { storage: Options['storage']; reloadedAt: number } | undefined;
  const onFailedChunk = (event: Event) => {
    if (!opened) {
      const tabStorage = given === undefined ? sessionStore() : given;
      opened = { storage: tabStorage, reloadedAt: Number(tabStorage?.getItem(STALE_RELOAD_KEY) ?? Number.NaN) };
    }
    const { storage, reloadedAt } = opened;
    // Without storage a reload could not tell it had been tried: show the error instead.
    if (!storage || !online()) return;
    if (now() - reloadedAt < STALE_RELOAD_GRACE_MS) return;
    try {
      storage.setItem(STALE_RELOAD_KEY, String(now()));
    } catch {
      return;
    }
    // The page is going away: the failed import need not reach the error boundary.
    event.preventDefault();
    reload();
  };
  window.addEventListener('vite:preloadError', onFailedChunk);
  return () => window.removeEventListener('vite:preloadError', onFailedChunk);
}
