import { ROUTES, initialSubscriptionState, type SeriesViewDoc } from '@app/domain';
import { nextPostAt, presentSeries } from './presenter';

const aSeries = (patch: Partial<SeriesViewDoc> = {}): SeriesViewDoc => ({
  _id: 's1', userId: 'u1', name: 'Owl facts', status: 'active',
  settings: { topic: 'Fun Facts', customPrompt: null, voiceId: 'voice-1', style: 'anime', aspectRatio: '9:16', language: 'English', duration: 60 },
  platforms: ['youtube'], schedule: { timeZone: 'Europe/Paris', times: ['18:00'], days: [1] },
  createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', lastSlot: null,
  recentSlots: [{ slot: '2026-11-02T17:00:00.000Z', videoId: 'v1', skippedReason: null, missedSlots: 0, posts: [{ platform: 'youtube', status: 'published', url: 'https://youtu.be/x', error: null, at: '2026-11-02T17:05:00.000Z' }] }],
  ...patch,
});
const NOW = new Date('2026-11-04T12:00:00.000Z'); // a Wednesday

describe('A series on the Series home', () => {
  it("should answer the form's field names, the schedule and the recent posts", () => {
    const answer = presentSeries(aSeries(), null, NOW);
    expect(answer).toMatchObject({ _id: 's1', name: 'Owl facts', status: 'active', topic: 'Fun Facts', voiceid: 'voice-1', style: 'anime', duration: 60, platforms: ['youtube'] });
    expect(answer.recentPosts).toEqual([{ slot: '2026-11-02T17:00:00.000Z', videoId: 'v1', skippedReason: null, posts: [{ platform: 'youtube', status: 'published', url: 'https://youtu.be/x', error: null }] }]);
    expect(ROUTES.getSeries.answer.safeParse(answer).success).toBe(true);
  });

  it("should give the next Monday 18:00 in the series' time zone on the Free plan", () => {
    expect(nextPostAt(aSeries(), initialSubscriptionState(), NOW)).toBe('2026-11-09T17:00:00.000Z');
  });

  it('should have no next post while paused', () => {
    expect(nextPostAt(aSeries({ status: 'paused' }), null, NOW)).toBeNull();
  });
});
