import type { Auth } from 'googleapis';
// The YouTube API alone: the whole googleapis package costs ~100 MiB of resident memory per process.
import { auth as googleAuth, youtube as youtubeApi } from 'googleapis/build/src/apis/youtube';

type OAuth2Client = Auth.OAuth2Client;
type Credentials = Auth.Credentials;
import { call, errorForStatus, jsonBody, readAll } from './http-util';
import { PublishError, type LinkResult, type PlatformTokens, type PublishInput, type PublishResult, type Publisher } from './port';

export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'];
/** Resumable chunks must be multiples of 256 KiB. */
export const YOUTUBE_CHUNK_BYTES = 32 * 256 * 1024;

export interface YouTubeConfig {
  clientId: string;
  clientSecret: string;
  /** Default https://www.googleapis.com (Data API and its upload endpoint). */
  apiBaseUrl?: string;
  /** Default Google's OAuth endpoints; a stand-in serves /o/oauth2/v2/auth, /token and /revoke. */
  oauthBaseUrl?: string;
  chunkBytes?: number;
}

/**
 * YouTube through googleapis: OAuth 2 with offline access (refresh tokens), the channel's name
 * and id from channels.list, and a resumable videos.insert (session, then 256 KiB-aligned chunks,
 * 308 Resume Incomplete until the video resource comes back), privacy public by default.
 */
export class YouTubePublisher implements Publisher {
  readonly platform = 'youtube' as const;
  readonly mode = 'live' as const;
  private readonly api: string;
  constructor(private readonly config: YouTubeConfig) {
    this.api = (config.apiBaseUrl ?? 'https://www.googleapis.com').replace(/\/$/, '');
  }

