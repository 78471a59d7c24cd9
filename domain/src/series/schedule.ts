/**
 * The autopilot schedule, pure: which instants a series posts at, in its creator's time zone,
 * capped by the plan's posting frequency. No clock: every function takes "now" as an argument.
 *
 * A schedule is days of the week × local times ('HH:MM'). Local times are turned into instants
 * with the time zone's rules of that day, so a DST change moves the instant, not the wall time:
 *  - a time that does not exist that day (spring forward gap) is moved forward by the gap
 *    (02:30 becomes 03:30), like Temporal's 'compatible' disambiguation;
 *  - a time that exists twice (fall back) is the earlier of the two, so it posts once.
 */
import type { Plan } from '../catalog/plans';
import type { SeriesSchedule } from './events';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const SCHEDULE_MESSAGES = {
  timeZone: 'Please choose a valid time zone',
  tooMany: (n: number) => `Your plan posts ${n === 1 ? 'once' : `${n} times`} a week: choose at most ${n} posting ${n === 1 ? 'slot' : 'slots'} a week, or upgrade your plan.`,
} as const;

/**
 * Posts a week the plan allows. Free has no posting frequency (it is '1 video creation'), so its
 * single series may post once a week; the one free video is spent by its first slot.
 */
export function allowedPostsPerWeek(plan: Pick<Plan, 'postsPerWeek'>): number {
  return Math.max(1, plan.postsPerWeek);
}

export const slotsPerWeek = (schedule: Pick<SeriesSchedule, 'days' | 'times'>) => new Set(schedule.days).size * new Set(schedule.times).size;

/** A schedule that follows the plan's frequency: Starter Mon/Wed/Fri, Daily every day, Hardcore twice a day. */
export function defaultSchedule(postsPerWeek: number, timeZone: string): SeriesSchedule {
  if (postsPerWeek >= 14) return { timeZone, times: ['09:00', '18:00'], days: [0, 1, 2, 3, 4, 5, 6] };
  if (postsPerWeek >= 7) return { timeZone, times: ['18:00'], days: [0, 1, 2, 3, 4, 5, 6] };
  if (postsPerWeek >= 3) return { timeZone, times: ['18:00'], days: [1, 3, 5] };
  return { timeZone, times: ['18:00'], days: [1] };
}

/**
 * The schedule trimmed to at most `postsPerWeek` slots (a plan downgraded after the series was
 * made): fewer times a day first, then fewer days, spread evenly over the week.
 */
export function capToFrequency(schedule: SeriesSchedule, postsPerWeek: number): SeriesSchedule {
  const days = [...new Set(schedule.days)].sort((a, b) => a - b);
  const times = [...new Set(schedule.times)].sort();
  const n = Math.max(1, postsPerWeek);
  if (days.length * times.length <= n) return { timeZone: schedule.timeZone, days, times };
  if (days.length >= n) {
    const picked = Array.from({ length: n }, (_, i) => days[Math.floor((i * days.length) / n)]);
    return { timeZone: schedule.timeZone, days: [...new Set(picked)], times: [times[0]] };
  }
  return { timeZone: schedule.timeZone, days, times: times.slice(0, Math.floor(n / days.length)) };
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

interface LocalDateTime { year: number; month: number; day: number; hour: number; minute: number; second: number }

function localParts(ms: number, timeZone: string): LocalDateTime {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour === 24 ? 0 : out.hour, minute: out.minute, second: out.second };
}

/** Offset of the zone from UTC at an instant, in ms (local minus UTC). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const l = localParts(whole, timeZone);
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - whole;
}

/** The instant a local wall-clock time happens in a zone (see the DST rules above). */
export function localToInstant(year: number, month: number, day: number, time: string, timeZone: string): number {
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hh, mm);
  const before = offsetAt(wall - DAY / 2, timeZone);
  const after = offsetAt(wall + DAY / 2, timeZone);
  const valid = [wall - before, wall - after].filter((t) => t + offsetAt(t, timeZone) === wall);
  if (valid.length > 0) return Math.min(...valid);
  // In the gap: the offset in force before the change carries the time past it.
  return wall - before;
}

/** Every slot instant in (from, to], ascending. */
export function slotsBetween(schedule: SeriesSchedule, fromExclusive: number, toInclusive: number): number[] {
  if (toInclusive <= fromExclusive) return [];
  const days = new Set(schedule.days);
  const out = new Set<number>();
  const start = localParts(fromExclusive - DAY, schedule.timeZone);
  // Walk local calendar dates (as UTC dates, so the walk itself has no DST).
  for (let date = Date.UTC(start.year, start.month - 1, start.day); date <= toInclusive + 2 * DAY; date += DAY) {
    const d = new Date(date);
    if (!days.has(d.getUTCDay())) continue;
    for (const time of schedule.times) {
      const t = localToInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), time, schedule.timeZone);
      if (t > fromExclusive && t <= toInclusive) out.add(t);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Recent answers of nextSlotAfter per schedule: the first slot after `from` is also the first after
 * any instant in [from, that slot), so most calls (every series on every list) need no walk.
 */
const nextSlots = new Map<string, { from: number; next: number }>();

/** The first slot strictly after `after`, or null for an empty schedule. */
export function nextSlotAfter(schedule: SeriesSchedule, after: string): string | null {
  const from = Date.parse(after);
  const key = `${schedule.timeZone}|${schedule.days.join(',')}|${schedule.times.join(',')}`;
  const known = nextSlots.get(key);
  if (known && known.from <= from && from < known.next) return new Date(known.next).toISOString();
  const [next] = slotsBetween(schedule, from, from + 8 * DAY);
  if (next === undefined) return null;
  if (nextSlots.size >= 1000) nextSlots.clear();
  nextSlots.set(key, { from, next });
  return new Date(next).toISOString();
}

/** How far back the scheduler looks for missed slots (a week covers every weekly schedule). */
export const CATCH_UP_LOOKBACK_MS = 7 * DAY;

export interface DueSlot {
  /** The slot to post now: the latest one that came due. */
  slot: string;
  /** Earlier slots missed (downtime) that are not caught up: never a burst. */
  missedSlots: number;
}

/**
 * The slot due at `now`, if any: the latest slot in (last handled, now]. Slots missed during
 * downtime collapse into that one catch-up slot; the older ones are counted, never posted.
 * `lastHandled` is the last slot claimed or skipped, or the series' creation time.
 */
export function dueSlot(schedule: SeriesSchedule, lastHandled: string, now: string): DueSlot | null {
  const to = Date.parse(now);
  const from = Math.max(Date.parse(lastHandled), to - CATCH_UP_LOOKBACK_MS);
  const slots = slotsBetween(schedule, from, to);
  if (slots.length === 0) return null;
  return { slot: new Date(slots[slots.length - 1]).toISOString(), missedSlots: slots.length - 1 };
}
