import { TIKTOK_TIMEOUT_MESSAGE } from '@app/domain';
import { call, errorForStatus, jsonBody, readAll, sleep } from './http-util';
import { expiresIn, PublishError, type LinkResult, type PlatformTokens, type PublishInput, type PublishResult, type Publisher } from './port';

export interface TikTokConfig {
  clientKey: string;
  clientSecret: string;
  /** 'inbox' uploads a draft the creator finishes in TikTok (video.upload); 'direct' posts (video.publish, audited apps). */
  mode: 'inbox' | 'direct';
  /** Default https://open.tiktokapis.com */
  apiBaseUrl?: string;
  /** Default https://www.tiktok.com (the consent page). */
  authBaseUrl?: string;
  pollIntervalMs?: number;
  /** How long to poll the publish status before answering 'Upload did not finish in time.' */
  pollTimeoutMs?: number;
}

const MB = 1024 * 1024;
/** Media transfer rules: one chunk under 5 MB; otherwise 5–64 MB chunks, the last one taking the rest. */
export function tiktokChunks(size: number, chunkSize = 10 * MB): { chunkSize: number; count: number } {
  if (size < 5 * MB) return { chunkSize: size, count: 1 };
  const count = Math.max(1, Math.floor(size / chunkSize));
  return { chunkSize, count };
}

/**
 * TikTok Content Posting API v2: OAuth (client_key), user info, then init (inbox draft or direct
 * post) → PUT the file in chunks with Content-Range → poll status/fetch until done. Success is
 * reported as COMPLETED (spec section 4); polling past the limit is 'Upload did not finish in time.'
 */
export class TikTokPublisher implements Publisher {
  readonly platform = 'tiktok' as const;
  readonly mode = 'live' as const;
  private readonly api: string;
  constructor(private readonly config: TikTokConfig) {
    this.api = (config.apiBaseUrl ?? 'https://open.tiktokapis.com').replace(/\/$/, '');
  }

  private scopes() {
    return this.config.mode === 'direct' ? 'user.info.basic,video.upload,video.publish' : 'user.info.basic,video.upload';
  }

  authorizationUrl({ state, redirectUri }: { state: string; redirectUri: string }): string {
    const base = (this.config.authBaseUrl ?? this.config.apiBaseUrl ?? 'https://www.tiktok.com').replace(/\/$/, '');
    const q = new URLSearchParams({ client_key: this.config.clientKey, scope: this.scopes(), response_type: 'code', redirect_uri: redirectUri, state });
    return `${base}/v2/auth/authorize/?${q.toString()}`;
  }

