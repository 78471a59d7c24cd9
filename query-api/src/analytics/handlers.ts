import { once } from 'node:events';
import type { Response } from 'express';
import { NotFoundError, PROJECTION_STATUS_COLLECTION, categoryOf, type ProjectionStatusDoc } from '@app/domain';
import { analystOf, paramsOf, queryOf, type DocumentStore, type EventStore, type HandlersOf, type MessageBus } from '@app/platform';
import { exportLog } from './export';
import { presentBusLag, presentEvent, presentProjections } from './presenter';
import { tailLog } from './tail';
import { streamAsOf } from './time-travel';
import { presentStats, type StatsSource } from './stats';

export type AnalyticsRouteName = 'analyticsEvents' | 'analyticsLive' | 'analyticsStreams' | 'analyticsStream' | 'analyticsExport' | 'analyticsProjections' | 'analyticsBusLag' | 'analyticsStats';

export interface AnalyticsDeps {
  eventStore: EventStore;
  docs: DocumentStore;
  /** Whose consumer groups' lag the analysts see (this deployment's, under BUS_NAMESPACE). */
  bus: MessageBus;
  now: () => Date;
  /** How often the live tail looks for new events. Default 500 ms. */
  livePollMs?: number;
}

/** Writes with backpressure: waits for 'drain' when the client reads slower than the log is read. */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  return !res.destroyed;
}

/**
 * The analyst API (issue 14): pages of the log, a live tail, recently changed streams, a stream
 * as of a position or time with its folded state, a streamed export, the projections' state and
 * the product stats. Every answer is redacted for the analyst who asked (see presentEvent).
 */
export function analyticsHandlers(deps: AnalyticsDeps): HandlersOf<AnalyticsRouteName> {
  const { eventStore, docs } = deps;
  const statsSource: StatsSource = { docs };

  return {
    analyticsEvents: async (_req, res) => {
      const q = queryOf(res, 'analyticsEvents');
      const access = analystOf(res);
      const [events, headPosition] = await Promise.all([
        eventStore.readLog({ after: q.after, limit: q.limit, streamId: q.stream, category: q.category, type: q.type, correlationId: q.correlation, recordedFrom: q.from, recordedTo: q.to }),
        eventStore.headPosition(),
      ]);
      const lastPosition = events.length > 0 ? events[events.length - 1].position : q.after;
      res.json({ events: events.map((e) => presentEvent(e, access)), lastPosition, headPosition });
    },

    analyticsLive: async (req, res) => {
      const q = queryOf(res, 'analyticsLive');
      const access = analystOf(res);
      const resumeFrom = Number(req.headers['last-event-id']);
      const after = Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 ? resumeFrom : q.after ?? (await eventStore.headPosition());
      const filter = { streamId: q.stream, category: q.category, type: q.type, correlationId: q.correlation, recordedFrom: q.from, recordedTo: q.to };
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
      res.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ after })}\n\n`);
      const closed = new AbortController();
      req.on('close', () => closed.abort());
      let idleTicks = 0;
      try {
        for await (const events of tailLog(eventStore, filter, after, { pollMs: deps.livePollMs ?? 500, signal: closed.signal })) {
          for (const event of events) {
            if (!(await write(res, `id: ${event.position}\nevent: event\ndata: ${JSON.stringify(presentEvent(event, access))}\n\n`))) return;
          }
          // A comment now and then keeps proxies from closing an idle stream.
          if (events.length === 0 && ++idleTicks % 30 === 0) res.write(': idle\n\n');
        }
      } catch {
        // The store went away (shutdown): the browser reconnects with Last-Event-ID.
        res.end();
      }
    },

    analyticsStreams: async (_req, res) => {
      const q = queryOf(res, 'analyticsStreams');
      const streams = await eventStore.listStreams({ category: q.category, after: q.after, limit: q.limit });
      res.json({ streams: streams.map((s) => ({ streamId: s.streamId, category: categoryOf(s.streamId), revision: s.revision, lastPosition: s.lastPosition, lastEventType: s.lastEventType, lastRecordedAt: s.lastRecordedAt })) });
    },

    analyticsStream: async (_req, res) => {
      const { streamId } = paramsOf(res, 'analyticsStream');
      const { asOf } = queryOf(res, 'analyticsStream');
      const stream = await streamAsOf(eventStore, streamId, asOf, analystOf(res));
      if (!stream) throw new NotFoundError('Stream not found');
      res.json(stream);
    },

    analyticsExport: async (req, res) => {
      const q = queryOf(res, 'analyticsExport');
      const access = analystOf(res);
      const until = q.to ?? (await eventStore.headPosition());
      const csv = q.format === 'csv';
      res.writeHead(200, {
        'content-type': csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
        'content-disposition': `attachment; filename="events-${q.after}-${until}.${csv ? 'csv' : 'ndjson'}"`,
        'cache-control': 'no-store',
      });
      await exportLog({
        eventStore, after: q.after, until, format: q.format, pii: access.pii,
        filter: { category: q.category, type: q.type, streamId: q.stream },
        write: (chunk) => write(res, chunk),
      });
      res.end();
    },

    analyticsProjections: async (_req, res) => {
      const [statuses, headPosition] = await Promise.all([
        docs.collection<ProjectionStatusDoc>(PROJECTION_STATUS_COLLECTION).find({}),
        eventStore.headPosition(),
      ]);
      res.json({ projections: presentProjections(statuses, headPosition, deps.now()) });
    },

    analyticsBusLag: async (_req, res) => {
      res.json({ bus: deps.bus.kind, groups: presentBusLag(await deps.bus.lag('all')) });
    },

    analyticsStats: async (_req, res) => {
      const q = queryOf(res, 'analyticsStats');
      res.json(await presentStats(statsSource, { from: q.from, to: q.to, bucket: q.bucket }, deps.now()));
    },
  };
}

