/**
 * The first reads of a signed-in page, sent by the page's first script (main.tsx) while the app's
 * code is still on its way: the user (GET /api/auth/me), the header's counter and what the page
 * opens with. Without them the page would ask only once its code had arrived and run, one
 * round trip after the other. The base query (lib/api.ts) takes an answer from here instead of
 * asking again: once, for the same session, and only in the first seconds of the page (a later
 * read goes to the server).
 */
import { readToken } from './storage';

/** How long an early answer may stand in for a request of the app's. */
export const EARLY_ANSWER_MS = 10_000;

interface EarlyAnswer {
  token: string;
  sentAt: number;
  answer: Promise<Response>;
}

const sent = new Map<string, EarlyAnswer>();

const DASHBOARD = /^\/dashboard(?:\/|$)/;
const HOME = /^\/dashboard\/?$/;
const VIDEOS = /^\/dashboard\/view\/?$/;
const DETAIL = /^\/dashboard\/view\/([^/]+)\/?$/;

/** The URLs a signed-in page reads first (each as its query asks for it), by the page's path. */
export function firstReadsOf(pathname: string): string[] {
  if (!DASHBOARD.test(pathname)) return [];
  // Every dashboard page: the user (sidebar, guard) and the header's "videos left".
  const reads = ['/api/auth/me', '/api/video/stats'];
  if (HOME.test(pathname)) reads.push('/api/series', '/api/billing/subscription', '/api/video/videos');
  if (VIDEOS.test(pathname)) reads.push('/api/video/videos');
  const detail = DETAIL.exec(pathname);
  if (detail) {
    let id: string | null = null;
    try {
      id = decodeURIComponent(detail[1]);
    } catch {
      /* not a path the app would ask for */
    }
    // The video, and the platforms' link status its SERIES SETTINGS show (most videos have them).
    if (id) reads.push(`/api/video/videoid/${encodeURIComponent(id)}`, '/api/auth/youtube/status', '/api/auth/tiktok/status', '/api/auth/instagram/status');
  }
  return reads;
}

/** Send the page's first reads, when a session is held (no token: the page reads nothing of its own). */
export function sendEarlyReads(pathname: string): void {
  const token = readToken();
  if (!token || typeof fetch !== 'function') return;
  for (const url of firstReadsOf(pathname)) {
    const answer = fetch(url, {
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    // A failure is the taker's to see; one nobody takes is of no interest.
    answer.catch(() => undefined);
    sent.set(url, { token, sentAt: Date.now(), answer });
  }
}

/** The early answer to a GET of `url` for this token, if one was sent and is still fresh; each is taken once. */
export function takeEarlyAnswer(url: string, token: string | null): Promise<Response> | undefined {
  const early = sent.get(url);
  if (!early) return undefined;
  sent.delete(url);
  if (early.token !== token || Date.now() - early.sentAt > EARLY_ANSWER_MS) return undefined;
  return early.answer;
}
