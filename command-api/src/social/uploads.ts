import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  NotFoundError, TIKTOK_TIMEOUT_MESSAGE, ValidationError, postDecider, postStreamId, socialLinkDecider, socialLinkStreamId, videoDecider, videoStreamId,
  type Platform, type PostContent, type PostState,
} from '@app/domain';
import { authenticate, commandMetadata, currentUserId, handle, loadState, parseOrThrow } from '@app/platform';
import { defaultContent, postIdFor } from '@app/platform/src/publishing';
import type { SocialDeps } from './deps';
import { notConnected } from './routes';

export const UPLOAD_MESSAGES = { videoIdMissing: 'Video ID is missing', videoNotAvailable: 'Video data is not available' } as const;

const videoId = z.string({ error: UPLOAD_MESSAGES.videoIdMissing }).trim().min(1, UPLOAD_MESSAGES.videoIdMissing);
const text = (max: number) => z.string().max(max).optional().default('');

/** Bodies of spec section 7's three upload calls. */
export const youtubeUploadSchema = z.object({
  videoId, title: text(100), description: text(5000),
  privacy: z.enum(['public', 'unlisted', 'private']).default('public'),
  tags: z.array(z.string().max(100)).max(30).default([]),
});
export const tiktokUploadSchema = z.object({
  videoId, title: text(150), description: text(2200),
  allowDuet: z.boolean().default(true), allowStitch: z.boolean().default(true),
  hashtags: z.array(z.string().max(100)).max(30).default([]),
});
export const instagramUploadSchema = z.object({ videoId, caption: text(2200) });

export function createUploadRouter(deps: SocialDeps): Router {
  const router = Router();
  const auth = authenticate(deps.tokens);

  /** Checks, requests the post (once per video and platform) and runs it now; returns the post's state. */
  const upload = async (req: Request, platform: Platform, id: string, content: PostContent): Promise<PostState> => {
    const userId = currentUserId(req);
    const { state: video } = await loadState(deps.eventStore, videoStreamId(id), videoDecider);
    if (video.status === 'none' || video.deleted || video.userId !== userId) throw new NotFoundError('Video not found');
    if (video.status !== 'done' || !video.media) throw new ValidationError(UPLOAD_MESSAGES.videoNotAvailable);
    const { state: link } = await loadState(deps.eventStore, socialLinkStreamId(userId, platform), socialLinkDecider);
    if (!link.connected) throw notConnected(platform);
    const postId = postIdFor(id, platform);
    const metadata = commandMetadata({ userId, correlationId: req.get('x-correlation-id'), now: deps.clock.now() });
    await handle(deps.eventStore, postStreamId(postId), postDecider, {
      type: 'RequestPost',
      data: { postId, userId, videoId: id, platform, seriesId: null, source: 'manual', content },
      metadata,
    });
    const { state } = await loadState(deps.eventStore, postStreamId(postId), postDecider);
    if (state.status === 'published') return state;
    return deps.executor.attempt(postId, { final: true, correlationId: metadata.correlationId });
  };

  const failed = (res: Response, state: PostState, extra: Record<string, unknown> = {}) => {
    if (state.status !== 'failed') {
      res.status(409).json({ ...extra, error: 'This video is already being posted' });
      return;
    }
    const error = state.failureMessage ?? 'Failed to upload video';
    res.status(error === TIKTOK_TIMEOUT_MESSAGE ? 504 : 502).json({ ...extra, error, details: { reason: state.lastError ?? '' } });
  };

  router.post('/video/youtube/upload', auth, async (req, res) => {
    const body = parseOrThrow(youtubeUploadSchema, req.body);
    const state = await upload(req, 'youtube', body.videoId, defaultContent(body.title, body.description, { privacy: body.privacy, tags: body.tags }));
    if (state.status === 'published') res.json({ youtubeUrl: state.url });
    else failed(res, state);
  });

  router.post('/video/tiktok/upload', auth, async (req, res) => {
    const body = parseOrThrow(tiktokUploadSchema, req.body);
    const state = await upload(req, 'tiktok', body.videoId, defaultContent(body.title, body.description, { allowDuet: body.allowDuet, allowStitch: body.allowStitch, hashtags: body.hashtags }));
    if (state.status === 'published') res.json({ status: state.remoteStatus ?? 'COMPLETED', tiktokUrl: state.url });
    else failed(res, state, { status: 'FAILED' });
  });

  router.post('/auth/instagram/upload', auth, async (req, res) => {
    const body = parseOrThrow(instagramUploadSchema, req.body);
    const [title, ...rest] = body.caption.split('\n\n');
    const state = await upload(req, 'instagram', body.videoId, defaultContent(title ?? '', rest.join('\n\n'), { caption: body.caption }));
    if (state.status === 'published') res.json({ instagramUrl: state.url });
    else failed(res, state);
  });

  return router;
}

