import { call, errorForStatus, jsonBody, sleep } from './http-util';
import { expiresIn, PublishError, type LinkResult, type PlatformTokens, type PublishInput, type PublishResult, type Publisher } from './port';

export const INSTAGRAM_SCOPES = 'instagram_business_basic,instagram_business_content_publish';
export const INSTAGRAM_API_VERSION = 'v23.0';

export interface InstagramConfig {
  appId: string;
  appSecret: string;
  /** Default https://graph.instagram.com */
  graphBaseUrl?: string;
  /** Default https://www.instagram.com (consent) and https://api.instagram.com (code exchange). */
  oauthBaseUrl?: string;
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
}

/**
 * Instagram API with Instagram Login (Graph API): short-lived token → long-lived token (60 days,
 * refreshed with ig_refresh_token: long-lived tokens refresh themselves, so the token is also kept
 * as the "refresh token"), then Reels: create a container from the video's URL (Instagram fetches
 * it, so it is our signed media URL), wait for status_code FINISHED, media_publish, permalink.
 */
export class InstagramPublisher implements Publisher {
  readonly platform = 'instagram' as const;
  readonly mode = 'live' as const;
  private readonly graph: string;
  constructor(private readonly config: InstagramConfig) {
    this.graph = (config.graphBaseUrl ?? 'https://graph.instagram.com').replace(/\/$/, '');
  }

  authorizationUrl({ state, redirectUri }: { state: string; redirectUri: string }): string {
    const base = (this.config.oauthBaseUrl ?? 'https://www.instagram.com').replace(/\/$/, '');
    const q = new URLSearchParams({ client_id: this.config.appId, redirect_uri: redirectUri, response_type: 'code', scope: INSTAGRAM_SCOPES, state });
    return `${base}/oauth/authorize?${q.toString()}`;
  }

  async exchangeCode({ code, redirectUri, now }: { code: string; redirectUri: string; now: Date }): Promise<LinkResult> {
    const base = (this.config.oauthBaseUrl ?? 'https://api.instagram.com').replace(/\/$/, '');
    const res = await call(`${base}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.config.appId, client_secret: this.config.appSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code }).toString(),
    });
    const short = await jsonBody(res);
    if (!res.ok) throw instagramError(res.status, short);
    const shortToken: string | undefined = short.access_token ?? short.data?.[0]?.access_token;
    if (!shortToken) throw new PublishError('auth', 'Instagram returned no access token');
    const long = await this.get('/access_token', { grant_type: 'ig_exchange_token', client_secret: this.config.appSecret, access_token: shortToken });
    const me = await this.get(`/${INSTAGRAM_API_VERSION}/me`, { fields: 'user_id,username', access_token: long.access_token });
    return {
      account: { accountId: String(me.user_id ?? me.id), name: me.username ?? null, username: me.username ?? null, profileUrl: null, channelUrl: me.username ? `https://www.instagram.com/${me.username}` : null },
      tokens: { accessToken: long.access_token, refreshToken: long.access_token, expiresAt: expiresIn(now, long.expires_in) },
    };
  }

  async refresh(tokens: PlatformTokens, now: Date): Promise<PlatformTokens> {
    const data = await this.get('/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: tokens.refreshToken ?? tokens.accessToken });
    return { accessToken: data.access_token, refreshToken: data.access_token, expiresAt: expiresIn(now, data.expires_in) };
  }

  async revoke(): Promise<void> {
    /* Instagram has no token revocation endpoint; the link's key is shredded on our side. */
  }

  private async get(path: string, params: Record<string, string>): Promise<any> {
    const res = await call(`${this.graph}${path}?${new URLSearchParams(params).toString()}`, { method: 'GET' });
    const data = await jsonBody(res);
    if (!res.ok || data.error) throw instagramError(res.status, data);
    return data;
  }

  private async post(path: string, params: Record<string, string>): Promise<any> {
    const res = await call(`${this.graph}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    const data = await jsonBody(res);
    if (!res.ok || data.error) throw instagramError(res.status, data);
    return data;
  }

  async publish({ tokens, account, video, content }: PublishInput): Promise<PublishResult> {
    const v = INSTAGRAM_API_VERSION;
    const token = tokens.accessToken;
    const container = await this.post(`/${v}/${account.accountId}/media`, {
      media_type: 'REELS', video_url: video.publicUrl, caption: content.caption.slice(0, 2200), share_to_feed: 'true', access_token: token,
    });
    const interval = this.config.pollIntervalMs ?? 5000;
    const deadline = Date.now() + (this.config.pollTimeoutMs ?? 5 * 60_000);
    for (;;) {
      const s = await this.get(`/${v}/${container.id}`, { fields: 'status_code,status', access_token: token });
      if (s.status_code === 'FINISHED') break;
      if (s.status_code === 'ERROR' || s.status_code === 'EXPIRED') throw new PublishError('rejected', `Instagram could not process the video: ${s.status ?? s.status_code}`);
      if (Date.now() + interval > deadline) throw new PublishError('unavailable', 'Instagram is still processing the video');
      await sleep(interval);
    }
    const published = await this.post(`/${v}/${account.accountId}/media_publish`, { creation_id: String(container.id), access_token: token });
    const media = await this.get(`/${v}/${published.id}`, { fields: 'permalink', access_token: token });
    return { url: media.permalink ?? `https://www.instagram.com/${account.username ?? ''}`, remoteId: String(published.id), status: 'PUBLISHED' };
  }
}

/** Graph API errors: {error: {message, type, code, error_subcode, fbtrace_id}}. */
export function instagramError(status: number, body: any): PublishError {
  const e = body?.error ?? {};
  const message: string = e.error_user_msg ?? e.message ?? body?.error_message ?? `Instagram answered ${status}`;
  if (e.code === 190 || e.type === 'OAuthException' && status === 401 || body?.error_type === 'OAuthException') return new PublishError('auth', message, status);
  if ([4, 17, 32, 613].includes(e.code)) return new PublishError('rate_limit', message, status);
  if (e.code === 9 || e.error_subcode === 2207042) return new PublishError('quota', message, status);
  return errorForStatus(status, message);
}
