import { randomBytes, randomUUID } from 'node:crypto';
import express, { Router } from 'express';
import { PLATFORM_LABELS, type LinkedAccount, type Platform } from '@app/domain';
import type { BlobStore } from '../blob-store/port';
import type { DocumentStore } from '../document-store/port';
import { expiresIn, PublishError, type LinkResult, type PlatformTokens, type PublishInput, type PublishResult, type Publisher } from './port';

/**
 * The offline publisher (embedded default, no keys): connecting goes through a local consent
 * page on our own origin, and uploads land in a local gallery per sandbox account. Every page
 * says SANDBOX, so nobody mistakes it for a real account.
 *
 * Privacy: each consent mints a new account with a random id, and its gallery
 * (`/sandbox/published?account=<id>`) and posts (`/sandbox/published/<uuid>`) are reachable only
 * through those unguessable links, like unlisted videos; nothing lists every user's posts.
 */
export const SANDBOX_COLLECTION = 'sandbox_published';
export const SANDBOX_LABEL = 'SANDBOX — no real account';

export interface SandboxPost {
  _id: string;
  platform: Platform;
  accountId: string;
  accountName: string;
  title: string;
  description: string;
  caption: string;
  tags: string[];
  videoKey: string;
  contentType: string;
  publishedAt: string;
}

const SANDBOX_TOKEN_TTL_SECONDS = 3600;

/** The consent page's answer, carried in the authorization code: the name and a new account's id. */
export function sandboxCode(name: string): string {
  return `sb.${Buffer.from(JSON.stringify({ name, account: randomBytes(16).toString('hex') })).toString('base64url')}`;
}

const galleryUrl = (accountId: string) => `/sandbox/published?account=${encodeURIComponent(accountId)}`;

function accountFor(platform: Platform, name: string, id: string): LinkedAccount {
  const username = name.toLowerCase().replace(/[^a-z0-9._]+/g, '_').replace(/^_+|_+$/g, '') || 'sandbox_user';
  const gallery = galleryUrl(`sandbox-${platform}-${id}`);
  if (platform === 'youtube') return { accountId: `sandbox-youtube-${id}`, name, username: null, profileUrl: null, channelUrl: gallery };
  if (platform === 'tiktok') return { accountId: `sandbox-tiktok-${id}`, name, username, profileUrl: null, channelUrl: gallery };
  return { accountId: `sandbox-instagram-${id}`, name, username, profileUrl: null, channelUrl: gallery };
}

export class SandboxPublisher implements Publisher {
  readonly mode = 'sandbox' as const;
  constructor(readonly platform: Platform, private readonly deps: { docs: DocumentStore; blobs: BlobStore }) {}

  authorizationUrl({ state }: { state: string; redirectUri: string }): string {
    return `/sandbox/connect/${this.platform}?state=${encodeURIComponent(state)}`;
  }

  async exchangeCode({ code, now }: { code: string; redirectUri: string; now: Date }): Promise<LinkResult> {
    let name: string;
    let id: string;
    try {
      if (!code.startsWith('sb.')) throw new Error('not a sandbox code');
      const answer = JSON.parse(Buffer.from(code.slice(3), 'base64url').toString('utf8')) as { name?: unknown; account?: unknown };
      name = String(answer.name).trim().slice(0, 60);
      id = String(answer.account);
    } catch {
      throw new PublishError('auth', 'Invalid authorization code');
    }
    if (!name || !/^[0-9a-f]{32}$/.test(id)) throw new PublishError('auth', 'Invalid authorization code');
    return { account: accountFor(this.platform, name, id), tokens: this.tokens(now) };
  }

  async refresh(tokens: PlatformTokens, now: Date): Promise<PlatformTokens> {
    if (!tokens.refreshToken) throw new PublishError('auth', 'No refresh token');
    return this.tokens(now, tokens.refreshToken);
  }

  async publish({ tokens, account, video, content }: PublishInput): Promise<PublishResult> {
    if (!tokens.accessToken.startsWith('sandbox-access-')) throw new PublishError('auth', 'Invalid Credentials', 401);
    const id = randomUUID();
    const videoKey = `sandbox-published/${id}.mp4`;
    const chunks: Buffer[] = [];
    for await (const chunk of await video.open()) chunks.push(Buffer.from(chunk as Buffer));
    await this.deps.blobs.put(videoKey, Buffer.concat(chunks), video.contentType);
    const post: Omit<SandboxPost, '_id'> = {
      platform: this.platform, accountId: account.accountId, accountName: account.name ?? account.username ?? 'sandbox',
      title: content.title, description: content.description, caption: content.caption, tags: content.tags,
      videoKey, contentType: video.contentType, publishedAt: new Date().toISOString(),
    };
    await this.deps.docs.collection<SandboxPost>(SANDBOX_COLLECTION).upsert(id, post);
    return { url: `/sandbox/published/${id}`, remoteId: id, status: 'COMPLETED' };
  }

  async revoke(): Promise<void> {
    /* nothing to revoke */
  }

