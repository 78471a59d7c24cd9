import { monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';
import type { RequestHandler } from 'express';

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

export interface LoopMonitorOptions {
  /** Lag past which new expensive work is refused (ms). Default 200. */
  thresholdMs?: number;
  /** How often the loop is probed (ms). Default 50. */
  probeMs?: number;
  /** How long the loop must stay under the threshold before expensive work is taken again (ms). Default 1000. */
  recoverMs?: number;
}

export interface LoopMonitor {
  /** The event loop lagged past the threshold lately: refuse new expensive work. */
  overloaded(): boolean;
  /** The last probe's lag (ms). */
  lagMs(): number;
  /** Event-loop delay percentiles (ms) and utilisation since the process started, for /metrics. */
  snapshot(): { delayP50: number; delayP99: number; delayMax: number; utilization: number; lagMs: number; overloaded: boolean; shed: number };
  /** Counts one refused request. */
  countShed(): void;
  /** Told every probe's lag (ms), as it is measured: for a histogram over any window (/metrics). */
  onProbe(listener: (lagMs: number) => void): void;
  stop(): void;
}

/**
 * Watches this process's event loop: a probe timer measures how late it fires (the lag a new
 * request would wait), and Node's delay histogram and loop utilisation feed /metrics. Timers are
 * unref'd: the monitor never keeps a process alive.
 */
export function startLoopMonitor(options: LoopMonitorOptions = {}): LoopMonitor {
  const thresholdMs = options.thresholdMs ?? 200;
  const probeMs = options.probeMs ?? 50;
  const recoverMs = options.recoverMs ?? 1000;
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const eluStart: EventLoopUtilization = performance.eventLoopUtilization();
  let lag = 0;
  let overUntil = 0;
  let shed = 0;
  let expected = Date.now() + probeMs;
  const listeners: Array<(lagMs: number) => void> = [];
  const probe = setInterval(() => {
    const now = Date.now();
    lag = Math.max(0, now - expected);
    expected = now + probeMs;
    if (lag > thresholdMs) overUntil = now + recoverMs;
    for (const listener of listeners) listener(lag);
  }, probeMs);
  probe.unref();
  return {
    overloaded: () => {
      // A probe that has not fired for longer than the threshold is itself the sign of a blocked loop.
      const now = Date.now();
      if (now - expected > thresholdMs) overUntil = now + recoverMs;
      return now < overUntil;
    },
    lagMs: () => lag,
    snapshot() {
      const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
      return {
        delayP50: ms(histogram.percentile(50)),
        delayP99: ms(histogram.percentile(99)),
        delayMax: ms(histogram.max),
        utilization: Math.round(performance.eventLoopUtilization(eluStart).utilization * 1000) / 1000,
        lagMs: lag,
        overloaded: Date.now() < overUntil,
        shed,
      };
    },
    countShed: () => void shed++,
    onProbe: (listener) => void listeners.push(listener),
    stop() {
      clearInterval(probe);
      histogram.disable();
    },
  };
}

/** 503 with Retry-After for new expensive work while the loop lags; everything else passes. */
export function shedWhenBusy(monitor: LoopMonitor, retryAfterSeconds = 2): RequestHandler {
  return (_req, res, next) => {
    if (!monitor.overloaded()) return next();
    monitor.countShed();
    res.setHeader('retry-after', String(retryAfterSeconds));
    res.status(503).json({ error: BUSY_MESSAGE });
  };
}
