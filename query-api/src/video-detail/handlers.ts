import type { Request, Response } from 'express';
import { COLLECTIONS, NotFoundError, type VideoDetailDoc } from '@app/domain';
import { currentUserId, type DocumentStore, type HandlersOf } from '@app/platform';
import type { LiveStatus } from './live-status';
import { presentStatus, presentVideoDetail, statusEvent, type MediaUrls } from './presenter';

/** A user's own video, or 'Video not found' (never another user's). */
async function ownVideo(docs: DocumentStore, req: Request<Record<string, string>>): Promise<VideoDetailDoc> {
  const userId = currentUserId(req);
  const doc = await docs.collection<VideoDetailDoc>(COLLECTIONS.videoDetail).get(req.params.id);
  if (!doc || doc.userId !== userId) throw new NotFoundError('Video not found');
  return doc;
}

/** The detail page: the record, its status, and the status live over SSE. */
export function videoDetailHandlers(deps: { docs: DocumentStore; media: MediaUrls; live: LiveStatus }): HandlersOf<'videoStatus' | 'videoEvents' | 'getVideoById' | 'getVideo'> {
  const { docs, media, live } = deps;
  const detail = async (req: Request<Record<string, string>>, res: Response) => {
    res.json(presentVideoDetail(await ownVideo(docs, req), media));
  };
  return {
    videoStatus: async (req, res) => {
      res.json(presentStatus(await ownVideo(docs, req)));
    },

    /** Live status over SSE; EventSource cannot send headers, so the token may come as ?token=. */
    videoEvents: async (req, res) => {
      const first = await ownVideo(docs, req);
      // (No Connection header of its own: the server keeps or closes the connection as the request asked.)
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
      // A stream keeps the last status it sent, never a video's record: a thousand watchers of one
      // video share the one record its live status holds.
      let last = '';
      const push = (doc: VideoDetailDoc) => {
        const { body, frame } = statusEvent(doc);
        if (body !== last) {
          res.write(frame);
          last = body;
        }
        return doc.status === 'done' || doc.status === 'failed';
      };
      if (push(first)) return void res.end();
      const stop = live.watch(first._id, (next) => {
        if (!next) {
          stop();
          res.write('event: deleted\ndata: {}\n\n');
          return void res.end();
        }
        if (push(next)) {
          stop();
          res.end();
        }
      });
      req.on('close', stop);
    },

    getVideoById: detail,
    getVideo: detail,
  };
}
