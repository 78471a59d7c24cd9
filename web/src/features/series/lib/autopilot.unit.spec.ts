import { SCHEDULE_MESSAGES } from '@app/domain';
import {
  formatInstant,
  formatNextPost,
  planDefaults,
  postingPlanOf,
  scheduleSummary,
  seriesRequestOf,
  validateAutopilot,
  valuesOfSeries,
} from './autopilot';

describe('formatNextPost', () => {
  // 2025-06-10 is a Tuesday. 21:30 UTC is already Wednesday 06:30 in Tokyo and 23:30 Tuesday in Paris.
  const now = new Date('2025-06-10T21:30:00Z');

  it('should word the next post in the series time zone, not the browser one', () => {
    const slot = '2025-06-11T16:00:00Z'; // 18:00 in Paris (CEST), 12:00 in New York, 01:00 Thursday in Tokyo
    expect(formatNextPost(slot, 'Europe/Paris', now)).toBe('Tomorrow 18:00 (Europe/Paris)');
    expect(formatNextPost(slot, 'America/New_York', now)).toBe('Tomorrow 12:00 (America/New_York)');
    expect(formatNextPost(slot, 'Asia/Tokyo', now)).toBe('Tomorrow 01:00 (Asia/Tokyo)');
  });

  it('should say Today when the slot is later the same local day', () => {
    expect(formatNextPost('2025-06-10T21:45:00Z', 'Europe/Paris', now)).toBe('Today 23:45 (Europe/Paris)');
    expect(formatNextPost('2025-06-10T22:15:00Z', 'Europe/Paris', now)).toBe('Tomorrow 00:15 (Europe/Paris)');
  });

  it('should name the weekday within the week and the date beyond it', () => {
    expect(formatNextPost('2025-06-13T16:00:00Z', 'Europe/Paris', now)).toBe('Fri 18:00 (Europe/Paris)');
    expect(formatNextPost('2025-06-20T16:00:00Z', 'Europe/Paris', now)).toBe('Fri 20 Jun 18:00 (Europe/Paris)');
  });

  it('should keep the wall time across a DST change', () => {
    const before = new Date('2025-03-29T12:00:00Z'); // Saturday; Paris springs forward that night
    expect(formatNextPost('2025-03-30T16:00:00Z', 'Europe/Paris', before)).toBe('Tomorrow 18:00 (Europe/Paris)');
  });

  it('should word past slots too', () => {
    expect(formatInstant('2025-06-09T16:00:00Z', 'Europe/Paris', now)).toBe('Yesterday 18:00');
    expect(formatInstant('2025-06-02T16:00:00Z', 'Europe/Paris', now)).toBe('Mon 2 Jun 18:00');
  });
});

describe('planDefaults', () => {
  it.each([
    ['FREE', [1], ['18:00']],
    ['STARTER', [1, 3, 5], ['18:00']],
    ['DAILY', [0, 1, 2, 3, 4, 5, 6], ['18:00']],
    ['HARDCORE', [0, 1, 2, 3, 4, 5, 6], ['09:00', '18:00']],
  ] as const)('should follow the %s frequency', (plan, days, times) => {
    expect(planDefaults(plan, 'Europe/Paris')).toEqual({ timeZone: 'Europe/Paris', days, times });
  });
});

describe('postingPlanOf', () => {
  const now = new Date('2025-06-10T00:00:00Z');
  it('should be Free without a live subscription', () => {
    expect(postingPlanOf(null, now)).toBe('FREE');
    expect(postingPlanOf({ plan: 'DAILY', status: 'canceled', currentPeriodEnd: '2025-07-01T00:00:00Z' }, now)).toBe('FREE');
    expect(postingPlanOf({ plan: 'DAILY', status: 'active', currentPeriodEnd: '2025-06-01T00:00:00Z' }, now)).toBe('FREE');
  });
  it('should be the subscribed plan while it runs, even when canceling', () => {
    expect(postingPlanOf({ plan: 'STARTER', status: 'active', currentPeriodEnd: '2025-07-01T00:00:00Z' }, now)).toBe('STARTER');
    expect(postingPlanOf({ plan: 'HARDCORE', status: 'canceling', currentPeriodEnd: '2025-07-01T00:00:00Z' }, now)).toBe('HARDCORE');
  });
});

