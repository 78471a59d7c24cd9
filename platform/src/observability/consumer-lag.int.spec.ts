import { SqliteMessageBus } from '../message-bus/sqlite';
import { metricsText, reportConsumerLag } from './metrics';

const lagLines = async (topic: string) => (await metricsText()).split('\n').filter((line) => line.startsWith('studio_bus_consumer_lag{') && line.includes(`topic="${topic}"`));

describe('GET /metrics consumer lag', () => {
  describe('When a group this process consumes falls behind and catches up', () => {
    it('should report its lag per partition, then zero', async () => {
      const bus = new SqliteMessageBus({ file: ':memory:', partitions: 2 });
      const stopReport = reportConsumerLag(bus);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let handled = 0;
      const consumer = await bus.subscribe('lag.topic', { groupId: 'lag-group', handler: async () => { await gate; handled++; } });
      try {
        await bus.publish('lag.topic', [1, 2, 3].map((seq) => ({ key: 'video-1', value: { seq } })));
        const behind = await lagLines('lag.topic');
        expect(behind).toHaveLength(2);
        expect(behind.map((line) => Number(line.split(' ')[1])).sort()).toEqual([0, 3]);
        expect(behind.join('\n')).toMatch(/studio_bus_consumer_lag\{group="lag-group",topic="lag.topic",partition="\d"\} 3/);
        release();
        while (handled < 3) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await lagLines('lag.topic')).map((line) => Number(line.split(' ')[1]))).toEqual([0, 0]);
      } finally {
        await consumer.stop();
        stopReport();
        await bus.close();
      }
      expect(await lagLines('lag.topic')).toEqual([]);
    });
  });
});
