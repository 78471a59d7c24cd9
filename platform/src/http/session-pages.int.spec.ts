import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Router } from 'express';
import request from 'supertest';
import { createLogger } from '../logging/logger';
import { createHttpApp, type HttpApp } from './http-app';
import { fillRoot } from './session-pages';

const SKELETON = '<!doctype html><html><head><title>Dashboard</title><link rel="stylesheet" href="/assets/antd.css" /><link rel="stylesheet" href="/assets/app.css" /></head><body><div id="root" data-shell="" inert=""><p>Loading…</p></div></body></html>';

/**
 * A built web app whose server build (dist-ssr/entry-server.mjs) draws a page as `renderForSession`
 * is written here: the real one is the web app's (its browser test is tests/e2e/session-pages.e2e.spec.ts).
 */
function builtWebApp(renderForSession: string): string {
  const web = mkdtempSync(join(tmpdir(), 'web-'));
  const dist = join(web, 'dist');
  mkdirSync(join(dist, 'pages'), { recursive: true });
  mkdirSync(join(web, 'dist-ssr'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'pages', 'dashboard.html'), SKELETON);
  // Compressed copies, as the build makes them (infra/scripts/precompress.mjs).
  writeFileSync(join(dist, 'pages', 'dashboard.html.br'), brotliCompressSync(SKELETON));
  writeFileSync(join(dist, 'pages', 'dashboard.html.gz'), gzipSync(SKELETON));
  writeFileSync(join(dist, 'pages', 'manifest.json'), JSON.stringify({ '/dashboard': 'pages/dashboard.html', '/dashboard/billing': 'pages/dashboard.html' }));
  writeFileSync(join(dist, 'pages', 'routes.json'), JSON.stringify(['/dashboard', '/dashboard/billing', '/login']));
  // The pages drawn for their visitor (web/scripts/prerender.mjs): the dashboard, not billing.
  writeFileSync(join(dist, 'pages', 'session-routes.json'), JSON.stringify(['/dashboard']));
  writeFileSync(join(web, 'dist-ssr', 'entry-server.mjs'), `export const renderForSession = ${renderForSession};\n`);
  return dist;
}

const apps: HttpApp[] = [];
// Each app's page-drawing worker stops with the file (left running, it holds jest open).
afterAll(async () => {
  await Promise.all(apps.splice(0).map((app) => app.stopWorkers()));
});

/** An app serving that build, and an API that names the bearer of a token, as the real one checks it. */
function appFor(renderForSession: string) {
  const api = Router();
  api.get('/api/auth/me', (req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token !== 'ada-token' && token !== 'bea-token') return void res.status(401).json({ error: 'Unauthorized' });
    res.json({ name: token === 'ada-token' ? 'Ada' : 'Bea' });
  });
  const app = createHttpApp({ logger: createLogger('test', { level: 'silent' }), routers: [api], webDist: builtWebApp(renderForSession) });
  apps.push(app);
  return app;
}

/** Draws the page from the API's answer for the session, as the web app's server build does (its reads at the server's own origin). */
const ASKS_THE_API = `async ({ path, token, origin }) => {
  const me = await fetch(origin + '/api/auth/me', { headers: { authorization: 'Bearer ' + token } });
  if (!me.ok) return null;
  const { name } = await me.json();
  return { html: '<h1>Welcome back, ' + name + '!</h1><p>' + path + '</p>', state: JSON.stringify({ name }), antdCss: '.ant-card{color:red}' };
}`;

