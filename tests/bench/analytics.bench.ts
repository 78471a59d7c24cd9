/**
 * The analysts' benchmarks (issue 14) on a generated log of BENCH_LOG_EVENTS events (default
 * 1,000,000; realistic video, user and post streams): export events/s and peak RSS while exporting
 * (memory must stay flat), a read model rebuilt beside the live one in events/s, and the p99 of
 * the analyst events query with filters. SQLite always; PostgreSQL too when POSTGRES_URL is set.
 * The reference in the same run: a raw readAll of the whole log (events/s).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { SqliteDocumentStore, type EventStore, type LogQuery, type NewEvent } from '@app/platform';
import { PROJECTIONS, rebuildBesideLive } from '@app/projectors';
import { exportLog, percentile } from '@app/query-api';
import { onEachEventStore, type BenchRow } from './stores';

const TOTAL = Number(process.env.BENCH_LOG_EVENTS ?? 1_000_000);
const AT = '2026-11-24T10:00:00.000Z';

/** One video's life: requested, five stages, rendered, its caption edited (8 events, one append). */
function aVideoLife(i: number): NewEvent[] {
  const videoId = `v${i}`;
  const e = (type: string, data: Record<string, unknown>): NewEvent => ({ id: randomUUID(), type, data, metadata: { correlationId: `c${i}`, userId: `u${i % 5000}` } });
  return [
    e('VideoRequested', { videoId, userId: `u${i % 5000}`, seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'voice-1', style: 'comic', aspectRatio: '9:16', duration: 60, requestedAt: AT }),
    ...['start', 'script', 'audio', 'images', 'video'].map((status) => e('RenderStageReached', { videoId, status, at: AT, attempt: 1 })),
    e('VideoRendered', { videoId, at: AT, media: { videoKey: `videos/u/${videoId}/video.mp4`, thumbnailKey: null, durationSeconds: 58, width: 1080, height: 1920, sizeBytes: 1_000_000 }, script: { title: `Video ${i}`, description: 'Owls are amazing.', narrationScript: ['Owls turn their heads.'] } }),
    e('CaptionEdited', { videoId, description: `Caption ${i}`, at: AT }),
  ];
}

async function generate(store: EventStore): Promise<number> {
  const videos = Math.ceil(TOTAL / 8);
  const inFlight: Promise<unknown>[] = [];
  for (let i = 0; i < videos; i++) {
    inFlight.push(store.append(`video-${i}`, aVideoLife(i)));
    if (inFlight.length >= 16) await Promise.all(inFlight.splice(0));
  }
  await Promise.all(inFlight);
  return store.headPosition();
}

async function measure(store: EventStore, label: string, dir: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const head = await generate(store);
  rows.push({ name: `analytics.${label}.log-events`, value: head, unit: 'events' });

  // Reference: the raw store reading the whole log.
  let started = performance.now();
  let after = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 5000 });
    if (page.length === 0) break;
    after = page[page.length - 1].position;
  }
  const rawRate = head / ((performance.now() - started) / 1000);
  rows.push({ name: `analytics.${label}.raw-read-all`, value: Math.round(rawRate), unit: 'events/s' });

  // Export: NDJSON to a sink that keeps nothing. Flat memory: the RSS once the first tenth is out
  // (the heap at its working size) against the peak over the rest; a leak grows with the log.
  let peak = 0;
  let afterFirstTenth = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  started = performance.now();
  const exported = await exportLog({
    eventStore: store, filter: {}, after: 0, until: head, format: 'ndjson', pii: false, write: () => true,
    onPage: (position) => {
      if (!afterFirstTenth && position >= head / 10) afterFirstTenth = peak = process.memoryUsage().rss;
    },
  });
  const exportSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rows.push({ name: `analytics.${label}.export-ndjson`, value: Math.round(exported / exportSeconds), unit: 'events/s', target: '>= 100000' });
  rows.push({ name: `analytics.${label}.export-vs-raw-read`, value: Math.round((exported / exportSeconds / rawRate) * 100) / 100, unit: 'ratio' });
  rows.push({ name: `analytics.${label}.export-peak-rss`, value: Math.round(peak / 1048576), unit: 'MiB' });
  rows.push({ name: `analytics.${label}.export-rss-growth-after-first-tenth`, value: Math.round((peak - afterFirstTenth) / 1048576), unit: 'MiB', target: '<= 64' });

  // Rebuild the video list (7 of every 8 events are its) beside a live one, then swap.
  const docs = new SqliteDocumentStore(join(dir, `read-models-${label}.db`));
  try {
    const projection = PROJECTIONS.find((p) => p.name === 'video-list')!;
    started = performance.now();
    const result = await rebuildBesideLive({ eventStore: store, docs, projection, runner: { exclusive: (work) => work(), position: () => head } });
    const seconds = (performance.now() - started) / 1000;
    rows.push({ name: `analytics.${label}.rebuild-video-list`, value: Math.round(result.position / seconds), unit: 'events/s', target: '>= 100000' });
    rows.push({ name: `analytics.${label}.rebuild-documents`, value: await docs.collection('video_list').count(), unit: 'docs' });
  } finally {
    await docs.close();
  }

  // The analyst events query: 300 pages of 100 with the filters analysts use, anywhere in the log.
  const queries: Array<() => LogQuery> = [
    () => ({ after: Math.floor(Math.random() * head), limit: 100 }),
    () => ({ category: 'video', after: Math.floor(Math.random() * head), limit: 100 }),
    () => ({ type: 'VideoRendered', after: Math.floor(Math.random() * head), limit: 100 }),
    () => ({ streamId: `video-${Math.floor(Math.random() * (head / 8))}`, limit: 100 }),
    () => ({ type: 'CaptionEdited', recordedFrom: AT, after: Math.floor(Math.random() * head), limit: 100 }),
  ];
  const latencies: number[] = [];
  for (let i = 0; i < 300; i++) {
    const query = queries[i % queries.length]();
    const t = performance.now();
    await store.readLog(query);
    latencies.push(performance.now() - t);
  }
  rows.push({ name: `analytics.${label}.events-query-p50`, value: Math.round(percentile(latencies, 50) * 100) / 100, unit: 'ms' });
  rows.push({ name: `analytics.${label}.events-query-p99`, value: Math.round(percentile(latencies, 99) * 100) / 100, unit: 'ms', target: '<= 50' });
  return rows;
}

export function benchAnalytics(): Promise<BenchRow[]> {
  return onEachEventStore('analytics', measure);
}
