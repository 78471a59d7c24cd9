import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncApiDocument, messageJsonSchema } from './asyncapi';
import { asyncApiMarkdown, BUS_CONTRACT_DOC } from './asyncapi-markdown';
import { BUS_TOPICS, deadLetterTopic } from './bus-contract';

type Doc = ReturnType<typeof asyncApiDocument> & {
  channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  operations: Record<string, { action: string; channel: { $ref: string }; bindings?: { kafka: { groupId: { enum: string[] } } } }>;
  components: { messages: Record<string, { payload: { schemaFormat: string; schema: unknown }; bindings: { kafka: { key: unknown } } }> };
};

describe('The bus contract (AsyncAPI)', () => {
  const document = asyncApiDocument() as Doc;

  describe('When generated from the message schemas', () => {
    it('should have a channel for every topic and its dead-letter topic', () => {
      expect(Object.values(document.channels).map((channel) => channel.address).sort())
        .toEqual(BUS_TOPICS.flatMap((contract) => [contract.topic, deadLetterTopic(contract.topic)]).sort());
    });

    it("should carry each topic's payload as the JSON Schema of the zod schema the code parses with, and its key", () => {
      for (const contract of BUS_TOPICS) {
        const message = document.components.messages[contract.message];
        expect(message.payload).toEqual({ schemaFormat: 'application/schema+json;version=draft-07', schema: messageJsonSchema(contract.schema) });
        expect(message.bindings.kafka.key).toMatchObject({ type: 'string' });
      }
    });

    it('should name the consumer group of each receiving operation', () => {
      const groups = Object.values(document.operations).filter((operation) => operation.action === 'receive').map((operation) => operation.bindings?.kafka.groupId.enum[0]);
      expect(groups.sort()).toEqual(['render-workers', 'status-ingester']);
    });
  });

  describe(`When ${BUS_CONTRACT_DOC} is read`, () => {
    it('should be the document rendered now (run `npm run docs:bus` after changing a message schema)', () => {
      const onDisk = readFileSync(join(__dirname, '../../..', BUS_CONTRACT_DOC), 'utf8');
      expect(onDisk).toBe(asyncApiMarkdown(document));
    });
  });
});
