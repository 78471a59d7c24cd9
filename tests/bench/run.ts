/**
 * `npm run bench`: runs every tests/bench/*.bench.ts and prints one table. Each module exports
 * an async function returning rows { name, value, unit, target? }. Targets live here, in
 * benchmarks, never in timed unit tests.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchRow as Row } from './stores';

function meets(value: number, target: string | undefined): string {
  if (!target) return '';
  const match = /^(<=|>=|<|>)\s*([\d.]+)$/.exec(target.trim());
  if (!match) return target;
  const bound = Number(match[2]);
  const ok = { '<=': value <= bound, '>=': value >= bound, '<': value < bound, '>': value > bound }[match[1] as '<=' | '>=' | '<' | '>'];
  return `${target} ${ok ? 'ok' : 'MISSED'}`;
}

async function main() {
  const only = process.argv[2];
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only))).sort();
  const rows: Array<Row & { suite: string }> = [];
  // A bench that fails (a missing model, an engine gone) is named in the table and the run goes on:
  // the other rows were paid for, and the table is printed once, at the end.
  const failed: Array<{ suite: string; name: string }> = [];
  for (const file of files) {
    const suite = file.replace('.bench.ts', '');
    const mod = (await import(join(__dirname, file))) as Record<string, unknown>;
    for (const [name, fn] of Object.entries(mod)) {
      if (typeof fn !== 'function' || !name.startsWith('bench')) continue;
      process.stderr.write(`running ${file} ${name}…\n`);
      try {
        const result = (await (fn as () => Promise<Row[]>)()) ?? [];
        for (const row of result) rows.push({ suite, ...row });
      } catch (error) {
        process.stderr.write(`${file} ${name} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
        failed.push({ suite, name });
      }
    }
  }
  const table = [
    ['suite', 'measure', 'value', 'unit', 'target'],
    ...rows.map((r) => [r.suite, r.name, formatNumber(r.value), r.unit, meets(r.value, r.target)]),
    ...failed.map(({ suite, name }) => [suite, `${suite}.${name} (see its error above)`, '-', '', 'FAILED']),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(`${line(table[0])}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${table.slice(1).map(line).join('\n')}\n`);
  if (failed.length > 0) process.exitCode = 1;
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value >= 100 ? value.toFixed(0) : value.toFixed(2);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
