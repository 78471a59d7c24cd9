import { randomUUID } from 'node:crypto';
import {
  ConflictError, ENTITLEMENT_MESSAGES, NotFoundError, generateVideoSchema, isProcessing, subscriptionDecider, subscriptionStreamId,
  userDecider, userStreamId, videoDecider, videoStreamId, type CommandMetadata, type GenerateVideoBody,
} from '@app/domain';
import { handle, loadState, parseOrThrow, type EventStore } from '@app/platform';

export interface GenerateVideoResult {
  videoId: string;
  position: number;
}

/**
 * GenerateVideo spans two streams: the user's subscription (entitlements: plan, monthly limit,
 * one video at a time, decided against one expected revision so concurrent requests cannot both
 * pass) and the new video's stream.
 */
export async function generateVideo(store: EventStore, userId: string, body: unknown, metadata: CommandMetadata, seriesId: string | null = null): Promise<GenerateVideoResult> {
  const input: GenerateVideoBody = parseOrThrow(generateVideoSchema, body);
  const { state: user } = await loadState(store, userStreamId(userId), userDecider);
  if (user.status !== 'registered') throw new NotFoundError('User not found');

  const videoId = randomUUID();
  await useCredit(store, userId, videoId, metadata);
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
  return { videoId, position };
}

async function useCredit(store: EventStore, userId: string, videoId: string, metadata: CommandMetadata): Promise<void> {
  const command = { type: 'UseVideoCredit' as const, data: { userId, videoId }, metadata };
  try {
    await handle(store, subscriptionStreamId(userId), subscriptionDecider, command);
  } catch (error) {
    if (!(error instanceof ConflictError) || error.message !== ENTITLEMENT_MESSAGES.stillProcessing) throw error;
    // Self-healing: a slot held by a video that never got requested (a crash between the two
    // appends) or that already finished is released, then the credit is tried once more.
    const { state } = await loadState(store, subscriptionStreamId(userId), subscriptionDecider);
    const holder = state.processingVideoId;
    if (!holder) throw error;
    const { state: video } = await loadState(store, videoStreamId(holder), videoDecider);
    if (isProcessing(video)) throw error;
    await handle(store, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId: holder }, metadata });
    await handle(store, subscriptionStreamId(userId), subscriptionDecider, command);
  }
}
