import type { AsyncApiDocument } from './asyncapi';

/**
 * The AsyncAPI document as a markdown page (docs/bus-contract.md): what a person reads before
 * writing a worker. Rendered from the document itself, so the page says what the endpoint serves.
 */
type JsonSchema = { type?: unknown; enum?: unknown[]; description?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; anyOf?: JsonSchema[] };
interface Message { name: string; title: string; summary: string; headers: { schema: JsonSchema }; payload: { schema: JsonSchema }; 'x-schema-version'?: number }
interface Channel { address: string; title: string; description: string; messages: Record<string, { $ref: string }> }
interface Operation { action: 'send' | 'receive'; channel: { $ref: string }; summary: string }

export const BUS_CONTRACT_DOC = 'docs/bus-contract.md';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => `\`${String(value)}\``).join(', ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'anything'}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return typeof schema.type === 'string' ? schema.type : 'any';
}

/** The object a field holds, if any (itself, its array's items, or the object of a nullable object), and how its fields are named under it. */
function nestedObject(schema: JsonSchema): { schema: JsonSchema; separator: string } | null {
  if (schema.properties) return { schema, separator: '.' };
  if (schema.items) {
    const inner = nestedObject(schema.items);
    return inner && { schema: inner.schema, separator: `[]${inner.separator}` };
  }
  for (const branch of schema.anyOf ?? []) {
    const inner = nestedObject(branch);
    if (inner) return inner;
  }
  return null;
}

/** A row per field, nested fields under their parent's (`import.blobKey`, `sceneMedia[].fit`); "required" is within the parent. */
function fieldRows(schema: JsonSchema, prefix = ''): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const nested = nestedObject(property);
    return [
      `| \`${prefix}${name}\` | ${cell(typeOf(property))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(property.description ?? '')} |`,
      ...(nested ? fieldRows(nested.schema, `${prefix}${name}${nested.separator}`) : []),
    ];
  });
}

function fieldsTable(schema: JsonSchema): string[] {
  const rows = fieldRows(schema);
  if (rows.length === 0) return [];
  return ['| field | type | required | meaning |', '|---|---|---|---|', ...rows];
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;

function messageSection(message: Message): string[] {
  return [
    `**Message \`${message.name}\`**${message['x-schema-version'] ? ` (schema version ${message['x-schema-version']})` : ''}: ${message.summary}`,
    '',
    'Headers:',
    '',
    ...fieldsTable(message.headers.schema),
    '',
    'Payload:',
    '',
    ...(fieldsTable(message.payload.schema).length > 0 ? [...fieldsTable(message.payload.schema), ''] : [message.payload.schema.description ?? '', '']),
    ...(message.payload.schema.properties
      ? ['<details><summary>JSON Schema (draft-07)</summary>', '', '```json', JSON.stringify(message.payload.schema, null, 2), '```', '', '</details>', '']
      : []),
  ];
}

export function asyncApiMarkdown(document: AsyncApiDocument): string {
  const info = document.info as { title: string; version: string; description: string };
  const channels = document.channels as Record<string, Channel>;
  const operations = Object.values(document.operations as Record<string, Operation>);
  const messages = (document.components as { messages: Record<string, Message> }).messages;
  const lines = [
    `# ${info.title} (AsyncAPI ${document.asyncapi}, version ${info.version})`,
    '',
    '<!-- Generated from the message schemas by `npm run docs:bus`; a unit test fails when it is out of date. Do not edit. -->',
    '',
    'The machine-readable document is served at `GET /api/asyncapi.json`; a worker in any language can be written from it alone, as [`examples/python-worker/`](../examples/python-worker/README.md) was.',
    '',
    info.description,
    '',
    '## Topics',
    '',
    '| topic | what | published by | consumed by |',
    '|---|---|---|---|',
    ...Object.entries(channels).map(([id, channel]) => {
      const of = (action: Operation['action']) => operations.filter((operation) => operation.action === action && refName(operation.channel.$ref) === id).map((operation) => operation.summary).join(' ');
      return `| \`${channel.address}\` | ${cell(channel.title)} | ${cell(of('send'))} | ${cell(of('receive') || 'operators')} |`;
    }),
    '',
  ];
  for (const channel of Object.values(channels)) {
    lines.push(`## \`${channel.address}\``, '', channel.description, '');
    for (const ref of Object.values(channel.messages)) lines.push(...messageSection(messages[refName(ref.$ref)]));
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
