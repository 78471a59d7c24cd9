import {
  ConflictError, PLATFORM_LABELS, TIKTOK_TIMEOUT_MESSAGE, postDecider, postStreamId, socialLinkDecider, socialLinkStreamId,
  mediaOnShow, uploadFailedMessage, videoDecider, videoStreamId, type CommandMetadata, type PostState,
} from '@app/domain';
import {
  PublishError, handle, holderIsGone, holderName, loadState, type BlobStore, type Clock, type EventStore, type Logger, type PlatformTokens, type Publishers, type TokenVault,
  type VideoSource,
} from '@app/platform';

/** Refresh tokens this long before they expire. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** How long one attempt holds a post (longer than any upload plus TikTok's status polling). */
export const ATTEMPT_HOLD_MS = 15 * 60_000;

export interface PostExecutorDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  publishers: Publishers;
  vault: TokenVault;
  clock: Clock;
  logger: Logger;
  /** Absolute signed URL of a video's MP4 (platforms that pull the media). */
  mediaUrl: (videoId: string) => string;
}

type Done = Extract<PostState, { status: 'published' | 'failed' | 'pending' | 'publishing' }>;

/**
 * Runs one attempt of a post: holds it (so no second worker uploads it meanwhile), gets fresh
 * tokens (refreshing before expiry, and once more on an auth error), uploads, and records the
 * outcome as events. Transient failures go back to the queue with backoff; `final` (a person
 * pressing Upload Video) turns every failure into PostFailed so the answer is immediate.
 */
export class PostExecutor {
  private readonly log: Logger;
  /** This process, named in the attempts it holds. */
  private readonly holder = holderName();
  constructor(private readonly deps: PostExecutorDeps) {
    this.log = deps.logger.child({ category: 'publishing' });
  }

  /**
   * Holds the post for this attempt. A hold by a process that has exited (a restart after kill -9
   * in the middle of an upload) is taken over at once, so the creator's retry is not told the
   * video is still being posted by nobody for the rest of the hold.
   */
  private async hold(stream: string, correlationId: string) {
    const start = (takeOverFrom?: string) =>
      handle(this.deps.eventStore, stream, postDecider, { type: 'StartPostAttempt', data: { holdMs: ATTEMPT_HOLD_MS, holder: this.holder, takeOverFrom }, metadata: this.meta(correlationId) });
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const { state } = await loadState(this.deps.eventStore, stream, postDecider);
      if (state.status !== 'publishing' || !state.holder || !holderIsGone(state.holder)) throw error;
      this.log.warn({ stream, attempt: state.attempts, holder: state.holder }, "Taking over a post whose attempt's process has exited");
      return start(state.holder);
    }
  }

  private meta(correlationId: string, userId?: string): CommandMetadata {
    const now = this.deps.clock.now().toISOString();
    return { now, timestamp: now, userId, correlationId, causationId: correlationId };
  }

  async attempt(postId: string, options: { final?: boolean; correlationId?: string } = {}): Promise<Done> {
    const { eventStore } = this.deps;
    const stream = postStreamId(postId);
    const correlationId = options.correlationId ?? postId;
    const { events } = await this.hold(stream, correlationId);
    const { state } = await loadState(eventStore, stream, postDecider);
    if (state.status === 'none') throw new ConflictError('Post not found');
    if (events.length === 0) return state;
    const attempt = state.attempts;
    const log = this.log.child({ postId, platform: state.platform, videoId: state.videoId, attempt, correlationId });
    const fail = async (reason: string, retryable: boolean, message = uploadFailedMessage(state.platform)) => {
      log.warn({ reason, retryable }, 'Post attempt failed');
      await handle(eventStore, stream, postDecider, {
        type: 'RecordPostFailure', data: { attempt, reason, retryable: retryable && !options.final, message }, metadata: this.meta(correlationId, state.userId),
      });
      return (await loadState(eventStore, stream, postDecider)).state as Done;
    };

    const publisher = this.deps.publishers[state.platform];
    const link = await loadState(eventStore, socialLinkStreamId(state.userId, state.platform), socialLinkDecider);
    if (!link.state.connected) return fail(`Your ${PLATFORM_LABELS[state.platform]} account is not connected`, false);
    const { account } = link.state;
    let sealed = link.state.encryptedTokens;
    let tokens = await this.deps.vault.open(sealed);
    if (!tokens) return fail(`Your ${PLATFORM_LABELS[state.platform]} account is not connected`, false);

    const refresh = async (current: PlatformTokens): Promise<PlatformTokens> => {
      const next = await publisher.refresh(current, this.deps.clock.now());
      sealed = await this.deps.vault.seal(next, sealed);
      await handle(eventStore, socialLinkStreamId(state.userId, state.platform), socialLinkDecider, {
        type: 'RefreshTokens', data: { encryptedTokens: sealed, expiresAt: next.expiresAt }, metadata: this.meta(correlationId, state.userId),
      });
      log.info('Refreshed the platform tokens');
      return next;
    };

    const video = await this.videoSource(state.videoId);
    if (!video) return fail('Video data is not available', false);

    let refreshed = false;
    try {
      if (tokens.expiresAt && tokens.refreshToken && Date.parse(tokens.expiresAt) - REFRESH_MARGIN_MS <= this.deps.clock.now().getTime()) {
        tokens = await refresh(tokens);
        refreshed = true;
      }
      let result;
      try {
        result = await publisher.publish({ postId, tokens, account, video, content: state.content });
      } catch (error) {
        if (!(error instanceof PublishError) || error.kind !== 'auth' || refreshed || !tokens.refreshToken) throw error;
        tokens = await refresh(tokens);
        result = await publisher.publish({ postId, tokens, account, video, content: state.content });
      }
      await handle(eventStore, stream, postDecider, {
        type: 'RecordPostPublished', data: { attempt, url: result.url, remoteId: result.remoteId, status: result.status }, metadata: this.meta(correlationId, state.userId),
      });
      log.info({ url: result.url }, 'Posted');
      return (await loadState(eventStore, stream, postDecider)).state as Done;
    } catch (error) {
      if (error instanceof PublishError) {
        if (error.kind === 'timeout') return fail(error.message, false, state.platform === 'tiktok' ? TIKTOK_TIMEOUT_MESSAGE : uploadFailedMessage(state.platform));
        if (error.kind === 'auth') return fail(`${error.message}. Please reconnect your ${PLATFORM_LABELS[state.platform]} account.`, false);
        return fail(error.message, error.retryable);
      }
      log.error({ err: error }, 'Unexpected error while posting');
      return fail('Unexpected error while posting', true);
    }
  }

  /** The version on show: a re-render running or failed does not hold a post back. */
  private async videoSource(videoId: string): Promise<VideoSource | null> {
    const { state } = await loadState(this.deps.eventStore, videoStreamId(videoId), videoDecider);
    const media = mediaOnShow(state);
    if (!media) return null;
    const key = media.videoKey;
    const info = await this.deps.blobs.stat(key);
    if (!info) return null;
    return {
      videoId,
      size: info.size,
      contentType: info.contentType || 'video/mp4',
      open: (range) => this.deps.blobs.read(key, range),
      publicUrl: this.deps.mediaUrl(videoId),
    };
  }
}
