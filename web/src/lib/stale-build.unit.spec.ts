import { reloadOnStaleBuild, STALE_RELOAD_GRACE_MS, STALE_RELOAD_KEY } from './stale-build';

/** What Vite dispatches when a dynamic import (or a chunk it needs) fails to load. */
function failChunk(): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('When a tab running an earlier build fails to load a chunk', () => {
  let clock = 1_000_000;
  const now = () => clock;
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    window.sessionStorage.clear();
  });

  it('should load the page again once, and keep the failure from the error boundary', () => {
    const reload = jest.fn();
    stop = reloadOnStaleBuild({ reload, now });
    const event = failChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(window.sessionStorage.getItem(STALE_RELOAD_KEY)).toBe(String(clock));
  });

  it('should show the failure, not reload again, when the page was just reloaded for one (a chunk missing from the new build too)', () => {
    window.sessionStorage.setItem(STALE_RELOAD_KEY, String(clock));
    clock += 5_000;
    const reload = jest.fn();
    stop = reloadOnStaleBuild({ reload, now });
    const event = failChunk();
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('should reload for a later deploy, long after the last such reload', () => {
    window.sessionStorage.setItem(STALE_RELOAD_KEY, String(clock));
    clock += STALE_RELOAD_GRACE_MS + 1;
    const reload = jest.fn();
    stop = reloadOnStaleBuild({ reload, now });
    failChunk();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should show the failure, not reload, when the chunk was lost to a dropped connection', () => {
    const reload = jest.fn();
    stop = reloadOnStaleBuild({ reload, now, online: () => false });
    expect(failChunk().defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(STALE_RELOAD_KEY)).toBeNull();
  });

  it('should show the failure when the tab keeps no session storage (it could not tell a loop)', () => {
    const reload = jest.fn();
    stop = reloadOnStaleBuild({ reload, now, storage: null });
    expect(failChunk().defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
