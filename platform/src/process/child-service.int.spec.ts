import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../logging/logger';
import { startChildService } from './child-service';
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
});
