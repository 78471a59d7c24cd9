import { randomBytes } from 'node:crypto';
import express from 'express';
import { listen, recorder, type StandIn } from './stand-in';

/**
 * Instagram API with Instagram Login as documented: POST /oauth/access_token (form), the
 * ig_exchange_token / ig_refresh_token GETs, /me, and Reels publishing: POST /<IG_ID>/media
 * (media_type=REELS, video_url — fetched, as Instagram does, so it must be reachable), GET the
 * container's status_code until FINISHED, POST /<IG_ID>/media_publish, GET permalink.
 * access_token travels as a parameter; errors use the Graph API shape (code 190 = bad token).
 */
export interface InstagramStandIn extends StandIn {
  appId: string;
  appSecret: string;
  expireAccessTokens(): void;
  /** While on, media_publish answers the publishing limit error. */
  setPublishLimitReached(on: boolean): void;
  published: Array<{ caption: string; videoBytes: number }>;
}

const graphError = (message: string, code: number, type = 'OAuthException', subcode?: number) => ({ error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: randomBytes(6).toString('base64url') } });

export async function startInstagramStandIn(): Promise<InstagramStandIn> {
  const app = express();
  const requests = recorder(app);
  const appId = '990001112223334';
  const appSecret = 'ig-secret';
  const shortTokens = new Set<string>();
  const longTokens = new Set<string>();
  const containers = new Map<string, { caption: string; videoBytes: number; polls: number }>();
  const media = new Map<string, string>();
  const state = { limit: false, published: [] as InstagramStandIn['published'] };
  const IG_ID = '17841400000000001';
  const token = (req: express.Request) => String(req.query.access_token ?? req.body?.access_token ?? '');
  const authed = (req: express.Request, res: express.Response) => {
    if (longTokens.has(token(req))) return true;
    res.status(400).json(graphError('Invalid OAuth access token - Cannot parse access token', 190));
    return false;
  };
  const long = () => {
    const t = `IGAA${randomBytes(10).toString('hex')}`;
    longTokens.add(t);
    return { access_token: t, token_type: 'bearer', expires_in: 5184000 };
  };

  app.post('/oauth/access_token', express.urlencoded({ extended: false }), (req, res) => {
    const b = req.body;
    if (b.client_id !== appId || b.client_secret !== appSecret || b.grant_type !== 'authorization_code' || !b.redirect_uri || b.code !== 'good-code') {
      return void res.status(400).json({ error_type: 'OAuthException', code: 400, error_message: 'Invalid authorization code' });
    }
    const t = `IGQ${randomBytes(8).toString('hex')}`;
    shortTokens.add(t);
    res.json({ data: [{ access_token: t, user_id: IG_ID, permissions: 'instagram_business_basic,instagram_business_content_publish' }] });
  });
  app.get('/access_token', (req, res) => {
    if (req.query.grant_type !== 'ig_exchange_token' || req.query.client_secret !== appSecret || !shortTokens.has(String(req.query.access_token))) return void res.status(400).json(graphError('Invalid exchange request', 100, 'IGApiException'));
    res.json(long());
  });
  app.get('/refresh_access_token', (req, res) => {
    if (req.query.grant_type !== 'ig_refresh_token' || !longTokens.has(String(req.query.access_token))) return void res.status(400).json(graphError('Invalid OAuth access token - Cannot parse access token', 190));
    res.json(long());
  });
  app.get('/:version/me', (req, res) => {
    if (!authed(req, res)) return;
    res.json({ user_id: IG_ID, username: 'standin.reels', id: IG_ID });
  });
  app.post('/:version/:igId/media', express.urlencoded({ extended: false }), async (req, res) => {
    if (!authed(req, res)) return;
    if (req.params.igId !== IG_ID) return void res.status(400).json(graphError('Unsupported post request', 100, 'GraphMethodException'));
    if (req.body.media_type !== 'REELS' || !/^https?:\/\//.test(req.body.video_url ?? '')) return void res.status(400).json(graphError('media_type REELS and a public video_url are required', 100, 'IGApiException'));
    // Instagram cURLs the media: it must be reachable at that URL now.
    const video = await fetch(req.body.video_url).catch(() => null);
    if (!video?.ok) return void res.status(400).json(graphError('The video could not be fetched from the URI', 9004, 'IGApiException', 2207052));
    const id = randomBytes(8).toString('hex');
    containers.set(id, { caption: req.body.caption ?? '', videoBytes: (await video.arrayBuffer()).byteLength, polls: 0 });
    res.json({ id });
  });
  app.post('/:version/:igId/media_publish', express.urlencoded({ extended: false }), (req, res) => {
    if (!authed(req, res)) return;
    if (state.limit) return void res.status(400).json(graphError('Application request limit reached', 9, 'IGApiException', 2207042));
    const c = containers.get(req.body.creation_id);
    if (!c || c.polls < 2) return void res.status(400).json(graphError('Media ID is not available', 9007, 'IGApiException', 2207027));
    const id = `1790${randomBytes(6).toString('hex')}`;
    media.set(id, `https://www.instagram.com/reel/${randomBytes(5).toString('base64url')}/`);
    state.published.push({ caption: c.caption, videoBytes: c.videoBytes });
    res.json({ id });
  });
  app.get('/:version/:id', (req, res) => {
    if (!authed(req, res)) return;
    const c = containers.get(req.params.id);
    if (c && String(req.query.fields).includes('status_code')) {
      c.polls++;
      return void res.json({ status_code: c.polls < 2 ? 'IN_PROGRESS' : 'FINISHED', id: req.params.id });
    }
    const permalink = media.get(req.params.id);
    if (permalink) return void res.json({ permalink, id: req.params.id });
    res.status(400).json(graphError('Unsupported get request', 100, 'GraphMethodException'));
  });

  return Object.assign(await listen(app, requests), {
    appId, appSecret,
    expireAccessTokens: () => longTokens.clear(),
    setPublishLimitReached: (on: boolean) => { state.limit = on; },
    published: state.published,
  });
}
