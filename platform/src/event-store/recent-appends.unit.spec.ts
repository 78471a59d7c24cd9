import type { RecordedEvent } from './port';
import { RecentAppends, sharePageReads } from './shared';

const anEvent = (position: number): RecordedEvent => ({ id: `e${position}`, streamId: 's-1', type: 'Happened', data: { n: position, nested: { list: [position] } }, metadata: {}, revision: position, position, recordedAt: '2026-11-24T00:00:00.000Z' });
const appendOf = (recent: RecentAppends, headBefore: number, positions: number[], committed = true) => {
  recent.begin(headBefore);
  recent.stage(positions.map(anEvent));
  recent.settle(committed);
};
const positionsOf = (page: RecordedEvent[] | null) => page?.map((e) => e.position) ?? null;

describe('RecentAppends: the run of the log this process appended last', () => {
  it('given nothing appended yet, when a page is asked, then the store must be read', () => {
    expect(new RecentAppends().page(0, 10)).toBeNull();
  });

  it('given two appends in a row, when a subscription asks after a position inside the run, then the rest of the run is served in order', () => {
    const recent = new RecentAppends();
    appendOf(recent, 4, [5, 6]);
    appendOf(recent, 6, [7]);

    expect(positionsOf(recent.page(4, 10))).toEqual([5, 6, 7]);
    expect(positionsOf(recent.page(5, 10))).toEqual([6, 7]);
    expect(positionsOf(recent.page(5, 1))).toEqual([6]);
  });

  it('given a run, when asked after its end or before its start, then the store must be read (another process may have appended, or the events are older)', () => {
    const recent = new RecentAppends();
    appendOf(recent, 4, [5, 6]);

    expect(recent.page(6, 10)).toBeNull();
    expect(recent.page(3, 10)).toBeNull();
  });

  it('given another process appended between two of ours, when a page is asked, then the run restarts after the gap', () => {
    const recent = new RecentAppends();
    appendOf(recent, 4, [5]);
    appendOf(recent, 7, [8]); // 6 and 7 came from elsewhere

    expect(recent.page(5, 10)).toBeNull();
    expect(positionsOf(recent.page(7, 10))).toEqual([8]);
  });

  it('given an append whose transaction failed, when a page is asked, then nothing of it is served', () => {
    const recent = new RecentAppends();
    appendOf(recent, 4, [5]);
    appendOf(recent, 5, [6], false);

    expect(recent.page(5, 10)).toBeNull();
    expect(positionsOf(recent.page(4, 10))).toEqual([5]);
  });

  it('given more appends than it holds, when a page is asked, then only the newest are served and older positions go to the store', () => {
    const recent = new RecentAppends(2);
    for (let position = 1; position <= 5; position++) appendOf(recent, position - 1, [position]);

    expect(positionsOf(recent.page(4, 10))).toEqual([5]);
    expect(recent.page(0, 10)).toBeNull();
  });

  it('given events shared by every subscriber, when a handler tries to change one, then it cannot', () => {
    const recent = new RecentAppends();
    appendOf(recent, 0, [1]);
    const [event] = recent.page(0, 1)!;

    expect(() => { (event.data as { nested: { list: number[] } }).nested.list.push(2); }).toThrow(TypeError);
  });
});

describe('sharePageReads: the pages of a gap-free log shared by the subscriptions of one process', () => {
  /** A log of positions 1..head, read by page with a count of the reads. */
  const aLog = (head: number) => {
    const reads: number[] = [];
    const readPage = async (after: number, maxCount: number) => {
      reads.push(after);
      return Array.from({ length: Math.max(0, Math.min(maxCount, head - after)) }, (_, i) => anEvent(after + 1 + i));
    };
    return { reads, readPage, grow: (to: number) => (head = to) };
  };

  it('given subscriptions at the same position, when they ask at once, then one read answers them all, frozen', async () => {
    const log = aLog(3);
    const read = sharePageReads(log.readPage);

    const pages = await Promise.all([read(0, 10), read(0, 10), read(0, 10)]);

    expect(log.reads).toEqual([0]);
    for (const page of pages) expect(positionsOf(page)).toEqual([1, 2, 3]);
    expect(Object.isFrozen(pages[0][0].data)).toBe(true);
  });

  it('given one subscription read ahead, when a slower one asks inside that run, then it is served from memory; past the run, from the store', async () => {
    const log = aLog(5);
    const read = sharePageReads(log.readPage);
    await read(0, 10);
    log.grow(7);

    expect(positionsOf(await read(2, 10))).toEqual([3, 4, 5]);
    expect(log.reads).toEqual([0]);
    expect(positionsOf(await read(5, 10))).toEqual([6, 7]);
    expect(positionsOf(await read(4, 10))).toEqual([5, 6, 7]);
    expect(log.reads).toEqual([0, 5]);
  });

  it('given a newer run kept, when a slow subscription reads an older page from the store, then the newer run stays', async () => {
    const log = aLog(8);
    const read = sharePageReads(log.readPage, 4);
    await read(4, 4); // 5..8 kept
    expect(positionsOf(await read(0, 2))).toEqual([1, 2]); // older than the run: from the store
    expect(positionsOf(await read(5, 10))).toEqual([6, 7, 8]);
    expect(log.reads).toEqual([4, 0]);
  });
});
