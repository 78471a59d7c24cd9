import { randomBytes } from 'node:crypto';
import express from 'express';
import { bearerOf, listen, raw, recorder, type StandIn } from './stand-in';

/**
 * TikTok's open API v2 as documented: form-encoded /v2/oauth/token/ (client_key), Bearer user
 * tokens, the {data, error: {code, message, log_id}} envelope, inbox and direct-post init with
 * source_info chunk rules, the upload URL taking PUT chunks with Content-Range (206, then 201),
 * and status/fetch moving PROCESSING_UPLOAD → SEND_TO_USER_INBOX / PUBLISH_COMPLETE.
 */
export interface TikTokStandIn extends StandIn {
  clientKey: string;
  clientSecret: string;
  /** 'stuck': the status never leaves PROCESSING_UPLOAD (the upload does not finish in time). */
  setMode(mode: 'normal' | 'stuck' | 'rate_limited'): void;
  expireAccessTokens(): void;
  uploads: Array<{ kind: 'inbox' | 'direct'; bytes: number; title?: string; disableDuet?: boolean }>;
}

/** A real-looking post id: 19 digits, more than Number.MAX_SAFE_INTEGER. */
export const TIKTOK_POST_ID = '7451234567890123456';

const envelope = (data: object, code = 'ok', message = '') => ({ data, error: { code, message, log_id: randomBytes(6).toString('hex') } });

