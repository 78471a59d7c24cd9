import { randomUUID } from 'node:crypto';
import {
  EntitlementRefused, NotFoundError, isProcessing, subscriptionDecider, subscriptionStreamId, userDecider, userStreamId, videoDecider, videoStreamId,
  type CommandMetadata, type EntitlementRefusal, type GenerateVideoBody,
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
export async function requestVideo(store: EventStore, userId: string, input: GenerateVideoBody, metadata: CommandMetadata, seriesId: string | null = null): Promise<VideoRequestOutcome> {
  const { state: user } = await loadState(store, userStreamId(userId), userDecider);
  if (user.status !== 'registered') return { kind: 'refused', reason: 'userNotFound', message: 'User not found' };

  const videoId = randomUUID();
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
    },
    metadata,
  });
  return { kind: 'requested', videoId, position };
}

/** requestVideo for the HTTP route: a refusal is its typed error (404 'User not found', 409, 403). */
export async function generateVideo(store: EventStore, userId: string, input: GenerateVideoBody, metadata: CommandMetadata, seriesId: string | null = null): Promise<{ videoId: string; position: number }> {
  const outcome = await requestVideo(store, userId, input, metadata, seriesId);
  if (outcome.kind === 'requested') return { videoId: outcome.videoId, position: outcome.position };
  if (outcome.reason === 'userNotFound') throw new NotFoundError(outcome.message);
  throw new EntitlementRefused(outcome.reason);
}

/** Step 2: null when the credit is granted, the plan's refusal otherwise. */
async function useCredit(store: EventStore, userId: string, videoId: string, metadata: CommandMetadata): Promise<EntitlementRefused | null> {
  const command = { type: 'UseVideoCredit' as const, data: { userId, videoId }, metadata };
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
  await handle(store, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId: holder }, metadata });
  return attempt();
}
