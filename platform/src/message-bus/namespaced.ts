import type { Consumer, ConsumerOptions, MessageBus, OutgoingMessage, ReplayOptions } from './port';

/**
 * Prefixes every topic and consumer group with a namespace, so several deployments (or test
 * runs) can share one broker without seeing each other's messages. `BUS_NAMESPACE` in config.
 */
export function namespaced(bus: MessageBus, namespace: string | null | undefined): MessageBus {
  if (!namespace) return bus;
  const name = (topic: string) => `${namespace}.${topic}`;
  return {
    kind: bus.kind,
    publish: (topic: string, messages: OutgoingMessage[]) => bus.publish(name(topic), messages),
    subscribe: async (topic: string, options: ConsumerOptions): Promise<Consumer> => {
      const consumer = await bus.subscribe(name(topic), { ...options, groupId: name(options.groupId), handler: (message) => options.handler({ ...message, topic }) });
      return consumer;
    },
    deadLetters: async (topic: string) => (await bus.deadLetters(name(topic))).map((letter) => ({ ...letter, topic })),
    replayDeadLetters: async (topic: string, options?: ReplayOptions) => (await bus.replayDeadLetters(name(topic), options)).map((letter) => ({ ...letter, topic })),
    // This deployment's groups only, under the names the broker knows them by.
    lag: (scope, groupPrefix = '') => bus.lag(scope, `${namespace}.${groupPrefix}`),
    close: () => bus.close(),
  };
}
