import { Router, type Request } from 'express';
import { COLLECTIONS, NotFoundError, type VideoDetailDoc } from '@app/domain';
import { authenticate, currentUserId, type DocumentStore, type SessionTokens } from '@app/platform';
import { presentStatus, presentVideoDetail, type MediaUrls } from './presenter';

/** A user's own video, or 'Video not found' (never another user's). */
async function ownVideo(docs: DocumentStore, req: Request): Promise<VideoDetailDoc> {
  const userId = currentUserId(req);
  const doc = await docs.collection<VideoDetailDoc>(COLLECTIONS.videoDetail).get(req.params.id as string);
  if (!doc || doc.userId !== userId) throw new NotFoundError('Video not found');
  return doc;
}

export function createVideoDetailRouter(deps: { docs: DocumentStore; tokens: SessionTokens; media: MediaUrls; ssePollMs?: number }): Router {
  const { docs, tokens, media } = deps;
  const router = Router();
  const auth = authenticate(tokens);

  router.get('/video/status/:id', auth, async (req, res) => {
    res.json(presentStatus(await ownVideo(docs, req)));
  });

  /** Live status over SSE; EventSource cannot send headers, so the token may come as ?token=. */
  router.get('/video/events/:id', authenticate(tokens, { allowQueryToken: true }), async (req, res) => {
    let doc = await ownVideo(docs, req);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    let last = '';
    const push = () => {
      const body = JSON.stringify(presentStatus(doc));
      if (body !== last) {
        res.write(`event: status\ndata: ${body}\n\n`);
        last = body;
      }
      return doc.status === 'done' || doc.status === 'failed';
    };
    if (push()) return void res.end();
    const timer = setInterval(async () => {
      const next = await docs.collection<VideoDetailDoc>(COLLECTIONS.videoDetail).get(doc._id).catch(() => null);
      if (!next) {
        clearInterval(timer);
        res.write('event: deleted\ndata: {}\n\n');
        return void res.end();
      }
      doc = next;
      if (push()) {
        clearInterval(timer);
        res.end();
      }
    }, deps.ssePollMs ?? 500);
    req.on('close', () => clearInterval(timer));
  });

  const detail = async (req: Request, res: import('express').Response) => {
    res.json(presentVideoDetail(await ownVideo(docs, req), media));
  };
  router.get('/video/videoid/:id', auth, detail);
  router.get('/video/:id', auth, detail);
  return router;
}
