/**
 * Autopilot (issue 9) on the client: the plan's default schedule, the form values of the
 * "Post automatically on a schedule" section, and how a next post or a past slot is worded
 * in the series' own time zone ("Tomorrow 18:00 (Europe/Paris)").
 */
import {
  CUSTOM_TOPIC,
  SCHEDULE_MESSAGES,
  allowedPostsPerWeek,
  defaultSchedule,
  durationRangeFor,
  durationSeconds,
  findPlan,
  isValidTimeZone,
  slotsPerWeek,
  type CaptionStyle,
  type MusicSettings,
  type PlanId,
  type Platform,
  type SeriesResponse,
  type SubscriptionView,
} from '@app/domain';
import type { SeriesValues } from './validation';
import type { OwnMediaChoice } from '../../../components/ui/own-media-picker';

export const PLATFORM_ORDER: readonly Platform[] = ['youtube', 'tiktok', 'instagram'];
export const PLATFORM_LABELS: Record<Platform, string> = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' };

/** Days in display order (Monday first); values are JS days, 0 = Sunday, as the API wants. */
export const WEEK_DAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 0, short: 'Sun', long: 'Sunday' },
] as const;

export interface AutopilotValues {
  /** "Post automatically on a schedule": on = the submit creates a Series (POST /api/series). */
  autopilot?: boolean;
  name?: string;
  platforms?: Platform[];
  timeZone?: string;
  days?: number[];
  times?: string[];
  /** The series' caption look and music (absent: the defaults). */
  captions?: CaptionStyle;
  music?: MusicSettings;
}

/** The wizard's "Use my own media" step (issue 18): library items for the scenes of the video made now, in order. */
export type WizardValues = SeriesValues & AutopilotValues & { sceneMedia?: OwnMediaChoice[] };

/** The browser's IANA zone, UTC when it has none. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, with `current` first-class even if the list lacks it. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set<string>(['UTC', ...zones]);
  if (current) all.add(current);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

/** The plan that sets the posting frequency, as the server reckons it (effectivePlan): Free without a live subscription. */
export function postingPlanOf(subscription: SubscriptionView | null | undefined, now: Date = new Date()): PlanId {
  if (!subscription || subscription.status === 'canceled') return 'FREE';
  if (subscription.currentPeriodEnd && Date.parse(subscription.currentPeriodEnd) <= now.getTime()) return 'FREE';
  return subscription.plan;
}

export function postsPerWeekOf(plan: PlanId): number {
  return allowedPostsPerWeek(findPlan(plan));
}

/** Starter Mon/Wed/Fri 18:00, Daily every day 18:00, Hardcore 09:00 and 18:00, Free Monday 18:00. */
export function planDefaults(plan: PlanId, timeZone: string): Required<Pick<AutopilotValues, 'timeZone' | 'days' | 'times'>> {
  const s = defaultSchedule(postsPerWeekOf(plan), timeZone);
  return { timeZone: s.timeZone, days: [...s.days], times: [...s.times] };
}

/** "Your Starter plan posts 3 times a week." */
export function frequencyText(plan: PlanId): string {
  const n = postsPerWeekOf(plan);
  const name = findPlan(plan).name;
  if (n >= 14) return `Your ${name} plan posts twice a day.`;
  if (n >= 7) return `Your ${name} plan posts once a day.`;
  return `Your ${name} plan posts ${n === 1 ? 'once' : `${n} times`} a week.`;
}

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The autopilot section's own rules (the server checks them again). */
export function validateAutopilot(values: AutopilotValues, postsPerWeek: number): Partial<Record<keyof AutopilotValues, string>> {
  if (!values.autopilot) return {};
  const errors: Partial<Record<keyof AutopilotValues, string>> = {};
  if ((values.name ?? '').trim().length > 100) errors.name = 'Series name must be at most 100 characters';
  if (!values.platforms?.length) errors.platforms = 'Choose at least one platform to post to';
  if (!values.timeZone || !isValidTimeZone(values.timeZone)) errors.timeZone = SCHEDULE_MESSAGES.timeZone;
  const times = values.times ?? [];
  if (!values.days?.length) errors.days = 'Choose at least one posting day';
  if (times.length === 0) errors.times = 'Add at least one posting time';
  else if (times.some((t) => !TIME_RE.test(t))) errors.times = 'Enter each time as HH:MM';
  if (!errors.days && !errors.times && slotsPerWeek({ days: values.days ?? [], times }) > postsPerWeek) errors.days = SCHEDULE_MESSAGES.tooMany(postsPerWeek);
  return errors;
}

