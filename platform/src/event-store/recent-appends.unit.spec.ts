import type { RecordedEvent } from './port';
import { RecentAppends } from './shared';

const anEvent = (position: number): RecordedEvent => ({ id: `e${position}`, streamId: 's-1', type: 'Happened', data: { n: position, nested: { list: [position] } }, metadata: {}, revision: position, position, recordedAt: '2026-11-24T00:00:00.000Z' });
const appendOf = (recent: RecentAppends, headBefore: number, positions: number[], committed = true) => {
  recent.stage(headBefore, positions.map(anEvent));
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
