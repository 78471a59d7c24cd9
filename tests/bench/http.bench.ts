/**
 * The request path against a bare Express app (issue 15), both as their own processes, loaded by
 * autocannon over loopback in the same run: `PATCH /api/series/:id` from 32 users, each renaming
 * their own series, against a trivial PATCH; `GET /api/series` and `GET /api/video/videos` against a
 * trivial JSON GET. Ratios, because the machine is shared and noisy.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { freePort, startService } from '../support/processes';
import type { BenchRow } from './stores';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 6);
const USERS = 32;
const aSeries = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'pixel', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English', name: 'Owl facts', platforms: [], schedule: { timeZone: 'Europe/Paris' } };

const run = (options: autocannon.Options) => new Promise<Result>((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));

const BARE = `
const express = require('express');
const app = express();
app.use(express.json());
app.patch('/api/series/:id', (req, res) => res.json({ success: true }));
app.get('/api/series', (req, res) => res.json({ series: [] }));
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare listening'));
`;

async function startBare(port: number) {
  const child = spawn(process.execPath, ['-e', BARE], { cwd: join(__dirname, '../..'), env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('bare listening') && resolve()));
  return () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));
}

async function waitReady(url: string) {
  for (let i = 0; i < 240; i++) {
    if ((await fetch(`${url}/api/catalog`).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the product did not start');
}

export async function benchHttp(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  const [port, barePort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const product = startService('bench-http-studio', 'gateway', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' });
  const stopBare = await startBare(barePort);
  try {
    await waitReady(url);
    const users: Array<{ token: string; seriesId: string }> = [];
    for (let i = 0; i < USERS; i++) {
      const post = (path: string, body: unknown, token?: string) =>
        fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, string>>);
      const { token } = await post('/api/auth/register', { name: `User ${i}`, email: `http-${i}-${Date.now()}@example.com`, password: 'secret1!' });
      const { seriesId } = await post('/api/series', aSeries, token);
      users.push({ token, seriesId });
    }
    let n = 0;
    const renames = (target: string, bare: boolean) =>
      run({
        url: target,
        connections: USERS,
        duration: SECONDS,
        requests: [{
          method: 'PATCH',
          setupRequest: (req) => {
            const user = users[n++ % USERS];
            return { ...req, path: `/api/series/${user.seriesId}`, headers: { 'content-type': 'application/json', ...(bare ? {} : { authorization: `Bearer ${user.token}` }) }, body: JSON.stringify({ name: `Owl facts ${n}` }) };
          },
        }],
      });
    const reads = (target: string, path: string, token?: string) => run({ url: `${target}${path}`, connections: USERS, duration: SECONDS, headers: token ? { authorization: `Bearer ${token}` } : {} });

    const bareWrites = await renames(bareUrl, true);
    const commands = await renames(url, false);
    const bareReads = await reads(bareUrl, '/api/series');
    const series = await reads(url, '/api/series', users[0].token);
    const videos = await reads(url, '/api/video/videos', users[0].token);
    const ratio = (a: Result, b: Result) => Math.round((a.requests.average / b.requests.average) * 100) / 100;
    return [
      { name: 'http.bare-express-patch', value: Math.round(bareWrites.requests.average), unit: 'req/s' },
      { name: 'http.rename-series-commands', value: Math.round(commands.requests.average), unit: 'commands/s' },
      { name: 'http.commands-vs-bare-express', value: ratio(commands, bareWrites), unit: 'ratio', target: '>= 0.5' },
      { name: 'http.commands-p99', value: commands.latency.p99, unit: 'ms', target: '<= 25' },
      { name: 'http.commands-errors', value: commands.errors + commands.non2xx, unit: 'responses', target: '<= 0' },
      { name: 'http.bare-express-get', value: Math.round(bareReads.requests.average), unit: 'req/s' },
      { name: 'http.list-series-vs-bare-express', value: ratio(series, bareReads), unit: 'ratio', target: '>= 0.5' },
      { name: 'http.list-videos-vs-bare-express', value: ratio(videos, bareReads), unit: 'ratio', target: '>= 0.5' },
    ];
  } finally {
    await stopBare();
    await product.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