export interface SeriesRequestBody {
  name?: string;
  topic: string;
  customPrompt: string | null;
  voiceid: string;
  style: string;
  aspectRatio: string;
  language: string;
  duration: number;
  platforms: Platform[];
  captions?: CaptionStyle;
  music?: MusicSettings;
  schedule: { timeZone: string; times: string[]; days: number[] };
}

/** The wizard's values as POST /api/series (and PATCH) wants them: generate-video's names. */
export function seriesRequestOf(values: WizardValues): SeriesRequestBody {
  const name = values.name?.trim();
  return {
    ...(name ? { name } : {}),
    topic: values.topic!,
    customPrompt: values.topic === CUSTOM_TOPIC ? values.customPrompt!.trim() : null,
    voiceid: values.narrationVoice!,
    style: values.artStyle!,
    aspectRatio: values.aspectRatio!,
    language: values.language!,
    duration: durationSeconds(values.duration!),
    platforms: PLATFORM_ORDER.filter((p) => values.platforms?.includes(p)),
    ...(values.captions ? { captions: values.captions } : {}),
    ...(values.music ? { music: values.music } : {}),
    schedule: {
      timeZone: values.timeZone!,
      times: [...new Set(values.times ?? [])].sort(),
      days: [...new Set(values.days ?? [])].sort((a, b) => a - b),
    },
  };
}

/** A series as the wizard's values (Edit uses the same form). */
export function valuesOfSeries(series: SeriesResponse): WizardValues {
  return {
    topic: series.topic,
    customPrompt: series.customPrompt ?? '',
    narrationVoice: series.voiceid,
    artStyle: series.style,
    aspectRatio: series.aspectRatio,
    language: series.language,
    duration: durationRangeFor(series.duration)?.id ?? '45-60',
    autopilot: true,
    name: series.name,
    platforms: [...series.platforms],
    timeZone: series.schedule.timeZone,
    days: [...series.schedule.days],
    times: [...series.schedule.times],
    ...(series.captions ? { captions: series.captions } : {}),
    ...(series.music ? { music: series.music } : {}),
  };
}

// ---- Wording of instants in a time zone -------------------------------------------------------

interface Local {
  date: string; // YYYY-MM-DD in the zone
  time: string; // HH:MM
  weekday: string; // Mon
  dayMonth: string; // 12 May
}

function localOf(instant: Date, timeZone: string): Local {
  const parts: Record<string, string> = {};
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short',
  });
  for (const p of f.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = p.value;
  const dayMonth = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(instant);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday: parts.weekday, dayMonth };
}

/** Whole calendar days from a to b (YYYY-MM-DD strings). */
function dayDiff(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * An instant as a person in `timeZone` says it, relative to now: 'Today 18:00', 'Tomorrow 09:00',
 * 'Yesterday 18:00', 'Fri 18:00' within the coming week, otherwise 'Mon 12 May 18:00'.
 */
export function formatInstant(iso: string, timeZone: string, now: Date = new Date()): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const at = localOf(new Date(iso), zone);
  const today = localOf(now, zone);
  const diff = dayDiff(today.date, at.date);
  if (diff === 0) return `Today ${at.time}`;
  if (diff === 1) return `Tomorrow ${at.time}`;
  if (diff === -1) return `Yesterday ${at.time}`;
  if (diff > 1 && diff < 7) return `${at.weekday} ${at.time}`;
  return `${at.weekday} ${at.dayMonth} ${at.time}`;
}

/** 'Tomorrow 18:00 (Europe/Paris)'. */
export function formatNextPost(iso: string, timeZone: string, now: Date = new Date()): string {
  return `${formatInstant(iso, timeZone, now)} (${timeZone})`;
}

/** 'Mon, Wed, Fri at 18:00' / 'Every day at 09:00 and 18:00'. */
export function scheduleSummary(days: readonly number[], times: readonly string[]): string {
  const set = new Set(days);
  const dayText = set.size === 7 ? 'Every day' : WEEK_DAYS.filter((d) => set.has(d.value)).map((d) => d.short).join(', ');
  const sorted = [...new Set(times)].sort();
  const timeText = sorted.length <= 1 ? (sorted[0] ?? '') : `${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}`;
  return `${dayText} at ${timeText}`;
}

/** Spec section 8 wording for a failed post. */
export function failedPostText(platform: Platform): string {
  return `Failed to upload video to ${PLATFORM_LABELS[platform]}`;
}
