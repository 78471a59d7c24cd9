import { checkpointWriter } from './checkpoint-writer';

const aStore = () => {
  const writes: number[] = [];
  return { writes, setCheckpoint: async (_name: string, position: number) => void writes.push(position) };
};

describe('checkpointWriter: one checkpoint write for many handled events', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('given many events handled within the interval, when it passes, then only the last position is written, once', async () => {
    const docs = aStore();
    const checkpoint = checkpointWriter(docs, 'read-models', { intervalMs: 10 });

    for (let position = 1; position <= 100; position++) checkpoint.advance(position);
    expect(docs.writes).toEqual([]);
    await jest.advanceTimersByTimeAsync(10);

    expect(docs.writes).toEqual([100]);
  });

  it('given events keep coming, when each interval passes, then each interval writes its last position', async () => {
    const docs = aStore();
    const checkpoint = checkpointWriter(docs, 'read-models', { intervalMs: 10 });

    checkpoint.advance(1);
    await jest.advanceTimersByTimeAsync(10);
    checkpoint.advance(2);
    checkpoint.advance(3);
    await jest.advanceTimersByTimeAsync(10);

    expect(docs.writes).toEqual([1, 3]);
  });

  it('given a handled event not yet written, when the subscription stops, then flush writes it at once', async () => {
    const docs = aStore();
    const checkpoint = checkpointWriter(docs, 'read-models', { intervalMs: 10_000 });

    checkpoint.advance(7);
    await checkpoint.flush();

    expect(docs.writes).toEqual([7]);
  });

  it('given a failing store, when a write fails, then the error is reported and later writes still happen', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const writes: number[] = [];
    const checkpoint = checkpointWriter({ setCheckpoint: async (_n, position) => { if (fail) throw new Error('disk full'); writes.push(position); } }, 'reactor', { intervalMs: 10, onError: (e) => errors.push(e) });

    checkpoint.advance(1);
    await jest.advanceTimersByTimeAsync(10);
    fail = false;
    checkpoint.advance(2);
    await jest.advanceTimersByTimeAsync(10);

    expect(errors).toHaveLength(1);
    expect(writes).toEqual([2]);
  });
});
