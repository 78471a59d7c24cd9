import { readFileSync, writeFileSync } from 'node:fs';
import { asyncApiDocument, asyncApiMarkdown, deadLetterTopic } from '@app/domain';
import type { ConsumerLag, DeadLetter, MessageBus } from './port';

/**
 * `npm run bus -- …`: the operator's command line over the bus the configuration names (BUS_URL,
 * BUS_NAMESPACE). Dead letters are listed and replayed; lag is shown per group, topic and partition;
 * the contract is printed (or written) as AsyncAPI JSON or markdown.
 */
export const BUS_USAGE = `Usage: npm run bus -- <command>
  dlq list <topic> [--json]                     the dead letters of <topic> not replayed yet
  dlq replay <topic> [--id <id>] [--value-file <file>]
                                                send them back to <topic> (all, or the one with <id>, with a corrected body)
  lag [--json]                                  how far each consumer group is behind, per topic and partition
  contract [--markdown] [--out <file>]          the bus contract (AsyncAPI 3.0), as JSON or markdown
`;

export interface BusCliIo {
  out(text: string): void;
  err(text: string): void;
}

type Command = { name: 'list'; topic: string; json: boolean } | { name: 'replay'; topic: string; id?: string; valueFile?: string }
  | { name: 'lag'; json: boolean } | { name: 'contract'; markdown: boolean; out?: string };

/** The command the arguments name, or a line saying what is wrong with them. */
export function parseBusArgs(args: readonly string[]): Command | string {
  const flags = new Map<string, string | true>();
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) words.push(arg);
    else if (['--id', '--value-file', '--out'].includes(arg)) {
      if (args[i + 1] === undefined) return `${arg} needs a value`;
      flags.set(arg, args[++i]);
    } else flags.set(arg, true);
  }
  const value = (flag: string) => (typeof flags.get(flag) === 'string' ? (flags.get(flag) as string) : undefined);
  const [first, second, topic] = words;
  if (first === 'dlq' && (second === 'list' || second === 'replay')) {
    if (!topic) return `dlq ${second} needs a topic (render.requests, render.status)`;
    if (second === 'list') return { name: 'list', topic, json: flags.has('--json') };
    if (value('--value-file') && !value('--id')) return '--value-file corrects one dead letter: name it with --id';
    return { name: 'replay', topic, id: value('--id'), valueFile: value('--value-file') };
  }
  if (first === 'lag') return { name: 'lag', json: flags.has('--json') };
  if (first === 'contract') return { name: 'contract', markdown: flags.has('--markdown'), out: value('--out') };
  return first ? `Unknown command: ${words.join(' ')}` : 'No command given';
}

/** Whether a command needs the bus (the contract does not). */
export const needsBus = (command: Command) => command.name !== 'contract';

function deadLetterLines(letter: DeadLetter): string {
  return [
    `${letter.id}  ${letter.at}  group ${letter.groupId}  key ${letter.key}  from ${letter.topic}[${letter.partition}]@${letter.offset}  redelivered ${letter.redeliveries}×`,
    `  reason: ${letter.reason}`,
    `  body:   ${letter.value.length > 400 ? `${letter.value.slice(0, 400)}…` : letter.value}`,
  ].join('\n');
}

export function lagTable(rows: readonly ConsumerLag[]): string {
  const header = ['group', 'topic', 'partition', 'committed', 'end', 'lag'];
  const cells = rows.map((row) => [row.groupId, row.topic, String(row.partition), row.committed, row.end, String(row.lag)]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const format = (line: string[]) => line.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ');
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(`${row.groupId} on ${row.topic}`, (totals.get(`${row.groupId} on ${row.topic}`) ?? 0) + row.lag);
  return [format(header), ...cells.map(format), '', ...[...totals].map(([what, lag]) => `${what}: ${lag} behind`)].join('\n');
}

export async function runBusCli(command: Command, bus: MessageBus | null, io: BusCliIo): Promise<number> {
  switch (command.name) {
    case 'contract': {
      const document = asyncApiDocument();
      const text = command.markdown ? asyncApiMarkdown(document) : `${JSON.stringify(document, null, 2)}\n`;
      if (command.out) {
        writeFileSync(command.out, text);
        io.err(`wrote ${command.out}\n`);
      } else io.out(text);
      return 0;
    }
    case 'list': {
      const letters = await bus!.deadLetters(command.topic);
      if (command.json) io.out(letters.map((letter) => `${JSON.stringify(letter)}\n`).join(''));
      else io.out(`${deadLetterTopic(command.topic)}: ${letters.length} dead ${letters.length === 1 ? 'letter' : 'letters'} waiting\n${letters.map((letter) => `${deadLetterLines(letter)}\n`).join('')}`);
      return 0;
    }
    case 'replay': {
      const value = command.valueFile ? readFileSync(command.valueFile, 'utf8') : undefined;
      if (value !== undefined) JSON.parse(value); // a corrected body that is not JSON would only come back
      const replayed = await bus!.replayDeadLetters(command.topic, { id: command.id, value });
      io.out(`replayed ${replayed.length} to ${command.topic}${replayed.length ? `: ${replayed.map((letter) => `${letter.id} (key ${letter.key})`).join(', ')}` : ''}\n`);
      return 0;
    }
    case 'lag': {
      const rows = await bus!.lag('all');
      io.out(command.json ? `${JSON.stringify(rows)}\n` : `${lagTable(rows)}\n`);
      return 0;
    }
  }
}
