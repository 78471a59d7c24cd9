import type { SeriesSchedule } from '../series/events';
import { nextSlotAfter } from '../series/schedule';

/**
 * The series' next `count` posting slots strictly after `after` that no other batch holds, ascending:
 * the slots a scheduled batch's items take in order.
 */
export function freeSlots(schedule: SeriesSchedule, after: string, count: number, taken: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  let from = after;
  // A schedule posts at least once a week, so this ends; the bound only guards an empty schedule.
  for (let guard = 0; out.length < count && guard < count + taken.size + 1; guard++) {
    const next = nextSlotAfter(schedule, from);
    if (next === null) break;
    if (!taken.has(next)) out.push(next);
    from = next;
  }
  return out;
}
