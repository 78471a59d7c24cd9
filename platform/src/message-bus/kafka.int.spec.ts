import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { KafkaJSNonRetriableError, type Kafka } from 'kafkajs';
import { openMessageBus } from './index';
import { messageBusContract } from './message-bus.contract';

/** Runs against a real broker when KAFKA_BROKERS is set (infra/scripts/kafka.sh prints it). */
const brokers = process.env.KAFKA_BROKERS;
const describeIfKafka = brokers ? describe : describe.skip;
const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

describeIfKafka('KafkaMessageBus', () => {
  const open = () => openMessageBus(`kafka://${brokers}`, { logger, heartbeatIntervalMs: 300, maxWaitTimeMs: 250, retryBackoffMs: 50, partitionsConsumedConcurrently: 3 });
  messageBusContract('kafka', open, { timeoutMs: 30_000, reopen: open });

  describe('Given a consumer that kafkajs gives up on (a crash it will not restart: a non-retriable error)', () => {
    it('should start the consumer again, and every message is still handled', async () => {
      const bus = await open();
      // The one fault: the first offset commit is refused for good, as a broker refusing it would.
      const kafka = (bus as unknown as { kafka: Kafka }).kafka;
      const newConsumer = kafka.consumer.bind(kafka);
      let refused = 0;
      kafka.consumer = (config) => {
        const consumer = newConsumer(config);
        const commit = consumer.commitOffsets.bind(consumer);
        consumer.commitOffsets = async (offsets) => {
          if (refused++ === 0) throw new KafkaJSNonRetriableError('refused for good (injected)');
          return commit(offsets);
        };
        return consumer;
      };
      const topic = `crash-${randomUUID()}`;
      const seen = new Set<number>();
      const consumer = await bus.subscribe(topic, { groupId: `crash-${randomUUID()}`, handler: async (message) => void seen.add((message.value as { n: number }).n) });
      try {
        await bus.publish(topic, [{ key: 'a', value: { n: 1 } }]);
        const deadline = Date.now() + 30_000;
        while (!seen.has(1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        await bus.publish(topic, [{ key: 'b', value: { n: 2 } }]);
        while (!seen.has(2) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

        expect(refused).toBeGreaterThan(1);
        expect([...seen].sort()).toEqual([1, 2]);
      } finally {
        await consumer.stop();
        await bus.close();
      }
    }, 60_000);
  });

  describe('When opened by URL', () => {
    it('should open Kafka for kafka:// URLs', async () => {
      const bus = await openMessageBus(`kafka://${brokers}?partitions=3`, { logger });
      expect(bus.kind).toBe('kafka');
      await bus.close();
    });
  });
});
