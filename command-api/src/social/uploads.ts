import type { Request, Response } from 'express';
import {
  NotFoundError, PLATFORM_LABELS, TIKTOK_TIMEOUT_MESSAGE, UPLOAD_MESSAGES, ValidationError, mediaOnShow, postDecider, postStreamId, socialLinkDecider, socialLinkStreamId,
  videoDecider, videoStreamId, type Platform, type PostContent, type PostState,
} from '@app/domain';
import { commandMetadata, currentUserId, defaultContent, handle, loadState, postIdFor, type HandlersOf } from '@app/platform';
import type { SocialDeps } from './deps';

/** The three uploads of spec section 7: each posts a finished video once per platform, now. */
export function uploadHandlers(deps: SocialDeps): HandlersOf<'youtubeUpload' | 'tiktokUpload' | 'instagramUpload'> {
  /** Checks, requests the post (once per video and platform) and runs it now; returns the post's state. */
  const upload = async (req: Request, platform: Platform, id: string, content: PostContent): Promise<PostState> => {
    const userId = currentUserId(req);
    const { state: video } = await loadState(deps.eventStore, videoStreamId(id), videoDecider);
    if (video.status === 'none' || video.deleted || video.userId !== userId) throw new NotFoundError('Video not found');
    // The version on show is posted, whatever a re-render of it is doing.
    if (!mediaOnShow(video)) throw new ValidationError(UPLOAD_MESSAGES.videoNotAvailable);
    const { state: link } = await loadState(deps.eventStore, socialLinkStreamId(userId, platform), socialLinkDecider);
    if (!link.connected) throw new ValidationError(`Your ${PLATFORM_LABELS[platform]} account is not connected`);
    const postId = postIdFor(id, platform);
    const metadata = commandMetadata({ userId, correlationId: req.correlationId, now: deps.clock.now() });
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

  return {
    youtubeUpload: async (req, res) => {
      const body = req.body;
      const state = await upload(req, 'youtube', body.videoId, defaultContent(body.title, body.description, { privacy: body.privacy, tags: body.tags }));
      if (state.status === 'published') res.json({ youtubeUrl: state.url });
      else failed(res, state);
    },

    tiktokUpload: async (req, res) => {
      const body = req.body;
      const state = await upload(req, 'tiktok', body.videoId, defaultContent(body.title, body.description, { allowDuet: body.allowDuet, allowStitch: body.allowStitch, hashtags: body.hashtags }));
      if (state.status === 'published') res.json({ status: state.remoteStatus ?? 'COMPLETED', tiktokUrl: state.url });
      else failed(res, state, { status: 'FAILED' });
    },

    instagramUpload: async (req, res) => {
      const body = req.body;
      const [title, ...rest] = body.caption.split('\n\n');
      const state = await upload(req, 'instagram', body.videoId, defaultContent(title ?? '', rest.join('\n\n'), { caption: body.caption }));
      if (state.status === 'published') res.json({ instagramUrl: state.url });
      else failed(res, state);
    },
  };
}
