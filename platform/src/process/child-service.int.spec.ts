import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../logging/logger';
import { lowerPriority, startChildService } from './child-service';
import { READY_LINE } from './run-process';

describe('A child service', () => {
  const dir = mkdtempSync(join(tmpdir(), 'child-service-'));
  // A service that says it is ready and waits (the programs it starts later, ffmpeg for the renderer, inherit its niceness).
  const main = join(dir, 'service.js');
  writeFileSync(main, `
    process.on('SIGTERM', () => process.exit(0));
    process.send({ type: '${READY_LINE}' });
    setInterval(() => undefined, 1000);
  `);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should run at the niceness asked for, never above this process\'s own priority', async () => {
    const child = await startChildService({ main, env: {}, logger: createLogger('test', { level: 'silent' }), niceness: 10 });
    try {
      const pid = child.pid()!;
      expect(getPriority(pid)).toBe(Math.max(10, getPriority()));
    } finally {
      await child.stop();
    }
  });

  it('should lower every thread of a process that already runs threads, not only its main one', async () => {
    // Given a process that has started its threads (V8's, a worker's) before it is lowered, as a
    // render worker that lowers itself once it has started,
    const busy = spawn(process.execPath, ['-e', `
      const { Worker } = require('node:worker_threads');
      new Worker('setInterval(() => undefined, 1000)', { eval: true }).on('online', () => console.log('ready'));
      setInterval(() => undefined, 1000);
    `], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => busy.stdout!.once('data', () => resolve()));
      const pid = busy.pid!;
      // when it is lowered,
      lowerPriority(pid, 10, createLogger('test', { level: 'silent' }));
      // then every one of its threads runs at that niceness (field 19 of a thread's stat).
      const niceOf = (tid: string) => Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
      const threads = readdirSync(`/proc/${pid}/task`);
      expect(threads.length).toBeGreaterThan(2);
      expect(threads.map(niceOf)).toEqual(threads.map(() => Math.max(10, getPriority())));
    } finally {
      busy.kill('SIGKILL');
    }
  });
});
