import { schemaVersionOf, SCHEMA_VERSION, type TopicContract } from '@app/domain';
import type { z } from 'zod';
import { UnreadableMessageError, type IncomingMessage } from './port';

/**
 * A message's payload as its topic's contract says, or `UnreadableMessageError` (the bus then
 * dead-letters it) with a reason an operator can act on: the body is not JSON, its schema version is
 * one this consumer does not read, or it does not match the schema (each issue named by its path).
 */
export function readMessage<Contract extends TopicContract>(contract: Contract, message: IncomingMessage): z.output<Contract['schema']> {
  const version = schemaVersionOf(message.headers);
  if (!(version >= 1 && version <= contract.version)) {
    throw new UnreadableMessageError(`${SCHEMA_VERSION} "${message.headers[SCHEMA_VERSION]}" is not one this consumer reads (1 to ${contract.version})`);
  }
  if (typeof message.value === 'string') throw new UnreadableMessageError(`the body is not JSON: ${JSON.stringify(message.value.slice(0, 80))}`);
  const parsed = contract.schema.safeParse(message.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
    throw new UnreadableMessageError(`not a ${contract.topic} message (schema v${version}): ${issues}`);
  }
  return parsed.data as z.output<Contract['schema']>;
}
