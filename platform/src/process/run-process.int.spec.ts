import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A service process whose start goes on in the background (command-api's status ingester joining
 * its consumer group) stops, and exits 1, when that part fails: as a failed start does, so a
 * supervisor starts it again instead of leaving it up without it.
 */
describe('When what a service starts in the background fails', () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-process-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should say why, stop the service and exit 1', () => {
    const main = join(dir, 'service.ts');
    writeFileSync(main, `
      import { createLogger } from ${JSON.stringify(join(__dirname, '../logging/logger'))};
      import { runProcess } from ${JSON.stringify(join(__dirname, 'run-process'))};
      runProcess('probe', async () => ({
        logger: createLogger('probe', { level: 'info' }),
        service: { stop: async () => void process.stdout.write('service stopped\\n') },
        background: new Promise((_, reject) => setTimeout(() => reject(new Error('the group could not be joined')), 100)),
      }));
    `);
    const child = spawnSync(process.execPath, ['--import', 'tsx', main], { cwd: process.cwd(), encoding: 'utf8', timeout: 30_000 });
    expect(child.status).toBe(1);
    const lines = child.stdout.split('\n');
    const order = ['probe ready', 'probe could not finish starting', 'service stopped'].map((text) => lines.findIndex((line) => line.includes(text)));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(child.stdout).toContain('the group could not be joined');
  });
});
