import { InProcessMessageBus } from './in-process';
import { openMessageBus } from './index';
import { messageBusContract } from './message-bus.contract';
import { partitionFor } from './shared';

messageBusContract('in-process', async () => new InProcessMessageBus({ retryBackoffMs: 10 }));

describe('InProcessMessageBus', () => {
  describe('When opened by URL', () => {
    it('should open in-process for memory: and an empty URL', async () => {
      for (const url of ['memory:', '', undefined]) {
        const bus = await openMessageBus(url);
        expect(bus.kind).toBe('in-process');
        await bus.close();
      }
    });

    it('should reject unknown schemes', async () => {
      await expect(openMessageBus('amqp://localhost')).rejects.toThrow('Unsupported message bus URL');
    });
  });

  describe('When partitioning keys', () => {
    it('should match Kafka\'s default partitioner', () => {
      // Values computed by Kafka's Utils.murmur2 (toPositive(murmur2(key)) % partitions).
      expect(partitionFor('', 1000)).toBe((275646681 & 0x7fffffff) % 1000);
      expect(partitionFor('21', 1000)).toBe((-973932308 & 0x7fffffff) % 1000);
      expect(partitionFor('foobar', 1000)).toBe((-790332482 & 0x7fffffff) % 1000);
    });
  });
});
