/** The scheduler's time. Domain code never reads a clock; services pass `now` in metadata. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that can be moved forward (STUDIO_TEST_CLOCK=1, never in production): system time
 * plus an offset, so time still flows between advances. Listeners run after each advance.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(ms: number): Date {
    this.offsetMs += ms;
    for (const l of this.listeners) l();
    return this.now();
  }
  onAdvance(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Whether the test clock may be switched on: only when asked for and never in production. */
export function testClockEnabled(env: Record<string, string | undefined>): boolean {
  return env.STUDIO_TEST_CLOCK === '1' && env.NODE_ENV !== 'production';
}
