/**
 * `npm run events -- <verb>`: the analyst's log on the command line, on the engines the services
 * use (the same environment variables), with the API's redaction (`--pii` shows personal data).
 *
 *   tail [--category video] [--type VideoRendered] [--stream id] [--from N]
 *   read <streamId> [--as-of <position|time>]
 *   export [--after N] [--to N] [--category c] [--type T] [--format ndjson|csv] > file
 *   projections
 *   rebuild <name>
 *   stats [--from ISO] [--to ISO] [--bucket hour|day|week]
 *
 * Tables by default, `--json` for scripts; a progress bar on stderr for export and rebuild when
 * it is a terminal.
 */
import {
  PROJECTION_STATUS_COLLECTION, exportQuery, isReadModelName, projectionDecider, projectionStreamId,
  statsQuery, streamQuery, type ProjectionStatusDoc,
} from '@app/domain';
import { commandMetadata, handle, loadState, type DocumentStore, type EventStore } from '@app/platform';
import { exportLog } from './export';
import { ndjsonLine, presentEvent, presentProjections } from './presenter';
import { presentStats } from './stats';
import { tailLog } from './tail';
import { streamAsOf } from './time-travel';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (progress bars). */
  tty: boolean;
  /** Resolves when the reader of `out` is ready for more (backpressure on pipes). */
  drain?(): Promise<void>;
}

const USAGE = `usage: npm run events -- <verb> [options]
  tail [--category c] [--type T] [--stream id] [--from N]   follow the log (Ctrl-C to stop)
  read <streamId> [--as-of <position|ISO time>]              a stream and its state, as of a point
  export [--after N] [--to N] [--category c] [--type T] [--format ndjson|csv]
  projections                                                 each read model and reactor
  rebuild <name>                                              rebuild a read model beside the live one
  stats [--from ISO] [--to ISO] [--bucket hour|day|week]
options: --json (machine-readable), --pii (unmasked personal data)`;

function parseFlags(args: readonly string[]): { positional: string[]; flags: Record<string, string | true> } {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) positional.push(arg);
    else if (['--json', '--pii'].includes(arg) || args[i + 1] === undefined || args[i + 1].startsWith('--')) flags[arg.slice(2)] = true;
    else flags[arg.slice(2)] = args[++i];
  }
  return { positional, flags };
}

const text = (value: string | true | undefined) => (typeof value === 'string' ? value : undefined);

/** A fixed-width table of rows. */
export function table(rows: ReadonlyArray<Record<string, unknown>>): string {
  if (rows.length === 0) return '(none)\n';
  const columns = Object.keys(rows[0]);
  const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const widths = columns.map((c) => Math.min(60, Math.max(c.length, ...rows.map((r) => cell(r[c]).length))));
  const line = (values: string[]) => values.map((v, i) => (v.length > widths[i] ? `${v.slice(0, widths[i] - 1)}…` : v.padEnd(widths[i]))).join('  ').trimEnd();
  return `${[line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => cell(r[c]))))].join('\n')}\n`;
}

