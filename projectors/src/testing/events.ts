/** Event builders for the projections' specs, in the shapes of domain/src/<aggregate>/events.ts. */
const AT = '2026-11-01T10:00:00.000Z';

export const aVideoRequested = (data: Record<string, unknown> = {}) => ({
  type: 'VideoRequested',
  data: {
    videoId: 'v1', userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'voice-1', style: 'anime',
    aspectRatio: '9:16', duration: 60, requestedAt: AT, ...data,
  },
});

export const aScript = { title: 'Ten facts about owls', description: 'Owls are amazing.', narrationScript: ['Owls turn their heads.', 'They fly silently.'] };

export const aStageReached = (status: string, data: Record<string, unknown> = {}) => ({
  type: 'RenderStageReached', data: { videoId: 'v1', status, at: AT, attempt: 1, ...data },
});

export const aMedia = { videoKey: 'videos/u1/v1/video.mp4', thumbnailKey: 'videos/u1/v1/thumbnail.jpg', durationSeconds: 47.4, width: 1080, height: 1920, sizeBytes: 1000 };

export const aVideoRendered = (data: Record<string, unknown> = {}) => ({ type: 'VideoRendered', data: { videoId: 'v1', at: AT, media: aMedia, script: aScript, ...data } });
export const aRenderFailed = (reason = 'The render failed while drawing the illustrations (3 attempts): ffmpeg exited with 1') => ({ type: 'RenderFailed', data: { videoId: 'v1', at: AT, reason } });
export const aCaptionEdited = (description: string) => ({ type: 'CaptionEdited', data: { videoId: 'v1', description, at: AT } });
export const aVideoDeleted = () => ({ type: 'VideoDeleted', data: { videoId: 'v1', userId: 'u1', at: AT, mediaKeys: [] } });

export const anAccountLinked = (platform = 'tiktok', data: Record<string, unknown> = {}) => ({
  type: 'AccountLinked',
  data: {
    userId: 'u1', platform, at: AT, encryptedTokens: 'sealed', expiresAt: null,
    account: { accountId: `acct-${platform}`, name: 'Ada', username: 'ada', profileUrl: null, channelUrl: null }, ...data,
  },
});
export const anAccountUnlinked = (platform = 'tiktok') => ({ type: 'AccountUnlinked', data: { userId: 'u1', platform, at: AT } });

export const aSeriesCreated = (data: Record<string, unknown> = {}) => ({
  type: 'SeriesCreated',
  data: {
    seriesId: 's1', userId: 'u1', name: 'Owl facts', at: AT, platforms: ['youtube', 'tiktok'],
    settings: { topic: 'Fun Facts', customPrompt: null, voiceId: 'voice-1', style: 'anime', aspectRatio: '9:16', language: 'English', duration: 60 },
    schedule: { timeZone: 'Europe/Paris', times: ['18:00'], days: [1, 3, 5] }, ...data,
  },
});

export const aPostRequested = (data: Record<string, unknown> = {}) => ({
  type: 'PostRequested',
  data: {
    postId: 'p1', userId: 'u1', videoId: 'v1', platform: 'youtube', seriesId: 's1', source: 'autopilot', at: AT,
    content: { title: 'Owls', description: 'Facts', caption: 'Owls\n\nFacts', tags: [], privacy: 'public', allowDuet: true, allowStitch: true, hashtags: [] }, ...data,
  },
});

export { AT };
