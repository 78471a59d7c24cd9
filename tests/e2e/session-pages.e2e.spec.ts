/**
 * The signed-in pages drawn by the server for their visitor (platform/src/http/session-pages.ts):
 * a browser holding a session gets the dashboard, Your Videos and a video's page with its data in
 * the HTML, painted before any script runs, and the app takes that HTML over without drawing it
 * again or asking for its first reads again. Each visitor gets their own page, never a cache's,
 * and a page the server cannot draw for the session (a refused token) is the skeleton, as before.
 */
import request from 'supertest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appTakenOver, holdAppCode, launchBrowser, newContext, signIn } from '../support/browser';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

jest.setTimeout(240_000);

const PASSWORD = 'Secret1!x';
const aVideo = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'comic', voiceid: 'XrExE9yKIg1WjnnlVkGX', aspectRatio: '9:16', language: 'English' };

let server: TestServer;
let browser: Browser;
let ada: { token: string; videoId: string; title: string };
let bea: { token: string };

/** The page's HTML as the server sends it to a browser holding `token`'s session cookie. */
const pageFor = (path: string, token?: string) => request(server.url).get(path).set('cookie', token ? `rp_session=${encodeURIComponent(token)}` : '');

/**
 * Opens `path` as the server drew it for the session. A page that misses the server's deadline goes
 * out as its skeleton (platform/src/http/session-pages.ts), as a loaded CI machine makes it now and
 * then: it is opened again (`before` each time), at most five times, and says whether it was drawn.
 */
async function openDrawn(page: Page, path: string, before: () => void = () => undefined): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    before();
    const html = await (await page.goto(path))?.text();
    if (html?.includes('<div id="root" data-session=""') || attempt === 5) return html?.includes('<div id="root" data-session=""') === true;
  }
}

/** How the server has sent the signed-in pages so far, by outcome (its /metrics). */
async function sessionPagesSent(): Promise<string> {
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  return [...metrics.matchAll(/^studio_session_pages_total\{outcome="(\w+)"\} (\d+)/gm)].map(([, outcome, count]) => `${outcome} ${count}`).join(', ');
}

