import { randomBytes, randomUUID } from 'node:crypto';
import type { LinkedAccount, Platform } from '@app/domain';
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

function accountFor(platform: Platform, name: string, id: string): LinkedAccount {
  const username = name.toLowerCase().replace(/[^a-z0-9._]+/g, '_').replace(/^_+|_+$/g, '') || 'sandbox_user';
  const gallery = sandboxGalleryUrl(`sandbox-${platform}-${id}`);
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

/** A sandbox account's gallery, reachable only through its unguessable id. */
export const sandboxGalleryUrl = (accountId: string) => `/sandbox/published?account=${encodeURIComponent(accountId)}`;
