/**
 * Production runs built JavaScript (issue 15): every service's main module has a bundle that starts
 * with plain `node` (no tsx), and the embedded product on its defaults never loads the client
 * libraries of engines it does not use (each costs 10–100 MiB of resident memory per process).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServices, freePort, startService } from '../support/processes';

const root = join(__dirname, '../..');
const MAINS = ['gateway/dist/main.js', 'command-api/dist/main.js', 'command-api/dist/autopilot-main.js', 'query-api/dist/main.js', 'projectors/dist/main.js', 'render-workers/dist/main.js'];

/** Loaded at start-up in each process (the studio and its render child): writes the modules it loaded, on the way out. */
const RECORDER = `
const { writeFileSync } = require('node:fs');
process.on('exit', () => writeFileSync(process.env.LOADED_DIR + '/' + process.pid + '.json', JSON.stringify(Object.keys(require.cache))));
`;

describe('the built services', () => {
  let dir: string;
  beforeAll(() => {
    buildServices();
    dir = mkdtempSync(join(tmpdir(), 'built-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('given the build, then every service main module has its bundle', () => {
    for (const main of MAINS) expect(existsSync(join(root, main))).toBe(true);
  });

  it('given the embedded defaults, when the built product starts and stops, then it ran without tsx and loaded no unused engine client', async () => {
    const recorder = join(dir, 'recorder.cjs');
    writeFileSync(recorder, RECORDER);
    const port = await freePort();
    // The embedded defaults: no engine named. NODE_OPTIONS reaches the render child too.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: `--require ${recorder}`, LOADED_DIR: dir, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info' };
    for (const name of ['EVENT_STORE_URL', 'READ_STORE_URL', 'BUS_URL', 'S3_BUCKET', 'SMTP_URL', 'STRIPE_SECRET_KEY']) delete env[name];
    const child = spawn(process.execPath, ['--conditions=compiled', join(root, 'gateway/dist/main.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`exited (${code}) before it was ready`)));
      child.stdout!.on('data', (chunk: Buffer) => /"msg":"studio ready"/.test(chunk.toString()) && resolve());
    });
    const catalog = await fetch(`http://127.0.0.1:${port}/api/catalog`);
    expect(catalog.status).toBe(200);
    await new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));

    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(2); // the studio and its render child
    const modules = files.flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as string[]);
    expect(modules.filter((m) => /\/(gateway|render-workers)\/dist\/main\.js$/.test(m)).length).toBe(2);
    expect(modules.filter((m) => /\/src\/.*\.ts$/.test(m) || /node_modules\/tsx\//.test(m))).toEqual([]);
    const unused = modules.filter((m) => /node_modules\/((pg|mongodb|kafkajs|@kurrent\/kurrentdb-client)\/|googleapis\/build\/src\/apis\/(?!youtube\/))/.test(m));
    expect(unused).toEqual([]);
  });

  it('given a machine shared with HTTP processes, when the built render workers start, then they yield the CPU (their ffmpeg inherits it)', async () => {
    const byDefault = startService('render-worker-default', 'render-workers', { DATA_DIR: join(dir, 'workers-default'), LOG_LEVEL: 'info' });
    const asked = startService('render-worker-nicer', 'render-workers', { DATA_DIR: join(dir, 'workers-nicer'), LOG_LEVEL: 'info', RENDER_NICENESS: '17' });
    try {
      await Promise.all([byDefault.waitForLine(/Render worker started/, 60_000), asked.waitForLine(/Render worker started/, 60_000)]);
      expect(getPriority(byDefault.child.pid!)).toBe(Math.max(10, getPriority()));
      expect(getPriority(asked.child.pid!)).toBe(Math.max(17, getPriority()));
    } finally {
      await Promise.all([byDefault.kill(), asked.kill()]);
    }
  });
});