beforeAll(async () => {
  server = await startEmbeddedServer();
  browser = await launchBrowser();
  const adaToken = (await request(server.url).post('/api/auth/register').send({ name: 'Ada Creator', email: 'ada@example.com', password: PASSWORD }).expect(201)).body.token as string;
  bea = { token: (await request(server.url).post('/api/auth/register').send({ name: 'Bea Other', email: 'bea@example.com', password: PASSWORD }).expect(201)).body.token };
  const videoId = (await request(server.url).post('/api/generate-video').set('authorization', `Bearer ${adaToken}`).send(aVideo).expect(201)).body.videoId as string;
  const deadline = Date.now() + 150_000;
  let video: { status?: string; title?: string } = {};
  while (Date.now() < deadline) {
    video = (await request(server.url).get(`/api/video/videoid/${videoId}`).set('authorization', `Bearer ${adaToken}`)).body;
    if (video.status === 'done' || video.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(video.status).toBe('done');
  ada = { token: adaToken, videoId, title: video.title! };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('The HTML of a signed-in page', () => {
  it("is the visitor's page with their data, never stored by a cache", async () => {
    const home = await pageFor('/dashboard', ada.token).expect(200);
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.headers.vary).toMatch(/cookie/i);
    expect(home.text).toContain('<div id="root" data-session=""');
    expect(home.text).toContain('Welcome back, Ada!');
    expect(home.text).toContain(ada.title);
    expect(home.text).toContain('<script type="application/json" id="session-state">');

    const detail = await pageFor(`/dashboard/view/${ada.videoId}`, ada.token).expect(200);
    // The title's box (a text area) holds the title.
    expect(detail.text).toMatch(new RegExp(`<textarea[^>]*id="video-title"[^>]*>${ada.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</textarea>`));
    expect(detail.text).toMatch(/<video [^>]*src="\/api\/video\/stream\//);
    // The session's token stays in the browser's storage: the page names it nowhere.
    expect(home.text).not.toContain(ada.token);
    expect(detail.text).not.toContain(ada.token);
    // antd's CSS variables, the skeleton's and the page's own, go out once each.
    for (const { text } of [home, detail]) {
      const ids = [...text.matchAll(/<style[^>]*\sdata-css-hash="([^"]+)"/g)].map(([, id]) => id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    }
  });

  it('is each visitor their own', async () => {
    const home = await pageFor('/dashboard', bea.token).expect(200);
    expect(home.text).toContain('Welcome back, Bea!');
    expect(home.text).not.toContain(ada.title);
    expect(home.text).not.toContain('Ada');
  });

  it('is the skeleton without a session, or with one the API refuses', async () => {
    for (const token of [undefined, 'not-a-token', `${ada.token.slice(0, -4)}AAAA`]) {
      const page = await pageFor('/dashboard', token).expect(200);
      expect(page.text).toContain('data-shell=""');
      expect(page.text).not.toContain('data-session');
      expect(page.text).not.toContain('session-state');
    }
  });

  it("keeps a visitor's words out of the page's markup: a caption cannot end its script", async () => {
    const sneaky = 'Read this </script><script>alert(1)</script> <!-- and this';
    await request(server.url).post(`/api/video/${ada.videoId}/caption`).set('authorization', `Bearer ${ada.token}`).send({ description: sneaky }).expect((res) => expect(res.status).toBeLessThan(300));
    const detail = await pageFor(`/dashboard/view/${ada.videoId}`, ada.token).expect(200);
    const state = /<script type="application\/json" id="session-state">([\s\S]*?)<\/script>/.exec(detail.text)?.[1] ?? '';
    expect(state).toContain('Read this');
    expect(state).not.toMatch(/<\/script|<!--/i);
    expect(detail.text).not.toContain('<script>alert(1)</script>');
    expect(JSON.stringify(JSON.parse(state))).toContain(sneaky);
  });
});

describe('In the browser', () => {
  let context: BrowserContext;
  let page: Page;
  const messages: string[] = [];
  const firstReads: string[] = [];

  beforeAll(async () => {
    context = await newContext(browser, server.url, 'mobile');
    // The style elements antd's code writes into the page (the parser's own come while the document loads).
    await context.addInitScript(() => {
      const wrote: string[] = ((window as unknown as { antdWrote: string[] }).antdWrote = []);
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.addedNodes)) {
            if (document.readyState !== 'loading' && node instanceof HTMLStyleElement && node.hasAttribute('data-css-hash')) wrote.push(node.textContent!.slice(0, 40));
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('request', (req) => {
      if (/\/api\/(auth\/me|video\/videos|video\/stats|series|video\/videoid\/)/.test(new URL(req.url()).pathname)) firstReads.push(new URL(req.url()).pathname);
    });
    // Signing in keeps the session for the server too (its cookie, web/src/lib/storage.ts).
    await signIn(page, 'ada@example.com', PASSWORD);
    expect((await context.cookies()).find((cookie) => cookie.name === 'rp_session')?.value).toBeTruthy();
  });

  afterAll(() => context.close());

  it('paints the page from its HTML, before any script runs, and the app takes it over as drawn', async () => {
    const noScript = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    await noScript.addCookies((await context.cookies()).filter((cookie) => cookie.name === 'rp_session'));
    const still = await noScript.newPage();
    // (Should it never be drawn, the failure says how the server sent the pages.)
    const drawn = await openDrawn(still, `/dashboard/view/${ada.videoId}`);
    expect({ drawn, sent: drawn || (await sessionPagesSent()) }).toEqual({ drawn: true, sent: true });
    // Live before any script runs: in the accessibility tree, by its role and name.
    await still.getByRole('heading', { name: 'Studio' }).waitFor();
    expect(await still.locator('h2#studio-heading').textContent()).toBe('Studio');
    // Its lazy studio's styles came with the page.
    expect(await still.locator('.st-panel').evaluate((panel) => getComputedStyle(panel).display)).toBe('grid');
    expect(await still.locator('textarea#video-title').inputValue()).toBe(ada.title);
    expect(await still.locator('video[data-testid="video-player"]').getAttribute('poster')).toMatch(/^\/api\/video\/thumbnail\//);
    await noScript.close();

    for (const path of ['/dashboard', '/dashboard/view', `/dashboard/view/${ada.videoId}`]) {
      const drawn = await openDrawn(page, path, () => {
        messages.length = 0;
        firstReads.length = 0;
      });
      expect({ path, drawn }).toEqual({ path, drawn: true });
      // Taken over: the app is live on the page and its controls work.
      await appTakenOver(page);
      await page.waitForLoadState('networkidle');
      expect(messages).toEqual([]);
      // Its first reads came with the page: the app asked for none of them again.
      expect({ path, firstReads }).toEqual({ path, firstReads: [] });
      // And its styles: antd found every style of the drawn page written down (its rules in the page's
      // map and its sheet's, its CSS variables as the style elements it writes), so it wrote none again.
      const written = await page.evaluate(() => (window as unknown as { antdWrote: string[] }).antdWrote);
      expect({ path, written }).toEqual({ path, written: [] });
    }
    await page.getByRole('button', { name: /\bBACK$/ }).click();
    await page.waitForURL('**/dashboard/view');
    await expect(page.getByText(ada.title).first().isVisible()).resolves.toBe(true);
  });

  it("takes over a page's skeleton without antd writing its styles again", async () => {
    // The Create page's skeleton is its first screen in full: the app takes it over as it is (hydrated).
    expect(await (await page.goto('/dashboard/create'))?.text()).toContain('<div id="root" data-shell=""');
    await appTakenOver(page);
    await page.waitForLoadState('networkidle');
    // Its antd rules are in its sheet, and its CSS variables in its head as the style elements antd writes.
    const written = await page.evaluate(() => (window as unknown as { antdWrote: string[] }).antdWrote);
    expect(written).toEqual([]);
  });

  it('answers a tap on the drawn page before the app is there, once the app has taken it over', async () => {
    const slow = await context.newPage();
    const code = await holdAppCode(slow);
    expect(await openDrawn(slow, `/dashboard/view/${ada.videoId}`)).toBe(true);
    // The app's code is still on its way: the visitor taps the studio's Captions tab on the page as drawn.
    const captions = slow.getByRole('tab', { name: 'Captions' });
    await captions.click();
    expect(await captions.getAttribute('aria-selected')).toBe('false');
    await code.release();
    await slow.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'Captions');
    await slow.close();
  });

  it('draws the page anew for another session than the one the browser holds now', async () => {
    // Signed in as Bea in another tab: the cookie still says Ada for a moment, the stored token Bea.
    await page.evaluate((token) => window.localStorage.setItem('token', token), bea.token);
    await context.addCookies([{ name: 'rp_session', value: encodeURIComponent(ada.token), domain: new URL(server.url).hostname, path: '/dashboard', sameSite: 'Strict' }]);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Bea!' }).waitFor();
    expect(await page.getByText(ada.title).count()).toBe(0);
  });

  it('sends a browser whose session ended to the sign-in page, and forgets the cookie on sign-out', async () => {
    await page.evaluate((token) => window.localStorage.setItem('token', token), ada.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Ada!' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    expect((await context.cookies()).find((cookie) => cookie.name === 'rp_session')).toBeUndefined();
  });
});