export async function startTikTokStandIn(): Promise<TikTokStandIn> {
  const app = express();
  const requests = recorder(app);
  const clientKey = 'tt-client-key';
  const clientSecret = 'tt-secret';
  const access = new Set<string>();
  const refresh = new Set<string>();
  const publishes = new Map<string, { size: number; chunk: number; count: number; received: number; polls: number; kind: 'inbox' | 'direct'; title?: string; disableDuet?: boolean }>();
  const state = { mode: 'normal' as 'normal' | 'stuck' | 'rate_limited', uploads: [] as TikTokStandIn['uploads'] };
  const tokens = () => {
    const a = `act.${randomBytes(8).toString('hex')}`;
    const r = `rft.${randomBytes(8).toString('hex')}`;
    access.add(a);
    refresh.add(r);
    return { access_token: a, expires_in: 86400, open_id: 'open-id-standin', refresh_token: r, refresh_expires_in: 31536000, scope: 'user.info.basic,video.upload', token_type: 'Bearer' };
  };
  const authed = (req: express.Request, res: express.Response) => {
    const t = bearerOf(req);
    if (t && access.has(t)) return true;
    res.status(401).json(envelope({}, 'access_token_invalid', 'The access token is invalid or not found in the request.'));
    return false;
  };

  app.post('/v2/oauth/token/', express.urlencoded({ extended: false }), (req, res) => {
    const b = req.body;
    if (req.get('content-type') !== 'application/x-www-form-urlencoded') return void res.status(400).json({ error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' });
    if (b.client_key !== clientKey || b.client_secret !== clientSecret) return void res.json({ error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'x' });
    if (b.grant_type === 'authorization_code' && b.code === 'good-code' && b.redirect_uri) return void res.json(tokens());
    if (b.grant_type === 'refresh_token' && refresh.has(b.refresh_token)) {
      refresh.delete(b.refresh_token);
      return void res.json(tokens());
    }
    res.json({ error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'x' });
  });

  app.get('/v2/user/info/', (req, res) => {
    if (!authed(req, res)) return;
    if (!String(req.query.fields ?? '').includes('open_id')) return void res.status(400).json(envelope({}, 'invalid_params', 'fields is required'));
    res.json(envelope({ user: { open_id: 'open-id-standin', display_name: 'Stand-in Creator', username: 'standin.creator', avatar_url: 'https://p16.example/avatar.jpeg' } }));
  });

  const init = (kind: 'inbox' | 'direct') => (req: express.Request, res: express.Response) => {
    if (!authed(req, res)) return;
    if (state.mode === 'rate_limited') return void res.status(429).json(envelope({}, 'rate_limit_exceeded', 'API rate limit was exceeded, only 6 requests per minute.'));
    if (!req.get('content-type')?.startsWith('application/json')) return void res.status(400).json(envelope({}, 'invalid_params', 'JSON body required'));
    const s = req.body?.source_info ?? {};
    const size = Number(s.video_size);
    const chunk = Number(s.chunk_size);
    const count = Number(s.total_chunk_count);
    const MB = 1024 * 1024;
    const valid = s.source === 'FILE_UPLOAD' && size > 0 && count >= 1 && count <= 1000 && count === Math.floor(size / chunk)
      && (size < 5 * MB ? chunk === size : chunk >= 5 * MB && chunk <= 64 * MB);
    if (!valid) return void res.status(400).json(envelope({}, 'invalid_params', 'source_info does not follow the chunk rules'));
    if (kind === 'direct' && !req.body?.post_info?.privacy_level) return void res.status(400).json(envelope({}, 'invalid_params', 'post_info.privacy_level is required'));
    const id = `v_pub_file~v2-1.${randomBytes(6).toString('hex')}`;
    publishes.set(id, { size, chunk, count, received: 0, polls: 0, kind, title: req.body?.post_info?.title, disableDuet: req.body?.post_info?.disable_duet });
    res.json(envelope({ publish_id: id, upload_url: `${standIn.url}/upload/?upload_id=${encodeURIComponent(id)}` }));
  };
  app.post('/v2/post/publish/inbox/video/init/', express.json(), init('inbox'));
  app.post('/v2/post/publish/video/init/', express.json(), init('direct'));
  app.post('/v2/post/publish/creator_info/query/', express.json(), (req, res) => {
    if (!authed(req, res)) return;
    res.json(envelope({ creator_username: 'standin.creator', privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'], duet_disabled: false, stitch_disabled: false }));
  });

  app.put('/upload/', raw, (req, res) => {
    const p = publishes.get(String(req.query.upload_id));
    if (!p) return void res.status(404).end();
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.get('content-range') ?? '');
    const body = req.body as Buffer;
    if (!m || Number(m[1]) !== p.received || Number(m[3]) !== p.size || Number(m[2]) - Number(m[1]) + 1 !== body.length || req.get('content-type') !== 'video/mp4') {
      return void res.status(400).json(envelope({}, 'invalid_params', 'Content-Range or Content-Type is wrong'));
    }
    p.received += body.length;
    if (p.received < p.size) return void res.status(206).end();
    state.uploads.push({ kind: p.kind, bytes: p.received, ...(p.title !== undefined ? { title: p.title } : {}), ...(p.disableDuet !== undefined ? { disableDuet: p.disableDuet } : {}) });
    res.status(201).end();
  });

  app.post('/v2/post/publish/status/fetch/', express.json(), (req, res) => {
    if (!authed(req, res)) return;
    const p = publishes.get(String(req.body?.publish_id));
    if (!p) return void res.status(400).json(envelope({}, 'invalid_publish_id', 'publish_id does not exist'));
    p.polls++;
    if (state.mode === 'stuck' || p.received < p.size || p.polls < 2) return void res.json(envelope({ status: 'PROCESSING_UPLOAD', uploaded_bytes: p.received }));
    if (p.kind === 'inbox') return void res.json(envelope({ status: 'SEND_TO_USER_INBOX' }));
    // TikTok's post ids are 19-digit integers in the JSON, beyond a JS number's exact range.
    const body = JSON.stringify(envelope({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: ['POST_ID'] })).replace('"POST_ID"', TIKTOK_POST_ID);
    res.type('application/json').send(body);
  });

  app.post('/v2/oauth/revoke/', express.urlencoded({ extended: false }), (req, res) => {
    access.delete(req.body?.token);
    res.json({});
  });

  const standIn: TikTokStandIn = Object.assign(await listen(app, requests), {
    clientKey, clientSecret,
    setMode: (mode: 'normal' | 'stuck' | 'rate_limited') => { state.mode = mode; },
    expireAccessTokens: () => access.clear(),
    uploads: state.uploads,
  });
  return standIn;
}
