import { randomBytes } from 'node:crypto';
import express from 'express';
import { bearerOf, listen, raw, recorder, type StandIn } from './stand-in';

/**
 * YouTube Data API v3 and Google OAuth, as documented: form-encoded token endpoint (authorization_code,
 * refresh_token), Bearer tokens, channels.list?mine=true, and the resumable upload protocol
 * (POST ?uploadType=resumable with X-Upload-Content-* → Location; PUT chunks with Content-Range →
 * 308 + Range until the last, then the video resource). Errors in Google's JSON error shape.
 */
export interface YouTubeStandIn extends StandIn {
  clientId: string;
  clientSecret: string;
  /** While on, starting an upload session answers 403 quotaExceeded. */
  setQuotaExceeded(on: boolean): void;
  /** Expire every access token issued so far. */
  expireAccessTokens(): void;
  uploads: Array<{ title: string; privacy: string; tags: string[]; bytes: number }>;
}

const googleError = (code: number, reason: string, message: string) => ({ error: { code, message, errors: [{ message, domain: 'global', reason }] } });

export async function startYouTubeStandIn(): Promise<YouTubeStandIn> {
  const app = express();
  const requests = recorder(app);
  const clientId = 'yt-client.apps.googleusercontent.com';
  const clientSecret = 'yt-secret';
  const usedCodes = new Set<string>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  const sessions = new Map<string, { size: number; type: string; received: Buffer[]; meta: any }>();
  const state = { quotaExceeded: false, uploads: [] as YouTubeStandIn['uploads'] };
  const issue = () => {
    const a = `ya29.${randomBytes(8).toString('hex')}`;
    access.add(a);
    return a;
  };
  const authed = (req: express.Request, res: express.Response) => {
    const t = bearerOf(req);
    if (t && access.has(t)) return true;
    res.status(401).json(googleError(401, 'authError', 'Invalid Credentials'));
    return false;
  };

  app.post('/token', express.urlencoded({ extended: false }), (req, res) => {
    const b = req.body;
    if (b.client_id !== clientId || b.client_secret !== clientSecret) return void res.status(401).json({ error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    if (b.grant_type === 'authorization_code') {
      if (!String(b.code).startsWith('good-code') || usedCodes.has(b.code) || !b.redirect_uri) return void res.status(400).json({ error: 'invalid_grant', error_description: 'Bad Request' });
      usedCodes.add(b.code);
      const r = `1//${randomBytes(8).toString('hex')}`;
      refresh.add(r);
      return void res.json({ access_token: issue(), refresh_token: r, expires_in: 3599, scope: 'https://www.googleapis.com/auth/youtube.upload', token_type: 'Bearer' });
    }
    if (b.grant_type === 'refresh_token') {
      if (!refresh.has(b.refresh_token)) return void res.status(400).json({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return void res.json({ access_token: issue(), expires_in: 3599, scope: 'https://www.googleapis.com/auth/youtube.upload', token_type: 'Bearer' });
    }
    res.status(400).json({ error: 'unsupported_grant_type' });
  });

  app.get('/youtube/v3/channels', (req, res) => {
    if (!authed(req, res)) return;
    if (req.query.mine !== 'true' || !String(req.query.part).includes('snippet')) return void res.status(400).json(googleError(400, 'badRequest', 'mine and part are required'));
    res.json({ kind: 'youtube#channelListResponse', items: [{ id: 'UCstandin123', snippet: { title: 'Stand-in Channel', customUrl: '@standin', thumbnails: { default: { url: 'https://yt3.example/standin.jpg' } } } }] });
  });

  app.post('/upload/youtube/v3/videos', express.json(), (req, res) => {
    if (!authed(req, res)) return;
    if (req.query.uploadType !== 'resumable') return void res.status(400).json(googleError(400, 'badRequest', 'uploadType must be resumable'));
    const size = Number(req.get('x-upload-content-length'));
    const type = req.get('x-upload-content-type');
    if (!size || !type?.startsWith('video/')) return void res.status(400).json(googleError(400, 'badRequest', 'X-Upload-Content-Length and X-Upload-Content-Type are required'));
    if (!req.body?.snippet?.title || !req.body?.status?.privacyStatus) return void res.status(400).json(googleError(400, 'invalidTitle', 'snippet.title and status.privacyStatus are required'));
    if (state.quotaExceeded) return void res.status(403).json(googleError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.'));
    const id = randomBytes(6).toString('hex');
    sessions.set(id, { size, type, received: [], meta: req.body });
    res.setHeader('location', `${standIn.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}`);
    res.status(200).end();
  });

  app.put('/upload/youtube/v3/videos', raw, (req, res) => {
    if (!authed(req, res)) return;
    const session = sessions.get(String(req.query.upload_id));
    if (!session) return void res.status(404).json(googleError(404, 'notFound', 'Upload session not found'));
    const have = session.received.reduce((n, b) => n + b.length, 0);
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.get('content-range') ?? '');
    const body = req.body as Buffer;
    if (!m || Number(m[1]) !== have || Number(m[3]) !== session.size || Number(m[2]) - Number(m[1]) + 1 !== body.length) {
      return void res.status(400).json(googleError(400, 'badContentRange', 'Content-Range does not continue the upload'));
    }
    session.received.push(body);
    const total = have + body.length;
    if (total < session.size) {
      res.setHeader('range', `bytes=0-${total - 1}`);
      return void res.status(308).end();
    }
    const id = `vid${randomBytes(4).toString('hex')}`;
    state.uploads.push({ title: session.meta.snippet.title, privacy: session.meta.status.privacyStatus, tags: session.meta.snippet.tags ?? [], bytes: total });
    res.status(200).json({ kind: 'youtube#video', id, snippet: session.meta.snippet, status: { uploadStatus: 'uploaded', privacyStatus: session.meta.status.privacyStatus } });
  });

  app.post('/revoke', express.urlencoded({ extended: false }), (req, res) => {
    refresh.delete(String(req.query.token ?? req.body?.token));
    res.status(200).json({});
  });

  const standIn: YouTubeStandIn = Object.assign(await listen(app, requests), {
    clientId, clientSecret,
    setQuotaExceeded: (on: boolean) => { state.quotaExceeded = on; },
    expireAccessTokens: () => access.clear(),
    uploads: state.uploads,
  });
  return standIn;
}
