import type { Server } from 'node:http';
import express, { Router } from 'express';
import { Counter, Gauge, Histogram } from 'prom-client';
import { READ_MODELS_CHECKPOINT } from '@app/domain';
import type { LoopMonitor } from '../http/load-shedding';
import type { Infra } from '../infra';
import { closeServer, listen } from '../process/run-process';
import { createAppServer } from '../http/http-server';
import { METRICS_CONTENT_TYPE, metricsRegistry, metricsText } from './metrics';

/** A named check: resolves to available or not, with an optional detail for operators. */
export type HealthCheck = () => Promise<{ available: boolean; detail?: string }>;

export interface ReadyReport {
  ready: boolean;
  checks: Record<string, { available: boolean; detail?: string }>;
}

/** The engines a process runs on, each as a check: the event store, read models, bus and media storage. */
export function engineChecks(infra: Pick<Infra, 'eventStore' | 'docs' | 'bus' | 'blobs'>): Record<string, HealthCheck> {
  return {
    eventStore: async () => ({ available: (await infra.eventStore.headPosition()) >= 0, detail: infra.eventStore.kind }),
    readModels: async () => ({ available: (await infra.docs.getCheckpoint(READ_MODELS_CHECKPOINT)) >= 0, detail: infra.docs.kind }),
    messageBus: async () => ({ available: true, detail: infra.bus.kind }),
    mediaStorage: async () => {
      await infra.blobs.stat('health-check'); // throws when the storage is unreachable
      return { available: true, detail: infra.blobs.kind };
    },
  };
}

/** Runs checks at once, each bounded by `timeoutMs`; one that throws or times out is unavailable, with why. */
export async function runChecks(checks: Record<string, HealthCheck>, timeoutMs = 2000): Promise<ReadyReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        const result = await Promise.race([check(), new Promise<{ available: boolean; detail: string }>((resolve) => setTimeout(() => resolve({ available: false, detail: 'timed out' }), timeoutMs).unref())]);
        return [name, result] as const;
      } catch (error) {
        return [name, { available: false, detail: error instanceof Error ? error.message : 'failed' }] as const;
      }
    }),
  );
  return { ready: entries.every(([, check]) => check.available), checks: Object.fromEntries(entries) };
}

/** Whether this process can do its work: each engine it runs on answers. */
export function infraReadiness(infra: Pick<Infra, 'eventStore' | 'docs' | 'bus' | 'blobs'>): () => Promise<ReadyReport> {
  const checks = engineChecks(infra);
  return () => runChecks(checks);
}

const isLoopback = (address: string | undefined) => ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(address ?? '');

/** The event loop's health as gauges of the registry, read at each scrape (once per process). */
function watchLoop(monitor: LoopMonitor, service: string): void {
  const gauge = (name: string, help: string, read: (s: ReturnType<LoopMonitor['snapshot']>) => number) => {
    if (metricsRegistry.getSingleMetric(name)) return;
    new Gauge({ name, help, labelNames: ['service'] as const, registers: [metricsRegistry], collect() { this.set({ service }, read(monitor.snapshot())); } });
  };
  gauge('studio_eventloop_lag_seconds', 'How late the last event-loop probe fired', (s) => s.lagMs / 1000);
  gauge('studio_eventloop_delay_p99_seconds', 'Event-loop delay, 99th percentile since start', (s) => s.delayP99 / 1000);
  gauge('studio_eventloop_utilization', 'Share of time the event loop was busy since start', (s) => s.utilization);
  gauge('studio_overloaded', '1 while expensive requests are refused with 503', (s) => (s.overloaded ? 1 : 0));
  // Every probe's lag, so a scraper can take the delay's percentiles over any window (two scrapes'
  // difference), which the since-start gauges above cannot give and a sampled gauge may miss.
  if (!metricsRegistry.getSingleMetric('studio_eventloop_probe_lag_seconds')) {
    const probes = new Histogram({
      name: 'studio_eventloop_probe_lag_seconds', help: 'How late each event-loop probe fired (one every 50 ms)', labelNames: ['service'] as const, registers: [metricsRegistry],
      buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    });
    monitor.onProbe((lagMs) => probes.observe({ service }, lagMs / 1000));
  }
  if (!metricsRegistry.getSingleMetric('studio_requests_shed_total')) {
    new Counter({
      name: 'studio_requests_shed_total', help: 'Expensive requests answered 503 while the event loop lagged', labelNames: ['service'] as const, registers: [metricsRegistry],
      collect() { this.reset(); this.inc({ service }, monitor.snapshot().shed); },
    });
  }
}

/**
 * The operations endpoints of a service process: GET /livez (the process answers), GET /readyz
 * (every engine it runs on answers: 200, else 503 with which one does not) and GET /metrics
 * (Prometheus text; loopback only, like a scraper beside the process).
 */
export function opsRouter(input: { service: string; ready: () => Promise<ReadyReport>; monitor?: LoopMonitor | null }): Router {
  if (input.monitor) watchLoop(input.monitor, input.service);
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 'ok', service: input.service });
  });
  router.get('/readyz', async (_req, res) => {
    const report = await input.ready();
    res.setHeader('cache-control', 'no-store');
    res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'unavailable', service: input.service, checks: report.checks });
  });
  router.get('/metrics', async (req, res) => {
    if (!isLoopback(req.socket.remoteAddress)) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    res.type(METRICS_CONTENT_TYPE).send(await metricsText());
  });
  return router;
}

/**
 * The operations endpoints on a port of their own, for the processes that serve no HTTP otherwise
 * (projectors, render workers): OPS_PORT.
 */
export async function startOpsServer(input: { service: string; port: number; host?: string; ready: () => Promise<ReadyReport>; monitor?: LoopMonitor | null }): Promise<{ port: number; stop(): Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.use(opsRouter(input));
  const server: Server = createAppServer(app);
  const port = await listen(server, input.port, input.host ?? '0.0.0.0');
  return { port, stop: () => closeServer(server) };
}
