import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Request, Response } from 'express';
import type { Logger } from '../logging/logger';
import { metrics } from '../observability/metrics';
import { cookieOf } from './cookies';
import { acceptedEncoding, encodePage, sendPage } from './html-answers';

declare module 'express-serve-static-core' {
  interface Locals {
    /** This answer depends on the session cookie (a page the server may draw for its visitor). */
    variesByCookie?: boolean;
  }
}

/** The cookie a signed-in browser sends with the dashboard's pages: its session token (web/src/lib/storage.ts). */
export const SESSION_COOKIE = 'rp_session';

/** The longest a visitor's page may take to be drawn with their data before its skeleton goes out instead. */
export const SESSION_PAGE_DEADLINE_MS = 400;
/** Pages waiting to be drawn beyond which the next gets its skeleton at once (one is drawn at a time). */
export const SESSION_PAGES_WAITING_MAX = 4;

export interface SessionPagesOptions {
  /** The built web app (web/dist); its server build is web/dist-ssr/entry-server.mjs. */
  webDist: string;
  logger: Logger;
  deadlineMs?: number;
  waitingMax?: number;
}

/** How long after the server starts the worker loads the web app's server build. */
const WARM_UP_AFTER_MS = 1000;

/** The web app's server build's answer (web/src/entry-server.tsx, `renderForSession`). */
interface SessionPage {
  html: string;
  state: string;
  antdCss: string;
  /** Style elements antd would write into the head itself (its CSS variables), written already. */
  antdVars?: string;
}

interface Answer {
  id: number;
  page?: SessionPage | null;
  error?: string;
}

/**
 * The signed-in pages drawn for their visitor, with their data, so that the browser paints the
 * visitor's page from the HTML instead of a skeleton that waits for the app's code and its reads.
 * A browser holding a session sends its token as a cookie with the dashboard's pages; the web app's
 * server build asks the API for the page's first reads with it, at this server's own address (the
 * API checks the token as it checks every request), and renders the page. It runs in a worker
 * thread, one page at a time, never on this process's event loop. Whatever keeps a page from being
 * drawn in time (no server build, a refused token, a slow API, a queue of pages) sends its
 * skeleton, as before. A drawn page is the visitor's own: never stored by a cache.
 */
export function sessionPages({ webDist, logger, deadlineMs = SESSION_PAGE_DEADLINE_MS, waitingMax = SESSION_PAGES_WAITING_MAX }: SessionPagesOptions) {
  const entry = join(dirname(webDist), 'dist-ssr', 'entry-server.mjs');
  const available = existsSync(entry);
  const log = logger.child({ category: 'session-pages' });
  let worker: Worker | null = null;
  let closed = false;
  const pending = new Map<number, (page: SessionPage | null) => void>();
  let nextId = 1;

  const settleAll = () => {
    for (const resolve of pending.values()) resolve(null);
    pending.clear();
  };
  const start = (): Worker => {
    // React's production build: the development one renders several times slower, checking as it goes.
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry }, env: { ...process.env, NODE_ENV: 'production' } });
    started.unref();
    started.on('message', (answer: Answer) => {
      const resolve = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.error) log.warn({ error: answer.error }, 'a page could not be drawn for its visitor');
      resolve?.(answer.page ?? null);
    });
    started.on('error', (error) => {
      log.error({ err: error }, 'the session pages worker failed');
      worker = null;
      settleAll();
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      settleAll();
    });
    return started;
  };

  /** The page drawn for its visitor, or null (the skeleton goes out), counted by outcome in /metrics. */
  const draw = (path: string, token: string, origin: string): Promise<SessionPage | null> => {
    if (closed) return Promise.resolve(null);
    if (pending.size >= waitingMax) {
      metrics.sessionPages.inc({ outcome: 'busy' });
      return Promise.resolve(null);
    }
    worker ??= start();
    const id = nextId++;
    const started = process.hrtime.bigint();
    const drawn = new Promise<SessionPage | null>((resolve) => pending.set(id, resolve));
    worker.postMessage({ id, render: { path, token, origin, deadlineMs } });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(resolve, deadlineMs, 'late');
    });
    return Promise.race([drawn, late]).then((page) => {
      clearTimeout(timer);
      if (page === 'late') {
        metrics.sessionPages.inc({ outcome: 'late' });
        return null;
      }
      metrics.sessionPages.inc({ outcome: page ? 'drawn' : 'skeleton' });
      if (page) metrics.sessionPageDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
      return page;
    });
  };

  // Started soon after the server, not with a visitor's first page: loading the app's server build
  // takes longer than a page may wait.
  const warmUp = available ? setTimeout(() => void (worker ??= start()), WARM_UP_AFTER_MS).unref() : undefined;

  const templates = new Map<string, { version: number; html: Promise<string> }>();
  const template = async (file: string): Promise<string> => {
    const version = (await stat(file)).mtimeMs;
    let known = templates.get(file);
    if (!known || known.version !== version) {
      known = { version, html: readFile(file, 'utf8') };
      templates.set(file, known);
    }
    return known.html;
  };

  return {
    /**
     * Answer the request with its page drawn for the session its cookie holds (`skeletonFile`: the
     * page's HTML as built, whose root it fills); false when it is not drawn (the caller sends the
     * skeleton, which `vary` marks as depending on the cookie too).
     */
    async serve(req: Request, res: Response, skeletonFile: string): Promise<boolean> {
      if (!available || req.method !== 'GET') return false;
      const token = cookieOf(req.headers.cookie, SESSION_COOKIE);
      if (!token) return false;
      const page = await draw(req.path, token, ownOrigin(req));
      if (!page) return false;
      const html = fillRoot(await template(skeletonFile), page);
      if (!html) return false;
      // Compressed here, for this one answer (the gateway has no compressor of its own for pages).
      const encoding = acceptedEncoding(req);
      res.vary('cookie');
      sendPage(res, await encodePage(Buffer.from(html, 'utf8'), encoding), encoding, 'no-store');
      return true;
    },
    /** Every answer for a path the server may draw for its visitor depends on the cookie. */
    vary(res: Response): void {
      if (!available) return;
      res.vary('cookie');
      // Kept for the static files' handler, which sets its own Vary afresh (http-app.ts).
      res.locals.variesByCookie = true;
    },
    close: async (): Promise<void> => {
      closed = true;
      clearTimeout(warmUp);
      await worker?.terminate();
      worker = null;
    },
  };
}

