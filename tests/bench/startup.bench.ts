/**
 * The embedded product's start-up (issue 15): time from spawn to its ready line, and resident memory
 * at idle (the studio process and its render child), run as production runs it (the built bundle)
 * and as before (TypeScript compiled at run time by tsx), in the same run on the same machine.
 */
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, serviceCommand } from '../support/processes';
import type { BenchRow } from './stores';

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const IDLE_MS = 3000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Resident memory of a process and its children, in MiB (Linux /proc). */
export function residentMiB(pid: number): number {
  const kib = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
  const children = (p: number): number[] => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const all = (p: number): number[] => [p, ...children(p).flatMap(all)];
  return Math.round(all(pid).reduce((sum, p) => sum + kib(p), 0) / 1024);
}

async function startOnce(runtime: 'built' | 'tsx') {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, serviceCommand('gateway', 'main.ts', runtime), {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the product exited (${code}) before it was ready`)));
      child.stdout!.on('data', (chunk: Buffer) => /"msg":"studio ready"/.test(chunk.toString()) && resolve());
    });
    const startMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { startMs, rss: residentMiB(child.pid!) };
  } finally {
    await new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStartup(): Promise<BenchRow[]> {
  const runs = { built: [] as Array<{ startMs: number; rss: number }>, tsx: [] as Array<{ startMs: number; rss: number }> };
  serviceCommand('gateway'); // build first, outside the timings
  for (let i = 0; i < STARTS; i++) {
    runs.built.push(await startOnce('built'));
    runs.tsx.push(await startOnce('tsx'));
  }
  const startOf = (runtime: 'built' | 'tsx') => Math.round(median(runs[runtime].map((r) => r.startMs)));
  const rssOf = (runtime: 'built' | 'tsx') => median(runs[runtime].map((r) => r.rss));
  return [
    { name: 'startup.built-to-ready', value: startOf('built'), unit: 'ms' },
    { name: 'startup.tsx-to-ready (before)', value: startOf('tsx'), unit: 'ms' },
    { name: 'startup.built-vs-tsx', value: Math.round((startOf('built') / startOf('tsx')) * 100) / 100, unit: 'ratio', target: '< 1' },
    { name: 'startup.built-idle-rss', value: rssOf('built'), unit: 'MiB' },
    { name: 'startup.tsx-idle-rss (before)', value: rssOf('tsx'), unit: 'MiB' },
  ];
}
