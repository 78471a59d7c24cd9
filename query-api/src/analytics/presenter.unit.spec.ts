import type { ProjectionStatusDoc } from '@app/domain';
import { csvRow, presentBusLag, presentEvent, presentProjections } from './presenter';
import { bucketStart, percentile } from './stats';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const status = (name: string, fields: Partial<ProjectionStatusDoc> = {}): ProjectionStatusDoc => ({
  _id: name, kind: 'read-model', position: 90, eventsPerSecond: 12.5, updatedAt: '2026-11-24T09:59:58.000Z', rebuiltAt: null, rebuild: null, ...fields,
});

describe('Analytics presenters', () => {
  describe('When the projections report', () => {
    it('should list every read model with its lag, live when its heartbeat is fresh', () => {
      const list = presentProjections([status('video-list')], 100, NOW);
      expect(list.find((p) => p.name === 'video-list')).toEqual({ name: 'video-list', kind: 'read-model', position: 90, headPosition: 100, lag: 10, status: 'live', rebuiltAt: null, eventsPerSecond: 12.5, rebuild: null });
    });
    it('should show a read model whose process is silent as stopped, and one that never reported too', () => {
      const list = presentProjections([status('video-list', { updatedAt: '2026-11-24T09:50:00.000Z' })], 100, NOW);
      expect(list.find((p) => p.name === 'video-list')).toMatchObject({ status: 'stopped', eventsPerSecond: 0 });
      expect(list.find((p) => p.name === 'series-view')).toMatchObject({ status: 'stopped', position: 0, lag: 100 });
    });
    it('should show a rebuild in progress, and the reactors after the read models', () => {
      const rebuild = { position: 40, target: 100, startedAt: '2026-11-24T09:59:00.000Z' };
      const list = presentProjections([status('video-list', { rebuild }), status('render-relay', { kind: 'reactor' })], 100, NOW);
      expect(list.find((p) => p.name === 'video-list')).toMatchObject({ status: 'rebuilding', rebuild });
      expect(list[list.length - 1]).toMatchObject({ name: 'render-relay', kind: 'reactor' });
    });
  });

  describe('When the bus reports lag per partition', () => {
    it('should show each group once per topic, the partitions summed and the one furthest behind', () => {
      const row = (groupId: string, topic: string, partition: number, lag: number) => ({ groupId, topic, partition, committed: '0', end: String(lag), lag });
      expect(presentBusLag([row('status-ingester', 'render.status', 0, 0), row('render-workers', 'render.requests', 1, 3), row('render-workers', 'render.requests', 0, 2)])).toEqual([
        { groupId: 'render-workers', topic: 'render.requests', partitions: 2, lag: 5, maxPartitionLag: 3 },
        { groupId: 'status-ingester', topic: 'render.status', partitions: 1, lag: 0, maxPartitionLag: 0 },
      ]);
    });
  });

  describe('When an event is written as CSV', () => {
    it('should quote what needs quoting', () => {
      const event = presentEvent({ id: 'e', streamId: 'series-1', type: 'SeriesCreated', revision: 0, position: 3, recordedAt: '2026-11-24T10:00:00.000Z', data: { name: 'Owls, "wise"' }, metadata: {} }, { pii: false });
      expect(csvRow(event)).toBe('3,2026-11-24T10:00:00.000Z,series-1,SeriesCreated,"{""name"":""Owls, \\""wise\\""""}"\n');
    });
  });

  describe('When stats are bucketed', () => {
    it('should start hours, days and weeks (on Mondays) in UTC', () => {
      const t = Date.parse('2026-11-26T15:42:00.000Z'); // a Thursday
      expect(new Date(bucketStart(t, 'hour')).toISOString()).toBe('2026-11-26T15:00:00.000Z');
      expect(new Date(bucketStart(t, 'day')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
      expect(new Date(bucketStart(t, 'week')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    });
    it('should take nearest-rank percentiles', () => {
      expect(percentile([], 50)).toBe(0);
      expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
      expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 95)).toBe(95);
    });
  });
});
