/**
 * The request path against a bare Express app (issue 15), both as their own processes, loaded by
 * autocannon over loopback in the same run: `PATCH /api/series/:id` from 32 users, each renaming
 * their own series, against a trivial PATCH; `GET /api/series` and `GET /api/video/videos` against a
 * trivial JSON GET. Ratios, because the machine is shared and noisy. The targets name a stock
 * Express app; the same app served as the product serves its own (no prototype swapped per request,
 * platform's `createAppServer`) is measured beside it, for the ratio to the fastest Express can be.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Result } from 'autocannon';
import { percentile } from '@app/query-api';
import { freePort } from '../support/processes';
import { A_SERIES, postJson, runLoad, startEmbeddedProduct } from './product';
import type { BenchRow } from './stores';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 6);
const USERS = 32;
/** Load before the measured run (JIT, caches), for the bare app as for the product. */
const WARMUP_SECONDS = 1;
const PROBES = 3;


const BARE = `
const express = require('express');
const app = express();
app.use(express.json());
app.patch('/api/series/:id', (req, res) => res.json({ success: true }));
app.get('/api/series', (req, res) => res.json({ series: [] }));
let server = app;
if (process.env.APP_SERVER) {
  // As the product serves its app (platform's createAppServer): requests and answers made with the app's prototypes.
  const http = require('node:http');
  function AppRequest(socket) { http.IncomingMessage.call(this, socket); }
  AppRequest.prototype = app.request;
  function AppResponse(req, options) { http.ServerResponse.call(this, req, options); }
  AppResponse.prototype = app.response;
  server = http.createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
}
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare listening'));
`;

/**
 * The bare app, served by Node's stock server (the reference the targets name: Express as anyone
 * writes it) or, `asTheProductIs`, with the app's prototypes as the product serves its own.
 */
async function startBare(port: number, asTheProductIs = false) {
  const env = { ...process.env, PORT: String(port), APP_SERVER: asTheProductIs ? '1' : '' };
  const child = spawn(process.execPath, ['-e', BARE], { cwd: join(__dirname, '../..'), env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('bare listening') && resolve()));
  return () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));
}


const p99 = (values: number[]) => (values.length === 0 ? Number.NaN : Math.round(percentile(values, 99) * 10) / 10);

/**
 * While the load runs, a few more users rename their series over and over and measure, from each
 * command's answer: the time until a query sent with `x-min-position` answers with the new name
 * (read-your-writes), and the time until a plain query's `x-position` shows the command projected
 * (projection lag; an upper bound: it includes one query's latency).
 * Each probe runs on a thread of its own: autocannon's thousands of answers a second on the bench's
 * main thread would otherwise delay the probe's own, and be counted as the product's. Samples are
 * kept after the warm-up only, as autocannon's are, and there are enough of them that the p99 is
 * not simply the slowest one.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, seriesId, warmupMs } = workerData;
const samples = { readYourWrites: [], lag: [], stale: 0 };
const measureFrom = performance.now() + warmupMs;
let running = true;
parentPort.once('message', () => { running = false; });
const auth = { authorization: 'Bearer ' + token };
const rename = async (name) => {
  const answer = await fetch(url + '/api/series/' + seriesId, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  return (await answer.json()).position;
};
(async () => {
  for (let n = 0; running; n++) {
    const name = 'Probe ' + n;
    let position = await rename(name);
    let answered = performance.now();
    const read = await fetch(url + '/api/series/' + seriesId, { headers: { ...auth, 'x-min-position': String(position) } });
    const body = await read.json();
    if (answered >= measureFrom) {
      samples.readYourWrites.push(performance.now() - answered);
      if (body.name !== name || read.headers.get('x-stale')) samples.stale++;
    }

    position = await rename(name + 'b');
    answered = performance.now();
    for (;;) {
      const plain = await fetch(url + '/api/series', { headers: auth });
      await plain.arrayBuffer();
      if (Number(plain.headers.get('x-position')) >= position) break;
    }
    if (answered >= measureFrom) samples.lag.push(performance.now() - answered);
  }
  parentPort.postMessage(samples);
})();
`;

type ProbeSamples = { readYourWrites: number[]; lag: number[]; stale: number };

function readYourWritesProbe(url: string, users: Array<{ token: string; seriesId: string }>) {
  const workers = users.map((user) => new Worker(PROBE, { eval: true, workerData: { url, ...user, warmupMs: WARMUP_SECONDS * 1000 } }));
  const results = workers.map((worker) => new Promise<ProbeSamples>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }));
  return {
    async stop(): Promise<ProbeSamples> {
      for (const worker of workers) worker.postMessage('stop');
      const all = await Promise.all(results);
      await Promise.all(workers.map((worker) => worker.terminate()));
      return { readYourWrites: all.flatMap((r) => r.readYourWrites), lag: all.flatMap((r) => r.lag), stale: all.reduce((sum, r) => sum + r.stale, 0) };
    },
  };
}

/** `count` new users, each with one series. */
async function usersWithSeries(url: string, count: number, label: string) {
  const users: Array<{ token: string; seriesId: string }> = [];
  for (let i = 0; i < count; i++) {
    const { token } = await postJson(url, '/api/auth/register', { name: `User ${i}`, email: `http-${label}-${i}-${Date.now()}@example.com`, password: 'secret1!' });
    const { seriesId } = await postJson(url, '/api/series', A_SERIES, token);
    users.push({ token, seriesId });
  }
  return users;
}

