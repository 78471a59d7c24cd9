import { randomUUID } from 'node:crypto';
import {
  EntitlementRefused, NotFoundError, OWN_MEDIA_MESSAGES, ValidationError, isProcessing, liveMediaItem, mediaLibraryDecider, mediaLibraryStreamId, subscriptionDecider, subscriptionStreamId, userDecider, userStreamId, videoDecider, videoStreamId,
  type CommandMetadata, type EntitlementRefusal, type GenerateVideoBody, type SceneMedia, type SceneMediaChoice, type SubscriptionCommand, type VideoRequest,
} from '@app/domain';
import { handle, loadState, type EventStore } from '@app/platform';

/** What a request for a video came to. */
export type VideoRequestOutcome =
  | { kind: 'requested'; videoId: string; position: number }
  | { kind: 'refused'; reason: EntitlementRefusal | 'userNotFound'; message: string };

/**
 * The GenerateVideo workflow, across three streams, step by step:
 * 1. the user must exist (their own stream);
 * 2. the plan grants a credit on the user's subscription stream (plan, monthly limit, one video
 *    at a time, decided against one expected revision so concurrent requests cannot both pass).
 *    A slot held by a video that is not processing any more (a crash between steps 2 and 3, or
 *    a finish that was never recorded) is released and the credit asked once more;
 * 3. the video is requested on its own new stream.
 * Refusals are outcomes with their reason, for the HTTP answer and the autopilot's skipped slot.
 */
export async function requestVideo(
  store: EventStore, userId: string, input: GenerateVideoBody, metadata: CommandMetadata, seriesId: string | null = null,
  /** A caller that may retry (a batch item) names its video, so a retry is the same request: one credit, one video. */
  videoId: string = randomUUID(),
  /** "Upload Video": the finished clip the video is made of (resolved by the caller). */
  imported?: VideoRequest['import'],
): Promise<VideoRequestOutcome> {
  const { state: user } = await loadState(store, userStreamId(userId), userDecider);
  if (user.status !== 'registered') return { kind: 'refused', reason: 'userNotFound', message: 'User not found' };
  // The creator's own media are checked before a credit is used: a refusal writes nothing.
  const sceneMedia = input.sceneMedia?.length ? await resolveSceneMedia(store, userId, input.sceneMedia) : undefined;

  const credit = await useCredit(store, userId, videoId, metadata);
  if (credit) return { kind: 'refused', reason: credit.reason, message: credit.message };

  const { position } = await handle(store, videoStreamId(videoId), videoDecider, {
    type: 'RequestVideo',
    data: {
      videoId,
      userId,
      seriesId: input.seriesId ?? seriesId,
      topic: input.topic,
      customPrompt: input.customPrompt?.trim() || null,
      language: input.language,
      voiceId: input.voiceid,
      style: input.style,
      aspectRatio: input.aspectRatio,
      duration: input.duration,
      ...(input.captions ? { captions: input.captions } : {}),
      ...(input.music ? { music: input.music } : {}),
      ...(sceneMedia ? { sceneMedia } : {}),
      ...(imported ? { import: imported } : {}),
    },
    metadata,
  });
  return { kind: 'requested', videoId, position };
}

/**
 * The library items a request names, each checked to be one of the creator's own live items (an id of
 * another creator's, a deleted or a made-up item is refused with 400 and nothing is written).
 */
export async function resolveSceneMedia(store: EventStore, userId: string, choices: readonly SceneMediaChoice[]): Promise<SceneMedia[]> {
  const { state: library } = await loadState(store, mediaLibraryStreamId(userId), mediaLibraryDecider);
  return choices.map(({ mediaId, fit }) => {
    const item = liveMediaItem(library, mediaId);
    if (!item) throw new ValidationError(OWN_MEDIA_MESSAGES.notInLibrary);
    return { mediaId, kind: item.kind, blobKey: item.blobKey, fit };
  });
}

/** requestVideo for the HTTP route: a refusal is its typed error (404 'User not found', 409, 403). */
export async function generateVideo(store: EventStore, userId: string, input: GenerateVideoBody, metadata: CommandMetadata, seriesId: string | null = null): Promise<{ videoId: string; position: number }> {
  const outcome = await requestVideo(store, userId, input, metadata, seriesId);
  if (outcome.kind === 'requested') return { videoId: outcome.videoId, position: outcome.position };
  if (outcome.reason === 'userNotFound') throw new NotFoundError(outcome.message);
  throw new EntitlementRefused(outcome.reason);
}

/** Step 2: null when the credit is granted, the plan's refusal otherwise. */
function useCredit(store: EventStore, userId: string, videoId: string, metadata: CommandMetadata): Promise<EntitlementRefused | null> {
  return claimRenderSlot(store, userId, { type: 'UseVideoCredit', data: { userId, videoId }, metadata });
}

/**
 * Takes the user's one render slot for a video (with a monthly credit for a new video, without
 * for a re-render): null when taken, the plan's refusal otherwise. A slot held by a video that
 * is not processing any more (a crash between the steps of a workflow, or a finish that was never
 * recorded) is released and the slot asked for once more.
 */
export async function claimRenderSlot(store: EventStore, userId: string, command: Extract<SubscriptionCommand, { type: 'UseVideoCredit' | 'HoldRenderSlot' }>): Promise<EntitlementRefused | null> {
  const attempt = async () => {
    try {
      await handle(store, subscriptionStreamId(userId), subscriptionDecider, command);
      return null;
    } catch (error) {
      if (error instanceof EntitlementRefused) return error;
      throw error;
    }
  };
  const refusal = await attempt();
  if (refusal?.reason !== 'stillProcessing') return refusal;
  const { state } = await loadState(store, subscriptionStreamId(userId), subscriptionDecider);
  const holder = state.processingVideoId;
  if (!holder) return refusal;
  const { state: video } = await loadState(store, videoStreamId(holder), videoDecider);
  if (isProcessing(video)) return refusal;
  await handle(store, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId: holder }, metadata: command.metadata });
  return attempt();
}
