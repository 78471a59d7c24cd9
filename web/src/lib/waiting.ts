/** Settles after `ms`, letting the browser handle what waits meanwhile (a tap, a frame, an answer). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Lets the browser handle what waits (a tap, a frame) before the code goes on: a task of its own. */
export function nextTask(): Promise<void> {
  return delay(0);
}

/**
 * Settles when `work` settles or after `ms`, whichever comes first: for work worth waiting for a
 * while but never for long. A failure of `work` is not passed on (what waits goes on without it).
 */
export function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  return Promise.race([work.then(noop, noop), delay(ms)]);
}

function noop(): void {}