  private async token(form: Record<string, string>, now: Date, previousRefresh: string | null): Promise<PlatformTokens & { openId: string }> {
    const res = await call(`${this.api}/v2/oauth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' },
      body: new URLSearchParams({ client_key: this.config.clientKey, client_secret: this.config.clientSecret, ...form }).toString(),
    });
    const data = await jsonBody(res);
    if (!res.ok || data.error || !data.access_token) {
      const message = data.error_description ?? data.error ?? `TikTok answered ${res.status}`;
      throw data.error === 'invalid_grant' || res.status === 401 || res.ok ? new PublishError('auth', message, res.status) : errorForStatus(res.status, message);
    }
    return {
      accessToken: data.access_token,
      refreshToken: data.refresh_token ?? previousRefresh,
      expiresAt: expiresIn(now, data.expires_in),
      ...(data.scope ? { scope: data.scope } : {}),
      openId: data.open_id,
    };
  }

  async exchangeCode({ code, redirectUri, now }: { code: string; redirectUri: string; now: Date }): Promise<LinkResult> {
    const { openId, ...tokens } = await this.token({ code, grant_type: 'authorization_code', redirect_uri: redirectUri }, now, null);
    const fields = 'open_id,avatar_url,display_name,username,profile_deep_link';
    const user = (await this.api_('GET', `/v2/user/info/?fields=${fields}`, tokens.accessToken)).user ?? {};
    const username: string | null = user.username ?? null;
    return {
      account: {
        accountId: user.open_id ?? openId,
        name: user.display_name ?? null,
        username,
        profileUrl: user.avatar_url ?? null,
        channelUrl: username ? `https://www.tiktok.com/@${username}` : (user.profile_deep_link ?? null),
      },
      tokens,
    };
  }

  async refresh(tokens: PlatformTokens, now: Date): Promise<PlatformTokens> {
    if (!tokens.refreshToken) throw new PublishError('auth', 'No refresh token');
    const { openId: _openId, ...next } = await this.token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, now, tokens.refreshToken);
    return next;
  }

  async revoke(tokens: PlatformTokens): Promise<void> {
    await call(`${this.api}/v2/oauth/revoke/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_key: this.config.clientKey, client_secret: this.config.clientSecret, token: tokens.accessToken }).toString(),
    }).catch(() => undefined);
  }

  /** A JSON call with the user's bearer token; TikTok's envelope is {data, error: {code, message, log_id}}. */
  private async api_(method: 'GET' | 'POST', path: string, accessToken: string, body?: unknown): Promise<any> {
    const res = await call(`${this.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const data = await jsonBody(res);
    const code: string | undefined = data?.error?.code;
    if (!res.ok || (code && code !== 'ok')) throw tiktokError(res.status, data);
    return data.data ?? {};
  }

  async publish({ tokens, account, video, content }: PublishInput): Promise<PublishResult> {
    const { chunkSize, count } = tiktokChunks(video.size);
    const source_info = { source: 'FILE_UPLOAD', video_size: video.size, chunk_size: chunkSize, total_chunk_count: count };
    let init;
    if (this.config.mode === 'direct') {
      const creator = await this.api_('POST', '/v2/post/publish/creator_info/query/', tokens.accessToken, {});
      const options: string[] = creator.privacy_level_options ?? [];
      const privacy = options.includes('PUBLIC_TO_EVERYONE') ? 'PUBLIC_TO_EVERYONE' : (options[0] ?? 'SELF_ONLY');
      const tags = content.hashtags.map((h) => (h.startsWith('#') ? h : `#${h}`)).join(' ');
      init = await this.api_('POST', '/v2/post/publish/video/init/', tokens.accessToken, {
        post_info: { title: [content.title, tags].filter(Boolean).join(' ').slice(0, 2200), privacy_level: privacy, disable_duet: !content.allowDuet, disable_stitch: !content.allowStitch, disable_comment: false },
        source_info,
      });
    } else {
      init = await this.api_('POST', '/v2/post/publish/inbox/video/init/', tokens.accessToken, { source_info });
    }
    const publishId: string = init.publish_id;
    const uploadUrl: string = init.upload_url;
    if (!publishId || !uploadUrl) throw new PublishError('unavailable', 'TikTok did not return an upload URL');

    for (let i = 0; i < count; i++) {
      const start = i * chunkSize;
      const end = i === count - 1 ? video.size - 1 : start + chunkSize - 1;
      const body = await readAll(await video.open({ start, end }));
      const res = await call(uploadUrl, {
        method: 'PUT',
        // Content-Length comes from the body: fetch sets it (a hand-set one is refused for cross-realm buffers).
        headers: { 'content-type': video.contentType, 'content-range': `bytes ${start}-${end}/${video.size}` },
        body: new Uint8Array(body),
      });
      if (res.status !== 201 && res.status !== 206 && !res.ok) throw tiktokError(res.status, await jsonBody(res));
    }

    const interval = this.config.pollIntervalMs ?? 5000;
    const deadline = Date.now() + (this.config.pollTimeoutMs ?? 120_000);
    for (;;) {
      const status = await this.api_('POST', '/v2/post/publish/status/fetch/', tokens.accessToken, { publish_id: publishId });
      const s: string = status.status;
      if (s === 'FAILED') throw new PublishError('rejected', `TikTok could not process the video: ${status.fail_reason ?? 'unknown reason'}`);
      const done = s === 'PUBLISH_COMPLETE' || (this.config.mode === 'inbox' && s === 'SEND_TO_USER_INBOX');
      if (done) {
        const postId: string | undefined = status.publicaly_available_post_id?.[0] ?? status.publicly_available_post_id?.[0];
        const profile = account.username ? `https://www.tiktok.com/@${account.username}` : (account.channelUrl ?? 'https://www.tiktok.com/');
        return { url: postId && account.username ? `${profile}/video/${postId}` : profile, remoteId: postId ? String(postId) : publishId, status: 'COMPLETED' };
      }
      if (Date.now() + interval > deadline) throw new PublishError('timeout', TIKTOK_TIMEOUT_MESSAGE);
      await sleep(interval);
    }
  }
}

export function tiktokError(status: number, body: any): PublishError {
  const code: string | undefined = body?.error?.code;
  const message: string = body?.error?.message || code || `TikTok answered ${status}`;
  if (code === 'access_token_invalid' || code === 'scope_not_authorized' || status === 401) return new PublishError('auth', message, status);
  if (code === 'rate_limit_exceeded' || status === 429) return new PublishError('rate_limit', message, status);
  if (code === 'spam_risk_too_many_posts' || code === 'reached_active_user_cap' || code === 'spam_risk_too_many_pending_share') return new PublishError('quota', message, status);
  return errorForStatus(status, message);
}
