/**
 * Event-store micro-benchmark (a few seconds): single appends/s, 100-event batches and readAll
 * events/s for the embedded SQLite adapter, and for PostgreSQL when POSTGRES_URL is set
 * (in a throw-away schema). Run through tests/bench/run.ts.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@app/platform';
import { onEachEventStore, type BenchRow } from './stores';


const APPEND_MS = 700;
const BATCH_MS = 500;

function anEvent(i: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'BenchmarkEventRecorded',
    data: { i, title: 'A faceless short about the deep sea', tags: ['ocean', 'facts'], seconds: 58 },
    metadata: { correlationId: randomUUID(), userId: 'bench-user' },
  };
}

async function measure(store: EventStore, label: string): Promise<BenchRow[]> {
  const results: BenchRow[] = [];

  // Single-event appends, one writer, optimistic concurrency on 10 streams.
  const streams = Array.from({ length: 10 }, () => `bench-${randomUUID()}`);
  const revisions = new Map<string, number>();
  let appends = 0;
  let started = performance.now();
  while (performance.now() - started < APPEND_MS) {
    const streamId = streams[appends % streams.length];
    const result = await store.append(streamId, [anEvent(appends)], { expectedRevision: revisions.get(streamId) ?? 'no_stream' });
    revisions.set(streamId, result.nextExpectedRevision);
    appends++;
  }
  results.push({ name: `event-store.${label}.append-single`, value: Math.round(appends / ((performance.now() - started) / 1000)), unit: 'appends/s' });

  // 100 events per append (one transaction).
  let batched = 0;
  started = performance.now();
  while (performance.now() - started < BATCH_MS) {
    await store.append(`bench-batch-${randomUUID()}`, Array.from({ length: 100 }, (_, i) => anEvent(i)));
    batched += 100;
  }
  results.push({ name: `event-store.${label}.append-100-per-transaction`, value: Math.round(batched / ((performance.now() - started) / 1000)), unit: 'events/s' });

  // readAll from the start in pages of 1000.
  let read = 0;
  let after = 0;
  started = performance.now();
  for (;;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    read += page.length;
    after = page[page.length - 1].position;
  }
  results.push({ name: `event-store.${label}.read-all`, value: Math.round(read / ((performance.now() - started) / 1000)), unit: 'events/s' });
  return results;
}

export function benchEventStore(): Promise<BenchRow[]> {
  return onEachEventStore('event-store', measure);
}