describe('validateAutopilot', () => {
  const ok = { autopilot: true, platforms: ['youtube' as const], timeZone: 'Europe/Paris', days: [1, 3, 5], times: ['18:00'] };
  it('should pass a schedule within the plan and ignore everything when off', () => {
    expect(validateAutopilot(ok, 3)).toEqual({});
    expect(validateAutopilot({ autopilot: false }, 1)).toEqual({});
  });
  it('should refuse more slots than the plan posts, in the server wording', () => {
    expect(validateAutopilot({ ...ok, times: ['09:00', '18:00'] }, 3)).toEqual({ days: SCHEDULE_MESSAGES.tooMany(3) });
  });
  it('should need platforms, a valid zone, days and well-formed times', () => {
    expect(validateAutopilot({ ...ok, platforms: [], timeZone: 'Mars/Olympus', days: [], times: ['7pm'] }, 14)).toEqual({
      platforms: 'Choose at least one platform to post to',
      timeZone: 'Please choose a valid time zone',
      days: 'Choose at least one posting day',
      times: 'Enter each time as HH:MM',
    });
  });
});

describe('seriesRequestOf / valuesOfSeries', () => {
  it('should send generate-video names, the upper duration and a sorted schedule, and read it back', () => {
    const body = seriesRequestOf({
      topic: 'Fun Facts', customPrompt: 'ignored', narrationVoice: 'v1', artStyle: 'anime', aspectRatio: '9:16', language: 'English', duration: '15-30',
      autopilot: true, name: ' Owls ', platforms: ['tiktok', 'youtube'], timeZone: 'Europe/Paris', days: [5, 1, 3], times: ['18:00', '09:00'],
    });
    expect(body).toEqual({
      name: 'Owls', topic: 'Fun Facts', customPrompt: null, voiceid: 'v1', style: 'anime', aspectRatio: '9:16', language: 'English', duration: 30,
      platforms: ['youtube', 'tiktok'], schedule: { timeZone: 'Europe/Paris', days: [1, 3, 5], times: ['09:00', '18:00'] },
    });
    const values = valuesOfSeries({
      _id: 's1', name: 'Owls', status: 'active', topic: 'Fun Facts', customPrompt: null, voiceid: 'v1', style: 'anime', aspectRatio: '9:16',
      language: 'English', duration: 30, platforms: ['youtube', 'tiktok'], schedule: body.schedule, nextPostAt: null, recentPosts: [], createdAt: '',
    });
    expect(seriesRequestOf(values)).toEqual(body);
  });

  it('should carry the series\' caption look and music both ways, and leave them out when unset', () => {
    const captions = { preset: 'pop' as const, position: 'top' as const, size: 'large' as const, highlight: '#FF3366' };
    const music = { mood: 'calm' as const, volume: 10, ducking: false };
    const values = valuesOfSeries({
      _id: 's1', name: 'Owls', status: 'active', topic: 'Fun Facts', customPrompt: null, voiceid: 'v1', style: 'anime', aspectRatio: '9:16', captions, music,
      language: 'English', duration: 30, platforms: ['youtube'], schedule: { timeZone: 'UTC', days: [1], times: ['18:00'] }, nextPostAt: null, recentPosts: [], createdAt: '',
    });
    expect(seriesRequestOf(values)).toMatchObject({ captions, music });
    expect(seriesRequestOf({ ...values, captions: undefined, music: undefined })).not.toHaveProperty('captions');
  });
});

describe('scheduleSummary', () => {
  it('should read like a sentence', () => {
    expect(scheduleSummary([5, 1, 3], ['18:00'])).toBe('Mon, Wed, Fri at 18:00');
    expect(scheduleSummary([0, 1, 2, 3, 4, 5, 6], ['18:00', '09:00'])).toBe('Every day at 09:00 and 18:00');
  });
});
