/**
 * The product's Prometheus metrics (prom-client), one registry per process: every service exposes
 * it at GET /metrics (loopback only), the processes without HTTP (projectors, render workers) on
 * their operations port. What is measured lives beside the code that does the work; this module
 * only declares the instruments, so a name and its labels are defined once.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ConsumerLag, MessageBus } from '../message-bus/port';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  httpDuration: new Histogram({
    name: 'studio_http_request_duration_seconds',
    help: 'HTTP requests by route (the route table name), method and status class',
    labelNames: ['service', 'route', 'method', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [metricsRegistry],
  }),
  commands: new Counter({
    name: 'studio_commands_total',
    help: 'Commands decided, by type and outcome (accepted: events appended; unchanged: nothing to do; rejected: refused)',
    labelNames: ['type', 'outcome'] as const,
    registers: [metricsRegistry],
  }),
  eventsAppended: new Counter({
    name: 'studio_events_appended_total',
    help: 'Events appended by this process, by type',
    labelNames: ['type'] as const,
    registers: [metricsRegistry],
  }),
  eventsProjected: new Counter({
    name: 'studio_events_projected_total',
    help: 'Events applied to the read models, by type',
    labelNames: ['type'] as const,
    registers: [metricsRegistry],
  }),
  projectionLag: new Histogram({
    name: 'studio_projection_lag_seconds',
    help: 'From an event being recorded to its projection into the read models',
    buckets: SECONDS_BUCKETS,
    registers: [metricsRegistry],
  }),
  projectionPosition: new Gauge({
    name: 'studio_projection_position',
    help: 'The last log position projected into the read models',
    registers: [metricsRegistry],
  }),
  projectionFailures: new Counter({
    name: 'studio_projection_failures_total',
    help: 'Events a projection could not apply (logged and skipped), by projection',
    labelNames: ['projection'] as const,
    registers: [metricsRegistry],
  }),
  renderStage: new Histogram({
    name: 'studio_render_stage_seconds',
    help: 'Render stages that ran (not reused from a previous attempt), by stage',
    labelNames: ['stage'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 80, 160],
    registers: [metricsRegistry],
  }),
  rendersInProgress: new Gauge({
    name: 'studio_renders_in_progress',
    help: 'Renders this worker is running now',
    registers: [metricsRegistry],
  }),
  sessionPages: new Counter({
    name: 'studio_session_pages_total',
    help: 'Signed-in pages asked for with a session, by outcome (drawn: with the visitor\'s data; late: past the deadline; skeleton: not a page drawn for its visitor, the token or a read refused, or the render failed; busy: too many waiting), the skeleton going out for all but drawn',
    labelNames: ['outcome'] as const,
    registers: [metricsRegistry],
  }),
  sessionPageDuration: new Histogram({
    name: 'studio_session_page_seconds',
    help: 'From a signed-in page being asked for to its being drawn with the visitor\'s data (reads and render)',
    buckets: SECONDS_BUCKETS,
    registers: [metricsRegistry],
  }),
  renderOutcomes: new Counter({
    name: 'studio_renders_total',
    help: 'Renders finished by this worker, by outcome (done, failed, retried)',
    labelNames: ['outcome'] as const,
    registers: [metricsRegistry],
  }),
};

/** Where the consumer-lag gauge reads at each scrape: the buses this process opened. */
const lagSources = new Set<() => Promise<ConsumerLag[]>>();
/** A scrape must answer even when the broker does not: a source slower than this is left out. */
const LAG_SCRAPE_TIMEOUT_MS = 2000;

new Gauge({
  name: 'studio_bus_consumer_lag',
  help: 'Messages published and not yet committed, by consumer group, topic and partition, for the groups this process consumes (the members of one group report the same figure: aggregate with max)',
  labelNames: ['group', 'topic', 'partition'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    const reports = await Promise.all([...lagSources].map((source) => withTimeout(source(), LAG_SCRAPE_TIMEOUT_MS).catch(() => [])));
    for (const row of reports.flat()) this.set({ group: row.groupId, topic: row.topic, partition: String(row.partition) }, row.lag);
  },
});

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Reports the lag of the groups `bus` consumes in /metrics until the returned function is called. */
export function reportConsumerLag(bus: Pick<MessageBus, 'lag'>): () => void {
  const source = () => bus.lag('subscribed');
  lagSources.add(source);
  return () => void lagSources.delete(source);
}

/** The registry as Prometheus text. */
export async function metricsText(): Promise<string> {
  return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
