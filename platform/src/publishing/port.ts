import type { Readable } from 'node:stream';
import type { LinkedAccount, Platform, PostContent } from '@app/domain';

/**
 * Publisher port: one adapter per platform (YouTube, TikTok, Instagram) and a sandbox that needs
 * no keys. Tokens only ever exist in clear inside an adapter call; they rest sealed (TokenVault).
 */
export interface PlatformTokens {
  accessToken: string;
  refreshToken: string | null;
  /** ISO instant the access token expires, when the platform says. */
  expiresAt: string | null;
  scope?: string;
}

export interface LinkResult {
  account: LinkedAccount;
  tokens: PlatformTokens;
}

/** The rendered MP4, readable locally (uploads) and by URL (platforms that pull it). */
export interface VideoSource {
  videoId: string;
  size: number;
  contentType: string;
  open(range?: { start: number; end: number }): Promise<Readable>;
  /** Absolute, signed and short-lived: for platforms that fetch the media themselves (Instagram). */
  publicUrl: string;
}

export interface PublishInput {
  postId: string;
  tokens: PlatformTokens;
  account: LinkedAccount;
  video: VideoSource;
  content: PostContent;
}

export interface PublishResult {
  url: string;
  remoteId: string;
  /** The platform's outcome; TikTok answers COMPLETED on success (spec section 4). */
  status: string;
}

export type PublishErrorKind = 'auth' | 'quota' | 'rate_limit' | 'timeout' | 'rejected' | 'unavailable';

/** A platform refused or failed. `retryable` failures go back to the post queue with backoff. */
export class PublishError extends Error {
  readonly retryable: boolean;
  constructor(readonly kind: PublishErrorKind, message: string, readonly httpStatus?: number) {
    super(message);
    this.name = 'PublishError';
    this.retryable = kind === 'quota' || kind === 'rate_limit' || kind === 'unavailable';
  }
}

export interface Publisher {
  readonly platform: Platform;
  /** 'sandbox' publishes to the local gallery; 'live' to the real platform. */
  readonly mode: 'sandbox' | 'live';
  /** Where the browser goes to consent; `redirectUri` is our callback. */
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string; now: Date }): Promise<LinkResult>;
  /** New tokens from the refresh token (offline access). */
  refresh(tokens: PlatformTokens, now: Date): Promise<PlatformTokens>;
  publish(input: PublishInput): Promise<PublishResult>;
  /** Best effort: revoke at the platform on disconnect. */
  revoke(tokens: PlatformTokens): Promise<void>;
}

export type Publishers = Record<Platform, Publisher>;

export const expiresIn = (now: Date, seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' && seconds > 0 ? new Date(now.getTime() + seconds * 1000).toISOString() : null;
