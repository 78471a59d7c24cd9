/**
 * Command cost against stream length (issue 15): the median latency of a command on a stream of
 * 10,000 events divided by the same on a fresh stream, through `handle()` (fold, decide, append
 * with the expected revision) on the embedded SQLite store, and on PostgreSQL when its URL is set.
 * With the folded state kept between commands, only the events since the last command are read.
 */
import { randomUUID } from 'node:crypto';
import type { Command, Decider } from '@app/domain';
import { commandMetadata, handle, type EventStore } from '@app/platform';
import { onEachEventStore, type BenchRow } from './stores';

type Rename = Command<'Rename', { name: string }>;
type Renamed = { type: 'Renamed'; data: { name: string; at: string } };
const series: Decider<Rename, Renamed, { name: string; renames: number }> = {
  decide: (command) => [{ type: 'Renamed', data: { name: command.data.name, at: command.metadata.now } }],
  evolve: (state, event) => ({ name: event.data.name, renames: state.renames + 1 }),
  initialState: () => ({ name: '', renames: 0 }),
};
const rename = (i: number): Rename => ({ type: 'Rename', data: { name: `Owl facts ${i}` }, metadata: commandMetadata({}) });

const LONG = 10_000;
const SAMPLES = 300;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function commandLatencies(store: EventStore, streamFor: (i: number) => string): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await handle(store, streamFor(i), series, rename(i));
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function measure(store: EventStore, label: string): Promise<BenchRow[]> {
  const long = `series-${randomUUID()}`;
  for (let i = 0; i < LONG; i += 500) {
    await store.append(long, Array.from({ length: 500 }, (_, j) => ({ id: randomUUID(), type: 'Renamed', data: { name: `n${i + j}`, at: 't' }, metadata: {} })));
  }
  // The first command on a long stream folds it once (a process that just started); the rest read what is new.
  const first = performance.now();
  await handle(store, long, series, rename(-1));
  const firstMs = performance.now() - first;
  const onLong = median(await commandLatencies(store, () => long));
  const fresh = median(await commandLatencies(store, () => `series-${randomUUID()}`));
  return [
    { name: `commands.${label}.first-command-on-10k-stream`, value: Math.round(firstMs * 100) / 100, unit: 'ms' },
    { name: `commands.${label}.median-on-10k-stream`, value: Math.round(onLong * 1000) / 1000, unit: 'ms' },
    { name: `commands.${label}.median-on-fresh-stream`, value: Math.round(fresh * 1000) / 1000, unit: 'ms' },
    { name: `commands.${label}.10k-vs-fresh`, value: Math.round((onLong / fresh) * 100) / 100, unit: 'ratio', target: '<= 1.5' },
  ];
}

export function benchCommands(): Promise<BenchRow[]> {
  return onEachEventStore('commands', measure);
}