describe('Signed-in pages drawn for their visitor', () => {
  jest.setTimeout(30_000);
  const app = appFor(ASKS_THE_API);
  const withSession = (token?: string) => request(app).get('/dashboard').set('cookie', token ? `theme=dark; rp_session=${token}` : 'theme=dark');

  /** The first page waits for the worker to load the build (the server starts it a second after it starts). */
  beforeAll(async () => {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(await withSession('ada-token')).text.includes('data-session')) await new Promise((r) => setTimeout(r, 200));
  });

  it("sends the visitor's page, drawn with the API's answers for their session, to them alone and for no cache", async () => {
    const ada = await withSession('ada-token').expect(200);
    expect(ada.text).toContain('<div id="root" data-session=""><h1>Welcome back, Ada!</h1><p>/dashboard</p></div>');
    expect(ada.text).toContain('<script type="application/json" id="session-state">{"name":"Ada"}</script>');
    // Its antd styles before the page's stylesheets, whose rules win.
    expect(ada.text.indexOf('<style>.ant-card{color:red}</style>')).toBeLessThan(ada.text.indexOf('/assets/antd.css'));
    expect(ada.headers['cache-control']).toBe('no-store');
    expect(ada.headers.vary).toMatch(/cookie/i);
    const bea = await withSession('bea-token').expect(200);
    expect(bea.text).toContain('Welcome back, Bea!');
    expect(bea.text).not.toContain('Ada');
  });

  it('sends it compressed, as the browser accepts', async () => {
    const page = await withSession('ada-token').set('accept-encoding', 'br').expect(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.text).toContain('Welcome back, Ada!');
  });

  it('sends the skeleton without a session, or for one the API refuses, marked as depending on the cookie', async () => {
    for (const token of [undefined, 'stolen-token']) {
      const page = await withSession(token).expect(200);
      expect(page.text).toContain('data-shell=""');
      expect(page.text).not.toContain('data-session');
      expect(page.headers.vary).toMatch(/cookie/i);
    }
  });

  it('never draws a page that is not a signed-in one', async () => {
    const login = await request(app).get('/login').set('cookie', 'rp_session=ada-token').expect(200);
    expect(login.text).not.toContain('data-session');
  });

  it('sends a signed-in page the build does not draw for its visitor as its skeleton, without asking the worker', async () => {
    const billing = await request(app).get('/dashboard/billing').set('cookie', 'rp_session=ada-token').expect(200);
    expect(billing.text).toContain('data-shell=""');
    expect(billing.text).not.toContain('data-session');
    // Its answer does not depend on the cookie.
    expect(billing.headers.vary ?? '').not.toMatch(/cookie/i);
  });
});

describe('A signed-in page the server cannot draw in time', () => {
  jest.setTimeout(30_000);

  it('goes out as its skeleton at the deadline, and so does every page while the queue is full', async () => {
    // A build that takes 5 s a page: each visitor gets the skeleton at the deadline (400 ms), not 5 s later.
    const app = appFor('async () => { await new Promise((r) => setTimeout(r, 5000)); return { html: "late", state: "{}", antdCss: "" }; }');
    await new Promise((r) => setTimeout(r, 1500));
    const started = Date.now();
    const pages = await Promise.all(Array.from({ length: 6 }, () => request(app).get('/dashboard').set('cookie', 'rp_session=ada-token')));
    const took = Date.now() - started;
    for (const page of pages) expect(page.text).toContain('data-shell=""');
    expect(took).toBeLessThan(3000);
  });

  it('goes out as its skeleton when the build fails to draw it', async () => {
    const app = appFor('async () => { throw new Error("window is not defined"); }');
    const page = await request(app).get('/dashboard').set('cookie', 'rp_session=ada-token').expect(200);
    expect(page.text).toContain('data-shell=""');
  });
});

describe('The pieces of a drawn page', () => {
  it('fills the root of the built page, and refuses a page without one', () => {
    const page = fillRoot(SKELETON, { html: '<h1>Hi</h1>', state: '{}', antdCss: '.a{}' });
    expect(page).toBe(
      '<!doctype html><html><head><title>Dashboard</title><style>.a{}</style>\n    <link rel="stylesheet" href="/assets/antd.css" /><link rel="stylesheet" href="/assets/app.css" /></head><body><div id="root" data-session=""><h1>Hi</h1></div>\n    <script type="application/json" id="session-state">{}</script></body></html>',
    );
    expect(fillRoot('<html><body></body></html>', { html: '', state: '{}', antdCss: '' })).toBeNull();
  });

  it("sends each of antd's CSS variable elements once: the skeleton's head keeps its own, the page adds the others", () => {
    const vars = (id: string) => `<style data-rc-order="prependQueue" data-token-hash="css-var-app" data-css-hash="${id}">.css-var-app.${id}{--x:1}</style>`;
    const skeleton = SKELETON.replace('<link rel="stylesheet"', `${vars('theme')}${vars('btn')}\n    <link rel="stylesheet"`);
    const page = fillRoot(skeleton, { html: '<h1>Hi</h1>', state: '{}', antdCss: '.a{}', antdVars: vars('theme') + vars('card') })!;
    expect([...page.matchAll(/data-css-hash="(\w+)"/g)].map(([, id]) => id)).toEqual(['theme', 'btn', 'card']);
  });

  it("names the skeleton's preloaded chunks on the root instead, for the page to ask for once it is painted", () => {
    const preloading = SKELETON.replace(
      '</head>',
      '\n    <link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/start-1.js" />\n    <link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/page-2.js" />\n  </head>',
    );
    const page = fillRoot(preloading, { html: '<h1>Hi</h1>', state: '{}', antdCss: '' })!;
    expect(page).not.toContain('modulepreload');
    expect(page).toMatch(/<link rel="stylesheet" href="\/assets\/app.css" \/>\s*<\/head>/);
    expect(page).toContain('<div id="root" data-session="" data-chunks="/assets/start-1.js /assets/page-2.js"><h1>Hi</h1></div>');
  });
});
