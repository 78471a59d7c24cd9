import { delay, nextTask, waitAtMost } from './waiting';

describe('waiting', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
    let settled = false;
    void promise.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(ms);
    return settled;
  }

  it('should settle a delay once its time has passed, not before', async () => {
    // given
    const waited = delay(100);
    // when / then
    expect(await settledAfter(waited, 99)).toBe(false);
    expect(await settledAfter(waited, 1)).toBe(true);
  });

  it('should go on in a task of its own after nextTask', async () => {
    // given
    const next = nextTask();
    // when / then: not in this task's microtasks, only once the timer task runs
    await Promise.resolve();
    expect(await settledAfter(next, 0)).toBe(true);
  });

  it('should wait at most its time for work that never ends', async () => {
    // given
    const waited = waitAtMost(new Promise(() => {}), 1000);
    // when / then
    expect(await settledAfter(waited, 999)).toBe(false);
    expect(await settledAfter(waited, 1)).toBe(true);
  });

  it('should settle as soon as the work settles, even when it fails', async () => {
    // given
    let fail!: (error: Error) => void;
    const waited = waitAtMost(new Promise((_, reject) => (fail = reject)), 1000);
    // when
    fail(new Error('theme root failed'));
    // then
    expect(await settledAfter(waited, 0)).toBe(true);
  });
});
