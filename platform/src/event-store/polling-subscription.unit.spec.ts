import type { RecordedEvent } from './port';
import { startPollingSubscription } from './shared';

const anEvent = (position: number): RecordedEvent => ({ id: `e${position}`, streamId: 's-1', type: 'Happened', data: {}, metadata: {}, revision: position - 1, position, recordedAt: '2026-11-24T00:00:00.000Z' });

describe('A polling subscription when the store cannot be read for a while', () => {
  it('given reads that fail twice (a restarting database), when the store answers again, then every event is delivered once, in order, and the subscription never stopped', async () => {
    const log = [1, 2, 3].map(anEvent);
    let reads = 0;
    const readErrors: number[] = [];
    const delivered: number[] = [];
    let stopped = false;
    const subscription = startPollingSubscription(
      {
        handler: async (event) => void delivered.push(event.position),
        onError: () => (stopped = true),
        onReadError: (_error, failures) => readErrors.push(failures),
      },
      {
        readPage: async (after, max) => {
          reads++;
          if (reads <= 2) throw new Error('connection terminated');
          return log.filter((e) => e.position > after).slice(0, max);
        },
        pollIntervalMs: 10,
        pageSize: 2,
      },
    );
    const deadline = Date.now() + 5000;
    while (delivered.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await subscription.stop();

    expect(readErrors).toEqual([1, 2]);
    expect(delivered).toEqual([1, 2, 3]);
    expect(stopped).toBe(false);
  });
});

describe('A polling subscription woken by in-process appends', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('given a caught-up subscription, when the notice of an event it already delivered arrives, then it does not read the store; a notice of a newer event, or one naming no position, does', async () => {
    const log = [anEvent(1)];
    let reads = 0;
    let notify: (head?: number) => void = () => undefined;
    const delivered: number[] = [];
    const subscription = startPollingSubscription(
      { handler: async (event) => void delivered.push(event.position) },
      {
        readPage: async (after, max) => {
          reads++;
          return log.filter((e) => e.position > after).slice(0, max);
        },
        onAppended: (listener) => {
          notify = listener;
          return () => undefined;
        },
        pollIntervalMs: 60_000,
        pageSize: 10,
      },
    );
    await settle();
    expect(delivered).toEqual([1]);
    expect(reads).toBe(1);

    notify(1); // the commit's notice, after the page that held event 1
    await settle();
    expect(reads).toBe(1);

    log.push(anEvent(2));
    notify(2);
    await settle();
    expect(delivered).toEqual([1, 2]);
    expect(reads).toBe(2);

    notify(); // a store that does not say where its head is
    await settle();
    expect(reads).toBe(3);
    await subscription.stop();
  });
});
