import type { RenderRequest } from '@app/domain';

let made = 0;

/** A render request with a fresh video id (a 30 s English short by default); override what a test is about. */
export function aRenderRequest(overrides: Partial<RenderRequest> = {}): RenderRequest {
  return {
    videoId: `video-${Date.now()}-${made++}`,
    userId: 'user-1',
    topic: 'Fun Facts',
    customPrompt: null,
    language: 'English',
    voiceId: 'nPczCjzI2devNBz1zQrb',
    style: 'comic',
    aspectRatio: '9:16',
    duration: 30,
    requestedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
