import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Router } from 'express';
import request from 'supertest';
import { createLogger } from '../logging/logger';
import { createHttpApp } from './http-app';

/** A built web app as the build leaves it: an entry script and its brotli and gzip copies. */
function builtWebApp(): { dist: string; script: string } {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head><title>Studio</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`);
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
  // A public page's own copy, named in the manifest the build writes.
  mkdirSync(join(dist, 'pages'));
  // The build leaves {{origin}} where the product's public origin goes (web/scripts/prerender.mjs).
  writeFileSync(join(dist, 'pages', 'login.html'), `<!doctype html><html><head><title>Login</title><link rel="canonical" href="{{origin}}/login" /><meta property="og:url" content="{{origin}}/login" /><meta property="og:image" content="{{origin}}/media/demo.jpg" /></head><body><div id="root">${'<p>Log in</p>'.repeat(100)}</div></body></html>`);
  writeFileSync(join(dist, 'pages', 'view.html'), '<!doctype html><html><head><title>Video</title><link rel="modulepreload" href="/assets/video-detail.js" /></head><body><div id="root"></div></body></html>');
  // A reset link's page and the page of a path outside the app, prerendered (`*`: any path outside the route table).
  writeFileSync(join(dist, 'pages', 'reset.html'), '<!doctype html><html><head><title>Reset password</title></head><body><div id="root"><h1>Reset password</h1></div></body></html>');
  writeFileSync(join(dist, 'pages', 'not-found.html'), '<!doctype html><html><head><title>Page not found</title></head><body><div id="root"><h1>404 Page Not Found</h1></div></body></html>');
  writeFileSync(join(dist, 'pages', 'manifest.json'), JSON.stringify({ '/login': 'pages/login.html', '/dashboard/view/*': 'pages/view.html', '/reset-password/*': 'pages/reset.html', '*': 'pages/not-found.html' }));
  // The app's route table, as the build lists it.
  writeFileSync(join(dist, 'pages', 'routes.json'), JSON.stringify(['/', '/dashboard/billing', '/dashboard/view', '/dashboard/view/:id', '/login', '/reset-password/:resetToken?']));
  execFileSync(process.execPath, [resolve(__dirname, '../../../infra/scripts/precompress.mjs'), dist]);
  return { dist, script };
}

describe('When the web app and the API answer a browser', () => {
  const { dist, script } = builtWebApp();
  const api = Router();
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Video ${i}` })) };
  api.get('/api/big', (_req, res) => void res.json(big));
  api.post('/api/big', (_req, res) => void res.json(big));
  api.get('/api/small', (_req, res) => void res.json({ ok: true }));
  // As the tus uploads do: a wrapper that holds an error's head, through the methods it bound first,
  // and sends it again as JSON at the end.
  api.get('/api/held-error', (req, res) => {
    const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, string | number>) => typeof res;
    const end = res.end.bind(res) as (chunk?: string) => typeof res;
    let held: number | null = null;
    res.writeHead = ((status: number) => {
      if (status < 400) return writeHead(status);
      held = status;
      return res;
    }) as typeof res.writeHead;
    res.end = ((chunk?: string) => {
      if (held === null) return end(chunk);
      const body = JSON.stringify({ error: chunk, padding: req.query.big ? 'x'.repeat(2000) : '' });
      writeHead(held, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      return end(body);
    }) as typeof res.end;
    res.writeHead(404);
    res.end('Upload not found');
  });
  api.get('/api/own-methods', (_req, res) => void res.json(['send', 'write', 'writeHead', 'end'].filter((method) => Object.hasOwn(res, method))));
  const lines = big.items.map((item) => `${JSON.stringify(item)}\n`);
  api.get('/api/export', (_req, res) => {
    res.setHeader('content-type', 'application/x-ndjson');
    for (const line of lines) res.write(line);
    res.end();
  });
  api.get('/api/live', (_req, res) => {
    res.setHeader('content-type', 'text/event-stream');
    res.write(`event: status\ndata: ${'x'.repeat(2000)}\n\n`);
    res.end();
  });
  // A live stream, its head written at once (`?head=1`) or set first, then which of the compressor's methods it holds.
  api.get('/api/live-methods', (req, res) => {
    if (req.query.head) res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    else res.setHeader('content-type', 'text/event-stream');
    res.write('event: status\ndata: {}\n\n');
    res.end(`data: ${JSON.stringify(['write', 'writeHead', 'end', 'on', 'flush'].filter((method) => Object.hasOwn(res, method)))}\n\n`);
  });
  const app = createHttpApp({ logger: createLogger('test', { level: 'silent' }), routers: [api], webDist: dist });

  it('should send an asset as the brotli copy the build made when the browser takes brotli, else gzip, else as it is', async () => {
    const brotli = await request(app).get('/assets/index-abc123.js').set('accept-encoding', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The client decodes it (supertest as a browser would): the bytes are the script's.
    expect(brotli.text).toBe(script);
    expect(Number(brotli.headers['content-length'])).toBeLessThan(script.length / 3);

    const gzip = await request(app).get('/assets/index-abc123.js').set('accept-encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await request(app).get('/assets/index-abc123.js').set('accept-encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it('should send the app page for any deep link, compressed, and never cached without asking', async () => {
    const page = await request(app).get('/dashboard/billing').set('accept-encoding', 'br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="root">');
  });

  it("should compress an answer to a read over 1 KB, not a small one, a command's, or a live status stream", async () => {
    const bigAnswer = await request(app).get('/api/big').set('accept-encoding', 'gzip');
    expect(bigAnswer.headers['content-encoding']).toBe('gzip');
    expect(bigAnswer.body).toEqual(big);
    const small = await request(app).get('/api/small').set('accept-encoding', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toEqual({ ok: true });
    // One written in parts (the analysts' NDJSON export) is compressed too.
    const exported = await request(app).get('/api/export').set('accept-encoding', 'gzip');
    expect(exported.headers['content-encoding']).toBe('gzip');
    expect(exported.text).toBe(lines.join(''));
    expect((await request(app).get('/api/big').set('accept-encoding', 'identity')).headers['content-encoding']).toBeUndefined();
    // A command's answer is never worth compressing.
    const command = await request(app).post('/api/big').set('accept-encoding', 'gzip');
    expect(command.headers['content-encoding']).toBeUndefined();
    expect(command.body).toEqual(big);
    const live = await request(app).get('/api/live').set('accept-encoding', 'gzip, br');
    expect(live.headers['content-encoding']).toBeUndefined();
    expect(live.text).toContain('event: status');
  });

  it("should tag a read's answer, and answer it 304 when asked again with its tag, but not a command's", async () => {
    // Given a read answered once, When it is asked again with the answer's tag, Then it is not sent again
    const read = await request(app).get('/api/small');
    expect(read.headers.etag).toMatch(/^W\/"/);
    const again = await request(app).get('/api/small').set('if-none-match', read.headers.etag);
    expect(again.status).toBe(304);
    const compressed = await request(app).get('/api/big').set('accept-encoding', 'gzip');
    expect(compressed.headers.etag).toMatch(/^W\/"/);
    // When a command answers, Then its answer carries no tag
    const command = await request(app).post('/api/big');
    expect(command.status).toBe(200);
    expect(command.headers.etag).toBeUndefined();
    expect(command.body).toEqual(big);
  });

  it('should answer whole when a handler wraps the answer\'s methods itself (the tus uploads hold an error\'s head and send it as JSON)', async () => {
    for (const path of ['/api/held-error', '/api/held-error?big=1']) {
      const answer = await request(app).get(path).set('accept-encoding', 'gzip');
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: 'Upload not found' });
      const head = await request(app).head(path).set('accept-encoding', 'gzip');
      expect(head.status).toBe(404);
      expect(head.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('should give a small API read none of the compressor\'s methods: they would cost every later use of the answer', async () => {
    const answer = await request(app).get('/api/own-methods').set('accept-encoding', 'gzip, br');
    expect(answer.body).toEqual([]);
  });

  it("should give a live status stream none of the compressor's methods: each open stream would hold them", async () => {
    for (const path of ['/api/live-methods', '/api/live-methods?head=1']) {
      const live = await request(app).get(path).set('accept-encoding', 'gzip, br');
      expect(live.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(live.headers['content-encoding']).toBeUndefined();
      expect({ path, text: live.text }).toEqual({ path, text: 'event: status\ndata: {}\n\ndata: []\n\n' });
    }
  });

  it('should send a public page its own head, and every other route the app page', async () => {
    const login = await request(app).get('/login');
    expect(login.headers['content-type']).toMatch(/^text\/html/);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.text).toContain('<title>Login</title>');
    const other = await request(app).get('/dashboard/billing');
    expect(other.text).toContain('<title>Studio</title>');
    const outside = await request(app).get('/login/elsewhere');
    expect(outside.text).toContain('<title>Page not found</title>');
  });

  it("should name a public page's absolute URL and preview picture at the origin it is served at, compressed as the browser takes", async () => {
    const at = (encoding: string) => request(app).get('/login').set('host', 'studio.example.com').set('accept-encoding', encoding);
    const [br, gz, plain] = [await at('br, gzip'), await at('gzip'), await at('identity')];
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    // The client decodes them (supertest as a browser would): the same page each way, a quarter of it on the wire in brotli.
    const html = plain.text;
    expect([br.text, gz.text]).toEqual([html, html]);
    expect(Number(br.headers['content-length'])).toBeLessThan(html.length / 4);
    expect(html).toContain('<link rel="canonical" href="http://studio.example.com/login" />');
    expect(html).toContain('<meta property="og:url" content="http://studio.example.com/login" />');
    expect(html).toContain('<meta property="og:image" content="http://studio.example.com/media/demo.jpg" />');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    // Revalidated, as the pages are: the same page again is a 304.
    const again = await request(app).get('/login').set('host', 'studio.example.com').set('accept-encoding', 'br').set('if-none-match', br.headers.etag);
    expect(again.status).toBe(304);
  });

  it('should name the published address (PUBLIC_URL) in the pages whatever Host a request carries, and never let a Host break out of an attribute', async () => {
    const published = createHttpApp({ logger: createLogger('test', { level: 'silent' }), routers: [], webDist: dist, publicUrl: 'https://reelpilot.example' });
    const page = await request(published).get('/login').set('host', 'attacker.example');
    expect(page.text).toContain('<link rel="canonical" href="https://reelpilot.example/login" />');
    expect(page.text).not.toContain('attacker.example');
    const hostile = await request(app).get('/login').set('host', 'evil.example"onmouseover="alert(1)');
    expect(hostile.status).toBe(200);
    expect(hostile.text).not.toContain('"onmouseover="');
    // The page's file as built, with its placeholder, is not served by its own path.
    const raw = await request(app).get('/pages/login.html');
    expect(raw.text).not.toContain('{{origin}}');
  });

  it("should answer a path that is none of the app's routes with the app's page and a 404, and a missing file with a plain 404", async () => {
    for (const path of ['/no-such-page', '/health', '/dashboard/nope', '/login/elsewhere']) {
      const page = await request(app).get(path).set('accept-encoding', 'br');
      expect(`${path} ${page.status} ${page.headers['content-type']}`).toMatch(new RegExp(`^${path} 404 text/html`));
      expect(page.headers['cache-control']).toBe('no-cache');
      // The app's own "Page Not Found", prerendered: painted before any script runs.
      expect(page.text).toContain('<h1>404 Page Not Found</h1>');
    }
    // A chunk of an earlier build, asked for by a tab left open across a deploy: no page in its place.
    for (const path of ['/assets/gone-abc123.js', '/favicon-old.png', '/dashboard/view/abc/x.map']) {
      const missing = await request(app).get(path);
      expect(`${path} ${missing.status} ${missing.headers['content-type']}`).toMatch(new RegExp(`^${path} 404 text/plain`));
      expect(missing.text).toBe('Not found');
    }
    // The app's routes as its router matches them: any case, a trailing slash, an optional parameter, a token with dots.
    for (const path of ['/', '/DASHBOARD/Billing/', '/reset-password', '/reset-password/a.b.c', '/dashboard/view/abc-123']) {
      const page = await request(app).get(path);
      expect(`${path} ${page.status} ${page.headers['content-type']}`).toMatch(new RegExp(`^${path} 200 text/html`));
      expect(page.text).not.toContain('404 Page Not Found');
    }
    // A reset link from a mail opens its prerendered page.
    expect((await request(app).get('/reset-password/a.b.c')).text).toContain('<h1>Reset password</h1>');
  });

  it('should send a page named for a pattern of paths to each path of it, and the app page to the others', async () => {
    const detail = await request(app).get('/dashboard/view/abc-123');
    expect(detail.headers['cache-control']).toBe('no-cache');
    expect(detail.text).toContain('<link rel="modulepreload" href="/assets/video-detail.js" />');
    for (const path of ['/dashboard/view', '/dashboard/view/']) {
      expect((await request(app).get(path)).text).toContain('<title>Studio</title>');
    }
    expect((await request(app).get('/dashboard/view/abc/more')).text).toContain('<title>Page not found</title>');
  });

  it('should name the public pages to search engines and keep them out of the dashboard', async () => {
    const robots = await request(app).get('/robots.txt').set('host', 'studio.example.com');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.text).toContain('Disallow: /dashboard');
    expect(robots.text).toContain('Sitemap: http://studio.example.com/sitemap.xml');
    const sitemap = await request(app).get('/sitemap.xml').set('host', 'studio.example.com');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.text).toContain('<loc>http://studio.example.com/register</loc>');
    expect(sitemap.text).toContain('<loc>http://studio.example.com/forgotpassword</loc>');
    expect(sitemap.text).not.toContain('/dashboard');
  });

  it('should name the published address (PUBLIC_URL) in robots.txt and the sitemap, whatever Host a request carries', async () => {
    const published = createHttpApp({ logger: createLogger('test', { level: 'silent' }), routers: [], webDist: dist, publicUrl: 'https://reelpilot.example' });
    const robots = await request(published).get('/robots.txt').set('host', 'attacker.example');
    expect(robots.text).toContain('Sitemap: https://reelpilot.example/sitemap.xml');
    const sitemap = await request(published).get('/sitemap.xml').set('host', 'attacker.example');
    expect(sitemap.text).toContain('<loc>https://reelpilot.example/privacy</loc>');
    expect(`${robots.text}${sitemap.text}`).not.toContain('attacker.example');
  });
});