  private tokens(now: Date, refreshToken?: string): PlatformTokens {
    return {
      accessToken: `sandbox-access-${randomBytes(12).toString('base64url')}`,
      refreshToken: refreshToken ?? `sandbox-refresh-${randomBytes(12).toString('base64url')}`,
      expiresAt: expiresIn(now, SANDBOX_TOKEN_TTL_SECONDS),
    };
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const PLATFORMS: readonly Platform[] = ['youtube', 'tiktok', 'instagram'];
const isPlatform = (p: unknown): p is Platform => PLATFORMS.includes(p as Platform);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · ${SANDBOX_LABEL}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:2px dashed #d97706;color:#92400e;padding:.6rem 1rem;border-radius:8px;font-weight:700;letter-spacing:.02em}
.card{border:1px solid #e5e7eb;border-radius:10px;padding:1rem;margin:1rem 0}video{max-width:100%;max-height:420px;background:#000;border-radius:6px}
button{background:#2563eb;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}
input{font-size:1rem;padding:.5rem;border:1px solid #d1d5db;border-radius:6px;width:100%;box-sizing:border-box}.muted{color:#6b7280}</style></head>
<body><p class="banner" role="note">${SANDBOX_LABEL}</p>${body}</body></html>`;
}

/**
 * The sandbox's pages at /sandbox: the consent page (`/sandbox/connect/:platform?state=…`,
 * answering to our OAuth callback) and the published gallery (`/sandbox/published`).
 */
export function createSandboxRouter(deps: { docs: DocumentStore; blobs: BlobStore }): Router {
  const router = Router();
  const posts = () => deps.docs.collection<SandboxPost>(SANDBOX_COLLECTION);

  router.get('/connect/:platform', (req, res) => {
    const platform = req.params.platform;
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    if (!isPlatform(platform) || !state) {
      res.status(400).type('html').send(page('Invalid request', '<h1>Invalid request</h1><p>This consent link is incomplete. Start again from Account.</p>'));
      return;
    }
    const name = PLATFORM_LABELS[platform];
    res.type('html').send(page(`Connect ${name}`, `<h1>Connect your ${esc(name)} account</h1>
<div class="card"><p><strong>Faceless Studio</strong> would like to upload videos to your ${esc(name)} account.</p>
<p class="muted">This is the offline sandbox: no real ${esc(name)} account is used, and "published" videos go to this sandbox account's own gallery, linked from Account.</p>
<form method="post" action="/sandbox/connect/${platform}">
<input type="hidden" name="state" value="${esc(state)}">
<p><label>Sandbox account name<br><input name="name" value="Sandbox ${esc(name)}" maxlength="60" required></label></p>
<p><button type="submit">Allow</button> <a href="/dashboard/account">Cancel</a></p></form></div>`));
  });

  router.post('/connect/:platform', express.urlencoded({ extended: false, limit: '10kb' }), (req, res) => {
    const platform = req.params.platform;
    const state = typeof req.body?.state === 'string' ? req.body.state : '';
    const name = typeof req.body?.name === 'string' ? req.body.name.trim().slice(0, 60) : '';
    if (!isPlatform(platform) || !state || !name) {
      res.status(400).type('html').send(page('Invalid request', '<h1>Invalid request</h1>'));
      return;
    }
    res.redirect(303, `/api/auth/${platform}/callback?code=${encodeURIComponent(sandboxCode(name))}&state=${encodeURIComponent(state)}`);
  });

  router.get('/published', async (req, res) => {
    const account = typeof req.query.account === 'string' ? req.query.account : null;
    if (!account) {
      res.type('html').send(page('Published', `<h1>Sandbox: published videos</h1>
<p data-testid="sandbox-no-account">Each sandbox account has its own gallery. Open it from the account's link on <a href="/dashboard/account">Account</a>.</p>`));
      return;
    }
    const all = await posts().find({ accountId: account }, { sort: { publishedAt: -1 }, limit: 100 });
    const items = all.map((p) => `<article class="card" data-testid="sandbox-post" data-platform="${p.platform}">
<h2><a href="/sandbox/published/${esc(p._id)}">${esc(p.title)}</a></h2>
<p class="muted">${esc(PLATFORM_LABELS[p.platform])} · ${esc(p.accountName)} · ${esc(p.publishedAt)}</p>
<video src="/sandbox/published/${esc(p._id)}/video" controls preload="metadata"></video></article>`).join('\n');
    res.type('html').send(page('Published', `<h1>Sandbox: published videos</h1>${items || '<p data-testid="sandbox-empty">Nothing published yet.</p>'}`));
  });

  router.get('/published/:id', async (req, res) => {
    const p = await posts().get(req.params.id);
    if (!p) {
      res.status(404).type('html').send(page('Not found', '<h1>Not found</h1>'));
      return;
    }
    res.type('html').send(page(p.title, `<p><a href="${esc(galleryUrl(p.accountId))}">← All posts of ${esc(p.accountName)}</a></p>
<article class="card" data-testid="sandbox-post" data-platform="${p.platform}"><h1>${esc(p.title)}</h1>
<p class="muted">${esc(PLATFORM_LABELS[p.platform])} · ${esc(p.accountName)} · ${esc(p.publishedAt)}</p>
<video src="/sandbox/published/${esc(p._id)}/video" controls></video>
<p style="white-space:pre-wrap">${esc(p.platform === 'instagram' ? p.caption : p.description)}</p>
${p.tags.length ? `<p class="muted">Tags: ${p.tags.map(esc).join(', ')}</p>` : ''}</article>`));
  });

  router.get('/published/:id/video', async (req, res) => {
    const p = await posts().get(req.params.id);
    const info = p ? await deps.blobs.stat(p.videoKey) : null;
    if (!p || !info) {
      res.status(404).end();
      return;
    }
    res.setHeader('content-type', info.contentType);
    res.setHeader('content-length', String(info.size));
    (await deps.blobs.read(p.videoKey)).pipe(res);
  });

  return router;
}