export type SessionPages = ReturnType<typeof sessionPages>;

/**
 * The page as built with the drawn page in its root, the state it was drawn from beside it, and
 * its antd styles ahead of the page's stylesheets (whose rules win, as in the app); null when the
 * page has no root. The skeleton asks for the app's chunks at once, while it waits for its data; a
 * drawn page has its data, and its chunks would only compete with its first paint (the browser
 * compiles what it preloads): they move to the root's `data-chunks`, which the page's first script
 * asks for once the page is painted (web/src/main.tsx).
 */
export function fillRoot(page: string, { html, state, antdCss, antdVars = '' }: SessionPage): string | null {
  const chunks: string[] = [];
  page = page.replace(LOW_PRIORITY_PRELOAD, (_link, href: string) => {
    chunks.push(href);
    return '';
  });
  const open = page.indexOf('<div id="root"');
  const close = page.lastIndexOf('</div>', page.lastIndexOf('</body>'));
  const sheets = page.indexOf('<link rel="stylesheet"');
  if (open < 0 || close < open || sheets < 0 || sheets > open) return null;
  // Live at once, unlike the skeleton: its links work, a screen reader reads it, and a tap on one of
  // its controls before the app has taken it over is held for the app (web/src/lib/early-interactions.ts).
  const root = `<div id="root" data-session=""${chunks.length ? ` data-chunks="${chunks.join(' ')}"` : ''}>`;
  // The CSS variables the skeleton's head holds already (its theme's, its components') go out once.
  const head = page.slice(0, sheets);
  const vars = antdVars.replace(CSS_VAR_ELEMENT, (element, id: string) => (head.includes(`data-css-hash="${id}"`) ? '' : element));
  return `${head}<style>${antdCss}</style>${vars}\n    ${page.slice(sheets, open)}${root}${html}</div>\n    <script type="application/json" id="session-state">${state}</script>${page.slice(close + '</div>'.length)}`;
}

/** One of antd's style elements of CSS variables, named by its id. */
const CSS_VAR_ELEMENT = /<style[^>]*\sdata-css-hash="([^"]+)"[^>]*>[^<]*<\/style>/g;

/** A skeleton's preload of one of the app's chunks (web/scripts/prerender.mjs), with the white space before it. */
const LOW_PRIORITY_PRELOAD = /\s*<link fetchpriority="low" rel="modulepreload" crossorigin href="([^"]+)" \/>/g;

/** This server as the request reached it, for the worker's reads to reach it the same way (loopback when it listens on every address). */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address === '::' || address === '0.0.0.0' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/** What the worker thread runs: the web app's server build, one page after the other. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const server = import(pathToFileURL(workerData.entry).href);
// Ready before the first page: the build loaded and its first render's costs paid (warmUp).
let turn = server.then((built) => built.warmUp && built.warmUp(), () => undefined);
parentPort.on('message', (job) => {
  turn = turn.then(async () => {
    try {
      const { renderForSession } = await server;
      parentPort.postMessage({ id: job.id, page: await renderForSession(job.render) });
    } catch (error) {
      parentPort.postMessage({ id: job.id, error: error && error.message ? error.message : String(error) });
    }
  });
});
`;
