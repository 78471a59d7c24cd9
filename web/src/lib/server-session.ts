/**
 * A signed-in page rendered on the server for its visitor (entry-server's `renderForSession`, run
 * by the web server in a worker thread, one page at a time): whose session it is, where the API
 * answers, and the moment the page was drawn. Reading the token (lib/storage), the base query
 * (lib/api) and the page's clock (`pageClock`) consult it there; in the browser there is none.
 */
export interface ServerSession {
  token: string;
  /** The server's own origin (`http://127.0.0.1:3000`): the API answers there, as it does the browser. */
  origin: string;
  /** When the page is drawn (ms since the epoch). */
  now: number;
  /** Ends every read the render sends, at its deadline. */
  signal?: AbortSignal;
}

let current: ServerSession | null = null;

export function setServerSession(session: ServerSession | null): void {
  current = session;
}

export function serverSession(): ServerSession | null {
  return current;
}

/**
 * The state a page rendered for its visitor carries (a script of type application/json in its
 * HTML): the store's answers and when the page was drawn. The browser takes the page over with
 * them (app/start.tsx), so that its first render draws what the server drew.
 */
export interface SessionPageState {
  api: unknown;
  renderedAt: number;
  /** The user the page was drawn for: the browser takes it over only for a session of the same user. */
  userId: string;
}

/** Where the session's token stood in a page's state (the browser puts back its own): the page never names it. */
export const SESSION_TOKEN_MARK = '{{session-token}}';

/** The id of the script holding a page's `SessionPageState`. */
export const SESSION_STATE_ID = 'session-state';

let hydratingAt: number | null = null;

/** The browser is taking over a page the server drew at `renderedAt` (null once it has). */
export function setHydratingAt(renderedAt: number | null): void {
  hydratingAt = renderedAt;
}

/**
 * "Now" for a component's first render: when the page was drawn, on the server and while the browser
 * takes that page over (so that both word "today" alike); the browser's clock otherwise. A component
 * that shows the time follows the browser's clock once mounted.
 */
export function pageClock(): number {
  return current?.now ?? hydratingAt ?? Date.now();
}

/** The user a session token names (its `sub`), read from the token without checking it; null when it names none. */
export function tokenSubject(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
