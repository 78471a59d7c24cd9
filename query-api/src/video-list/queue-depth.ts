import { COLLECTIONS, GENERATION_STATUSES, type VideoListDoc } from '@app/domain';
import { metricsRegistry, type DocumentStore } from '@app/platform';
import { Gauge } from 'prom-client';

const NAME = 'studio_render_queue_depth';

/**
 * How many videos wait for a worker (`queued`) or are being made (each stage), counted from the
 * read models when /metrics is scraped: the queue as creators see it, whatever the bus.
 */
export function watchQueueDepth(docs: DocumentStore): void {
  if (metricsRegistry.getSingleMetric(NAME)) return;
  const videos = () => docs.collection<VideoListDoc>(COLLECTIONS.videoList);
  new Gauge({
    name: NAME,
    help: 'Videos requested and not yet done or failed, by status (queued: not started)',
    labelNames: ['status'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.set({ status: 'queued' }, await videos().count({ status: null }));
      for (const status of GENERATION_STATUSES.filter((s) => s !== 'done')) this.set({ status }, await videos().count({ status }));
    },
  });
}