  private client(redirectUri?: string): OAuth2Client {
    const base = this.config.oauthBaseUrl?.replace(/\/$/, '');
    return new googleAuth.OAuth2({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      // Node's own fetch (gaxios would otherwise import node-fetch dynamically).
      transporterOptions: { fetchImplementation: fetch },
      ...(redirectUri ? { redirectUri } : {}),
      ...(base ? { endpoints: { oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`, oauth2TokenUrl: `${base}/token`, oauth2RevokeUrl: `${base}/revoke` } } : {}),
    });
  }

  authorizationUrl({ state, redirectUri }: { state: string; redirectUri: string }): string {
    return this.client(redirectUri).generateAuthUrl({ access_type: 'offline', prompt: 'consent', include_granted_scopes: true, scope: YOUTUBE_SCOPES, state });
  }

  async exchangeCode({ code, redirectUri }: { code: string; redirectUri: string; now: Date }): Promise<LinkResult> {
    const client = this.client(redirectUri);
    let credentials: Credentials;
    try {
      credentials = (await client.getToken({ code, redirect_uri: redirectUri })).tokens;
    } catch (error) {
      throw mapGoogleError(error);
    }
    client.setCredentials(credentials);
    const youtube = youtubeApi({ version: 'v3', auth: client, rootUrl: `${this.api}/` });
    let channel;
    try {
      channel = (await youtube.channels.list({ part: ['snippet'], mine: true })).data.items?.[0];
    } catch (error) {
      throw mapGoogleError(error);
    }
    if (!channel?.id) throw new PublishError('rejected', 'This Google account has no YouTube channel');
    const thumbs = channel.snippet?.thumbnails;
    return {
      account: {
        accountId: channel.id,
        name: channel.snippet?.title ?? null,
        username: channel.snippet?.customUrl ?? null,
        profileUrl: thumbs?.default?.url ?? thumbs?.medium?.url ?? null,
        channelUrl: `https://www.youtube.com/channel/${channel.id}`,
      },
      tokens: toTokens(credentials, null),
    };
  }

  async refresh(tokens: PlatformTokens): Promise<PlatformTokens> {
    if (!tokens.refreshToken) throw new PublishError('auth', 'No refresh token');
    const client = this.client();
    client.setCredentials({ refresh_token: tokens.refreshToken });
    try {
      const { credentials } = await client.refreshAccessToken();
      return toTokens(credentials, tokens.refreshToken);
    } catch (error) {
      throw mapGoogleError(error);
    }
  }

  async revoke(tokens: PlatformTokens): Promise<void> {
    await this.client().revokeToken(tokens.refreshToken ?? tokens.accessToken).catch(() => undefined);
  }

  async publish({ tokens, video, content }: PublishInput): Promise<PublishResult> {
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    // 1. Open a resumable session with the video's metadata.
    const init = await call(`${this.api}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json; charset=UTF-8', 'x-upload-content-length': String(video.size), 'x-upload-content-type': video.contentType },
      body: JSON.stringify({
        snippet: { title: content.title.slice(0, 100) || 'Untitled', description: content.description.slice(0, 5000), tags: content.tags, categoryId: '22' },
        status: { privacyStatus: content.privacy, selfDeclaredMadeForKids: false },
      }),
    });
    if (!init.ok) throw youtubeError(init.status, await jsonBody(init));
    const session = init.headers.get('location');
    if (!session) throw new PublishError('unavailable', 'YouTube did not open an upload session');

    // 2. Send the bytes in chunks; 308 means "go on from the Range it reports".
    const chunk = this.config.chunkBytes ?? YOUTUBE_CHUNK_BYTES;
    let offset = 0;
    for (let requests = 0; requests < 10_000; requests++) {
      const end = Math.min(video.size, offset + chunk) - 1;
      const body = await readAll(await video.open({ start: offset, end }));
      const res = await call(session, {
        method: 'PUT',
        // Content-Length comes from the body: fetch sets it (a hand-set one is refused for cross-realm buffers).
        headers: { ...auth, 'content-type': video.contentType, 'content-range': `bytes ${offset}-${end}/${video.size}` },
        body: new Uint8Array(body),
      });
      if (res.status === 308) {
        const range = res.headers.get('range');
        offset = range ? Number(/bytes=0-(\d+)/.exec(range)?.[1] ?? -1) + 1 : 0;
        continue;
      }
      const data = await jsonBody(res);
      if (!res.ok) throw youtubeError(res.status, data);
      if (!data.id) throw new PublishError('unavailable', 'YouTube did not return the video id');
      return { url: `https://www.youtube.com/shorts/${data.id}`, remoteId: String(data.id), status: data.status?.uploadStatus ?? 'uploaded' };
    }
    throw new PublishError('unavailable', 'YouTube upload did not complete');
  }
}

function toTokens(c: Credentials, previousRefresh: string | null): PlatformTokens {
  if (!c.access_token) throw new PublishError('auth', 'Google returned no access token');
  return {
    accessToken: c.access_token,
    refreshToken: c.refresh_token ?? previousRefresh,
    expiresAt: c.expiry_date ? new Date(c.expiry_date).toISOString() : null,
    ...(c.scope ? { scope: c.scope } : {}),
  };
}

/** YouTube's error body: {error: {code, message, errors: [{reason, domain, message}]}}. */
export function youtubeError(status: number, body: any): PublishError {
  const reason: string | undefined = body?.error?.errors?.[0]?.reason;
  const message: string = body?.error?.message ?? body?.error_description ?? `YouTube answered ${status}`;
  if (status === 401 || reason === 'authError' || body?.error === 'invalid_grant') return new PublishError('auth', message, status);
  if (reason === 'quotaExceeded' || reason === 'uploadLimitExceeded' || reason === 'dailyLimitExceeded') return new PublishError('quota', message, status);
  if (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') return new PublishError('rate_limit', message, status);
  return errorForStatus(status, message);
}

function mapGoogleError(error: unknown): PublishError {
  if (error instanceof PublishError) return error;
  const e = error as { status?: number; response?: { status?: number; data?: any }; message?: string };
  const status = e.response?.status ?? e.status;
  if (!status) return new PublishError('unavailable', `Network error: ${e.message ?? 'unknown'}`);
  return youtubeError(status, e.response?.data);
}
