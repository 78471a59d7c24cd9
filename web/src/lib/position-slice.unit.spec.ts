import { makeStore } from '../app/store';
import { positionSeen, POSITION_KEY, recalledPosition, rememberPosition } from './position-slice';

describe('Given a command that answered with its position, then a reload of the page (a cancelled subscription reloads Billing)', () => {
  it("should start the reloaded page's store at that position, so its reads wait for the write", () => {
    // Given the command's answer was seen in this tab
    rememberPosition(42);
    // When the page loads again (a new store)
    const store = makeStore();
    // Then its queries will ask for position 42
    expect(store.getState().position.last).toBe(42);
  });

  it('should keep the highest position, and nothing that is no position', () => {
    rememberPosition(42);
    rememberPosition(7);
    rememberPosition(Number.NaN);
    expect(recalledPosition()).toBe(42);
    window.sessionStorage.setItem(POSITION_KEY, 'garbage');
    expect(recalledPosition()).toBe(0);
  });

  it('should start at 0 in a tab that has seen no command', () => {
    expect(makeStore().getState().position.last).toBe(0);
    const store = makeStore();
    store.dispatch(positionSeen(5));
    expect(store.getState().position.last).toBe(5);
  });
});
