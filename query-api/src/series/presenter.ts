import {
  allowedPostsPerWeek, capToFrequency, effectivePlan, findPlan, nextSlotAfter, type SeriesResponse, type SeriesViewDoc, type SubscriptionState,
} from '@app/domain';

/** The next post: the first slot after now (and after the last one handled), on the plan's frequency. */
export function nextPostAt(doc: SeriesViewDoc, subscription: SubscriptionState | null, now: Date): string | null {
  if (doc.status !== 'active') return null;
  const plan = subscription ? effectivePlan(subscription, now.toISOString()) : 'FREE';
  const schedule = capToFrequency(doc.schedule, allowedPostsPerWeek(findPlan(plan)));
  const from = doc.lastSlot && Date.parse(doc.lastSlot) > now.getTime() ? doc.lastSlot : now.toISOString();
  return nextSlotAfter(schedule, from);
}

export function presentSeries(doc: SeriesViewDoc, subscription: SubscriptionState | null, now: Date): SeriesResponse {
  const s = doc.settings;
  return {
    _id: doc._id,
    name: doc.name,
    status: doc.status,
    topic: s.topic,
    customPrompt: s.customPrompt,
    voiceid: s.voiceId,
    style: s.style,
    aspectRatio: s.aspectRatio,
    language: s.language,
    duration: s.duration,
    ...(s.captions ? { captions: s.captions } : {}),
    ...(s.music ? { music: s.music } : {}),
    platforms: [...doc.platforms],
    schedule: { timeZone: doc.schedule.timeZone, times: [...doc.schedule.times], days: [...doc.schedule.days] },
    nextPostAt: nextPostAt(doc, subscription, now),
    recentPosts: doc.recentSlots.map((slot) => ({
      slot: slot.slot,
      videoId: slot.videoId,
      skippedReason: slot.skippedReason,
      posts: slot.posts.map((p) => ({ platform: p.platform, status: p.status, url: p.url, error: p.error })),
    })),
    createdAt: doc.createdAt,
  };
}