function progressBar(io: CliIo, label: string) {
  let last = 0;
  return {
    update(done: number, total: number) {
      if (!io.tty || Date.now() - last < 100) return;
      last = Date.now();
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(ratio * 30);
      io.err(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${Math.round(ratio * 100)}% ${done}/${total}`);
    },
    end() {
      if (io.tty) io.err('\n');
    },
  };
}

function parseOrExit<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } } }, value: unknown, io: CliIo): T | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  io.err(`${parsed.error.issues[0]?.message ?? 'invalid options'}\n`);
  return null;
}

export async function runEventsCli(args: readonly string[], stores: { eventStore: EventStore; docs: DocumentStore }, io: CliIo, options: { signal?: AbortSignal; pollMs?: number } = {}): Promise<number> {
  const { positional, flags } = parseFlags(args);
  const [verb, target] = positional;
  const json = flags.json === true;
  const access = { pii: flags.pii === true };
  const { eventStore, docs } = stores;

  switch (verb) {
    case 'tail': {
      const after = text(flags.from) !== undefined ? Number(text(flags.from)) : await eventStore.headPosition();
      if (!Number.isSafeInteger(after) || after < 0) return io.err('--from must be a position (a whole number)\n'), 2;
      const filter = { category: text(flags.category), type: text(flags.type), streamId: text(flags.stream) };
      const signal = options.signal ?? new AbortController().signal;
      for await (const events of tailLog(eventStore, filter, after, { pollMs: options.pollMs ?? 500, signal })) {
        for (const event of events) {
          const shown = presentEvent(event, access);
          io.out(json ? ndjsonLine(shown) : `${shown.position}  ${shown.recordedAt}  ${shown.streamId}@${shown.revision}  ${shown.type}  ${JSON.stringify(shown.data)}\n`);
        }
      }
      return 0;
    }

    case 'read': {
      if (!target) return io.err(`${USAGE}\n`), 2;
      const query = parseOrExit(streamQuery, { asOf: text(flags['as-of']) }, io);
      if (!query) return 2;
      const stream = await streamAsOf(eventStore, target, query.asOf, access);
      if (!stream) return io.err(`Stream not found: ${target}\n`), 1;
      if (json) io.out(`${JSON.stringify(stream)}\n`);
      else io.out(`${table(stream.events.map((e) => ({ revision: e.revision, position: e.position, recordedAt: e.recordedAt, type: e.type, data: e.data })))}\nstate at revision ${stream.revision} of ${stream.headRevision}:\n${JSON.stringify(stream.state, null, 2)}\n`);
      return 0;
    }

    case 'export': {
      const query = parseOrExit(exportQuery, { after: text(flags.after), to: text(flags.to), category: text(flags.category), type: text(flags.type), stream: text(flags.stream), format: text(flags.format) }, io);
      if (!query) return 2;
      const until = query.to ?? (await eventStore.headPosition());
      const bar = progressBar(io, 'export');
      const count = await exportLog({
        eventStore, after: query.after, until, format: query.format, pii: access.pii,
        filter: { category: query.category, type: query.type, streamId: query.stream },
        write: async (chunk) => {
          io.out(chunk);
          await io.drain?.();
          return !options.signal?.aborted;
        },
        onPage: (position) => bar.update(position, until),
      });
      bar.end();
      io.err(`exported ${count} events\n`);
      return 0;
    }

    case 'projections': {
      const statuses = await docs.collection<ProjectionStatusDoc>(PROJECTION_STATUS_COLLECTION).find({});
      const projections = presentProjections(statuses, await eventStore.headPosition(), new Date());
      io.out(json ? `${JSON.stringify({ projections })}\n` : table(projections.map(({ rebuild, ...p }) => ({ ...p, rebuild: rebuild ? `${rebuild.position}/${rebuild.target}` : '' }))));
      return 0;
    }

    case 'rebuild': {
      if (!target) return io.err(`${USAGE}\n`), 2;
      if (!isReadModelName(target)) return io.err(`No projection has this name: ${target}\n`), 1;
      const result = await handle(eventStore, projectionStreamId(target), projectionDecider, { type: 'RequestRebuild', data: { name: target, requestedBy: 'operator' }, metadata: commandMetadata({}) }).catch((error: Error) => error);
      if (result instanceof Error) return io.err(`${result.message}\n`), 1;
      io.err(`rebuild of ${target} requested (position ${result.position}); the projectors' leader runs it\n`);
      const bar = progressBar(io, `rebuild ${target}`);
      const statuses = docs.collection<ProjectionStatusDoc>(PROJECTION_STATUS_COLLECTION);
      let warned = false;
      const started = Date.now();
      while (!options.signal?.aborted) {
        const { state } = await loadState(eventStore, projectionStreamId(target), projectionDecider);
        if (!state.running) {
          bar.end();
          const last = (await eventStore.readStream(projectionStreamId(target))).at(-1);
          if (json) io.out(`${JSON.stringify(last?.data ?? null)}\n`);
          else io.out(last?.type === 'ProjectionRebuilt' ? `rebuilt ${target}: ${last.data.events} events in ${last.data.durationMs} ms, live at position ${last.data.position}\n` : `rebuild of ${target} failed: ${last?.data.reason}\n`);
          return last?.type === 'ProjectionRebuilt' ? 0 : 1;
        }
        const status = await statuses.get(target);
        if (status?.rebuild) bar.update(status.rebuild.position, status.rebuild.target);
        if (!warned && Date.now() - started > 5000 && (!status || Date.now() - Date.parse(status.updatedAt) > 15_000)) {
          io.err('no projectors are running: the rebuild starts when they do (npm start, or npm run start -w projectors)\n');
          warned = true;
        }
        await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
      }
      return 0;
    }

    case 'stats': {
      const query = parseOrExit(statsQuery, { from: text(flags.from), to: text(flags.to), bucket: text(flags.bucket) }, io);
      if (!query) return 2;
      const stats = await presentStats({ docs }, query, new Date());
      if (json) io.out(`${JSON.stringify(stats)}\n`);
      else {
        io.out(table(stats.buckets.map((b) => ({ ...b, start: query.bucket === 'hour' ? b.start.slice(0, 16) : b.start.slice(0, 10) }))));
        io.out(`\nrender seconds p50 ${stats.renderSeconds.p50}, p95 ${stats.renderSeconds.p95}; by stage ${JSON.stringify(stats.renderSeconds.byStage)}\n`);
        io.out(`failures by stage ${JSON.stringify(stats.failuresByStage)}; posts by platform ${JSON.stringify(stats.postsByPlatform)}\n`);
        io.out(`plans ${JSON.stringify(stats.plans)}; funnel ${JSON.stringify(stats.funnel)}\n`);
      }
      return 0;
    }

    default:
      io.err(`${USAGE}\n`);
      return 2;
  }
}