/** Each of the users renames their own series, over and over, for the bench's duration. */
function renames(target: string, users: Array<{ token: string; seriesId: string }> | null) {
  let n = 0;
  return runLoad({
    url: target,
    connections: USERS,
    duration: SECONDS,
    warmup: { connections: USERS, duration: WARMUP_SECONDS },
    requests: [{
      method: 'PATCH',
      setupRequest: (req) => {
        if (!users) return { ...req, path: '/api/series/1', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Owl facts ${n++}` }) };
        const user = users[n++ % USERS];
        return { ...req, path: `/api/series/${user.seriesId}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, body: JSON.stringify({ name: `Owl facts ${n}` }) };
      },
    }],
  });
}

const reads = (target: string, path: string, token?: string) => runLoad({ url: `${target}${path}`, connections: USERS, duration: SECONDS, warmup: { connections: USERS, duration: WARMUP_SECONDS }, headers: token ? { authorization: `Bearer ${token}` } : {} });
const ratio = (a: Result, b: Result) => Math.round((a.requests.average / b.requests.average) * 100) / 100;

export async function benchHttp(): Promise<BenchRow[]> {
  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const stopBare = await startBare(barePort);
  const servedPort = await freePort();
  const stopServed = await startBare(servedPort, true);
  // The bare apps are stopped whatever becomes of the measures: a failing bench no longer ends the run (run.ts).
  try {
    const studio = await startEmbeddedProduct('bench-http-studio');
    const rows: BenchRow[] = [];
    try {
      const users = await usersWithSeries(studio.url, USERS, 'sqlite');
      const probeUsers = await usersWithSeries(studio.url, PROBES, 'probe');

      const bareWrites = await renames(bareUrl, null);
      const servedWrites = await renames(`http://127.0.0.1:${servedPort}`, null);
      // The 32 users alone (the row's definition), then again with the probes beside them: the probes
      // are users of their own (one spins on reads), and their threads share the machine's two cores.
      const commands = await renames(studio.url, users);
      const probe = readYourWritesProbe(studio.url, probeUsers);
      const probedCommands = await renames(studio.url, users);
      const probed = await probe.stop();
      const bareReads = await reads(bareUrl, '/api/series');
      const series = await reads(studio.url, '/api/series', users[0].token);
      const videos = await reads(studio.url, '/api/video/videos', users[0].token);
      rows.push(
        { name: 'http.bare-express-patch', value: Math.round(bareWrites.requests.average), unit: 'req/s' },
        { name: 'http.bare-express-patch-p99', value: bareWrites.latency.p99, unit: 'ms' },
        { name: 'http.bare-express-patch (served as the product is)', value: Math.round(servedWrites.requests.average), unit: 'req/s' },
        { name: 'http.bare-express-patch-p99 (served as the product is)', value: servedWrites.latency.p99, unit: 'ms' },
        { name: 'http.commands-vs-bare-express (served as the product is)', value: ratio(commands, servedWrites), unit: 'ratio' },
        { name: 'http.rename-series-commands', value: Math.round(commands.requests.average), unit: 'commands/s' },
        { name: 'http.commands-vs-bare-express', value: ratio(commands, bareWrites), unit: 'ratio', target: '>= 0.5' },
        { name: 'http.commands-p99', value: commands.latency.p99, unit: 'ms', target: '<= 25' },
        { name: 'http.commands-errors', value: commands.errors + commands.non2xx, unit: 'responses', target: '<= 0' },
        { name: 'http.commands-p50', value: commands.latency.p50, unit: 'ms' },
        { name: 'http.commands-p99 (with the probes below)', value: probedCommands.latency.p99, unit: 'ms' },
        { name: 'http.commands-errors (with the probes below)', value: probedCommands.errors + probedCommands.non2xx, unit: 'responses', target: '<= 0' },
        { name: 'http.read-your-writes-p50 (under the commands)', value: Math.round(percentile(probed.readYourWrites, 50) * 10) / 10, unit: 'ms' },
        { name: 'http.read-your-writes-samples', value: probed.readYourWrites.length, unit: 'answers' },
        { name: 'http.read-your-writes-p99 (under the commands)', value: p99(probed.readYourWrites), unit: 'ms', target: '<= 30' },
        { name: 'http.projection-lag-p99 (under the commands)', value: p99(probed.lag), unit: 'ms', target: '<= 50' },
        { name: 'http.read-your-writes-stale', value: probed.stale, unit: 'answers', target: '<= 0' },
        { name: 'http.bare-express-get', value: Math.round(bareReads.requests.average), unit: 'req/s' },
        { name: 'http.list-series-vs-bare-express', value: ratio(series, bareReads), unit: 'ratio', target: '>= 0.5' },
        { name: 'http.list-videos-vs-bare-express', value: ratio(videos, bareReads), unit: 'ratio', target: '>= 0.5' },
      );
    } finally {
      await studio.stop();
    }

    // The same commands with the event store on PostgreSQL, in a throw-away schema.
    if (process.env.POSTGRES_URL) {
      const schema = `bench_http_${Date.now()}`;
      const onPostgres = await startEmbeddedProduct('bench-http-studio-pg', { EVENT_STORE_URL: `${process.env.POSTGRES_URL}?schema=${schema}` });
      try {
        const users = await usersWithSeries(onPostgres.url, USERS, 'pg');
        const bareWrites = await renames(bareUrl, null);
        const commands = await renames(onPostgres.url, users);
        rows.push(
          { name: 'http.commands-vs-bare-express (postgres)', value: ratio(commands, bareWrites), unit: 'ratio', target: '>= 0.5' },
          { name: 'http.commands-p99 (postgres)', value: commands.latency.p99, unit: 'ms', target: '<= 25' },
          { name: 'http.commands-errors (postgres)', value: commands.errors + commands.non2xx, unit: 'responses', target: '<= 0' },
        );
      } finally {
        await onPostgres.stop();
        const { Client } = await import('pg');
        const client = new Client({ connectionString: process.env.POSTGRES_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    }
    return rows;
  } finally {
    await Promise.all([stopBare(), stopServed()]);
  }
}
