import { PLANS, findPlan } from '../catalog/plans';
import { deciderSpec, meta } from '../testing/decider-spec';
import { seriesDecider } from './decide';
import type { SeriesCreated, SeriesEvent } from './events';
import {
  allowedPostsPerWeek, capToFrequency, defaultSchedule, dueSlot, localToInstant, nextSlotAfter, slotsBetween, slotsPerWeek,
} from './schedule';

const iso = (ms: number) => new Date(ms).toISOString();
const week = (schedule: Parameters<typeof slotsBetween>[0], from: string) => slotsBetween(schedule, Date.parse(from), Date.parse(from) + 7 * 86_400_000);

describe('Autopilot schedule', () => {
  describe('When following the plan frequency', () => {
    it.each([
      ['STARTER', 3],
      ['DAILY', 7],
      ['HARDCORE', 14],
      ['FREE', 1],
    ] as const)('should post %s %i times a week by default', (planId, perWeek) => {
      const n = allowedPostsPerWeek(findPlan(planId));
      expect(n).toBe(perWeek);
      const schedule = defaultSchedule(n, 'America/New_York');
      expect(slotsPerWeek(schedule)).toBe(perWeek);
      expect(week(schedule, '2026-03-02T12:00:00Z')).toHaveLength(perWeek);
    });

    it('should cap a schedule to fewer slots after a downgrade, spread over the week', () => {
      const twiceDaily = { timeZone: 'UTC', times: ['09:00', '18:00'], days: [0, 1, 2, 3, 4, 5, 6] };
      expect(capToFrequency(twiceDaily, 14)).toEqual(twiceDaily);
      expect(capToFrequency(twiceDaily, 7)).toEqual({ timeZone: 'UTC', times: ['09:00'], days: [0, 1, 2, 3, 4, 5, 6] });
      expect(capToFrequency(twiceDaily, 3)).toEqual({ timeZone: 'UTC', times: ['09:00'], days: [0, 2, 4] });
      expect(capToFrequency({ timeZone: 'UTC', times: ['08:00', '12:00', '20:00'], days: [1, 4] }, 5)).toEqual({ timeZone: 'UTC', times: ['08:00', '12:00'], days: [1, 4] });
      for (const plan of PLANS) expect(slotsPerWeek(capToFrequency(twiceDaily, allowedPostsPerWeek(plan)))).toBeLessThanOrEqual(allowedPostsPerWeek(plan));
    });
  });

  describe('When the creator is in another time zone', () => {
    it('should post at the local time, not UTC', () => {
      const tokyo = { timeZone: 'Asia/Tokyo', times: ['09:00'], days: [1] };
      // Monday 2026-03-02 09:00 in Tokyo is 00:00 UTC.
      expect(nextSlotAfter(tokyo, '2026-03-01T12:00:00Z')).toBe('2026-03-02T00:00:00.000Z');
      const la = { timeZone: 'America/Los_Angeles', times: ['18:00'], days: [0] };
      // Sunday 18:00 in LA (PST, UTC-8) is Monday 02:00 UTC.
      expect(nextSlotAfter(la, '2026-03-01T00:00:00Z')).toBe('2026-03-02T02:00:00.000Z');
    });
  });

  describe('When the next slot is asked again and again (every series on every list)', () => {
    it('should answer at every instant exactly what a fresh walk of the calendar answers', () => {
      // Given a schedule asked about just before DST in Paris, then at later and earlier instants
      const schedule = { timeZone: 'Europe/Paris', times: ['09:00', '18:00'], days: [0, 3, 6] };
      const instants = ['2026-03-27T10:00:00Z', '2026-03-28T07:59:00Z', '2026-03-28T08:00:00Z', '2026-03-28T08:00:01Z', '2026-03-29T16:59:59Z', '2026-03-20T00:00:00Z', '2026-03-28T12:00:00Z'];
      for (const instant of instants) {
        // When the next slot is asked
        const answer = nextSlotAfter(schedule, instant);
        // Then it is the first slot of a walk from that instant
        const [walked] = slotsBetween(schedule, Date.parse(instant), Date.parse(instant) + 8 * 86_400_000);
        expect(answer).toBe(new Date(walked).toISOString());
      }
    });
  });

  describe('When DST changes', () => {
    const paris = { timeZone: 'Europe/Paris', times: ['18:00'], days: [0, 1, 2, 3, 4, 5, 6] };
    it('should keep the wall-clock time across the change (18:00 before and after)', () => {
      const slots = slotsBetween(paris, Date.parse('2026-03-27T00:00:00Z'), Date.parse('2026-03-31T00:00:00Z')).map(iso);
      expect(slots).toEqual(['2026-03-27T17:00:00.000Z', '2026-03-28T17:00:00.000Z', '2026-03-29T16:00:00.000Z', '2026-03-30T16:00:00.000Z']);
    });
    it('should move a time in the spring-forward gap past the gap', () => {
      // 2026-03-29 02:30 does not exist in Paris: it posts at 03:30 CEST = 01:30 UTC.
      expect(iso(localToInstant(2026, 3, 29, '02:30', 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z');
    });
    it('should post a repeated fall-back time once, at the first occurrence', () => {
      const night = { timeZone: 'Europe/Paris', times: ['02:30'], days: [0] };
      // 2026-10-25 02:30 happens twice in Paris (CEST then CET): the first is 00:30 UTC.
      expect(slotsBetween(night, Date.parse('2026-10-24T12:00:00Z'), Date.parse('2026-10-26T00:00:00Z')).map(iso)).toEqual(['2026-10-25T00:30:00.000Z']);
    });
    it('should follow US DST for New York', () => {
      const ny = { timeZone: 'America/New_York', times: ['09:00'], days: [0, 1] };
      expect(slotsBetween(ny, Date.parse('2026-03-07T00:00:00Z'), Date.parse('2026-03-10T00:00:00Z')).map(iso)).toEqual(['2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']);
    });
  });

  describe('When the scheduler was down', () => {
    const daily = { timeZone: 'UTC', times: ['10:00'], days: [0, 1, 2, 3, 4, 5, 6] };
    it('should have nothing due before the first slot', () => {
      expect(dueSlot(daily, '2026-03-02T10:30:00Z', '2026-03-03T09:59:00Z')).toBeNull();
    });
    it('should make the slot due once it passes', () => {
      expect(dueSlot(daily, '2026-03-02T10:30:00Z', '2026-03-03T10:00:00Z')).toEqual({ slot: '2026-03-03T10:00:00.000Z', missedSlots: 0 });
    });
    it('should catch up with at most one slot (the latest) after downtime, counting the missed ones', () => {
      expect(dueSlot(daily, '2026-03-02T10:00:00Z', '2026-03-06T12:00:00Z')).toEqual({ slot: '2026-03-06T10:00:00.000Z', missedSlots: 3 });
    });
    it('should look back at most a week after a very long downtime', () => {
      const due = dueSlot(daily, '2025-01-01T00:00:00Z', '2026-03-06T12:00:00Z');
      expect(due?.slot).toBe('2026-03-06T10:00:00.000Z');
      expect(due?.missedSlots).toBe(6);
    });
  });

  describe('When a slot is handled (series decider)', () => {
    const spec = deciderSpec(seriesDecider);
    const settings = { topic: 'Fun Facts', customPrompt: null, voiceId: 'v', style: 'anime', aspectRatio: '9:16' as const, language: 'English' as const, duration: 60 };
    const created: SeriesCreated = { type: 'SeriesCreated', data: { seriesId: 's1', userId: 'u1', name: 'Facts', settings, platforms: ['youtube'], schedule: defaultSchedule(7, 'UTC'), at: '2026-03-01T00:00:00.000Z' } };
    const slot = '2026-03-02T18:00:00.000Z';
    const claimed: SeriesEvent = { type: 'SeriesSlotClaimed', data: { seriesId: 's1', userId: 'u1', slot, missedSlots: 0, at: slot } };
    const claim = { type: 'ClaimSlot' as const, data: { slot, missedSlots: 0 }, metadata: meta(slot) };

    it('should claim a due slot once, never twice (no double post)', () => {
      spec.given([created]).when(claim).then([claimed]);
      spec.given([created, claimed]).when(claim).thenNothingHappens();
      spec.given([created, claimed]).when({ ...claim, data: { slot: '2026-03-01T18:00:00.000Z', missedSlots: 0 } }).thenNothingHappens();
    });
    it('should record the slot video once', () => {
      const requested: SeriesEvent = { type: 'SeriesVideoRequested', data: { seriesId: 's1', userId: 'u1', slot, videoId: 'v1', at: slot } };
      spec.given([created, claimed]).when({ type: 'RecordSlotVideo', data: { slot, videoId: 'v1' }, metadata: meta(slot) }).then([requested]);
      spec.given([created, claimed, requested]).when({ type: 'RecordSlotVideo', data: { slot, videoId: 'v2' }, metadata: meta(slot) }).thenNothingHappens();
    });
    it('should skip a slot with a reason, and not claim it afterwards', () => {
      const skipped: SeriesEvent = { type: 'SeriesSlotSkipped', data: { seriesId: 's1', userId: 'u1', slot, reason: 'Monthly video limit reached', missedSlots: 0, at: slot } };
      spec.given([created, claimed]).when({ type: 'SkipSlot', data: { slot, reason: 'Monthly video limit reached', missedSlots: 0 }, metadata: meta(slot) }).then([skipped]);
      spec.given([created, skipped]).when(claim).thenNothingHappens();
    });
    it('should not claim slots of a paused series', () => {
      spec.given([created, { type: 'SeriesPaused', data: { seriesId: 's1', at: slot } }]).when(claim).thenNothingHappens();
    });
  });
});
