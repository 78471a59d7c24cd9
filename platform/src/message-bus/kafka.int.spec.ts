import pino from 'pino';
import { openMessageBus } from './index';
import { messageBusContract } from './message-bus.contract';

/** Runs against a real broker when KAFKA_BROKERS is set (infra/scripts/kafka.sh prints it). */
const brokers = process.env.KAFKA_BROKERS;
const describeIfKafka = brokers ? describe : describe.skip;
const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

describeIfKafka('KafkaMessageBus', () => {
  const open = () => openMessageBus(`kafka://${brokers}`, { logger, heartbeatIntervalMs: 300, maxWaitTimeMs: 250, retryBackoffMs: 50, partitionsConsumedConcurrently: 3 });
  messageBusContract('kafka', open, { timeoutMs: 30_000, reopen: open });

  describe('When opened by URL', () => {
    it('should open Kafka for kafka:// URLs', async () => {
      const bus = await openMessageBus(`kafka://${brokers}?partitions=3`, { logger });
      expect(bus.kind).toBe('kafka');
      await bus.close();
    });
  });
});
