/**
 * A rush of everything at once (issue 25), with autocannon, loopback only, bounded in time: sign-ups
 * and sign-ins (a fifth of them failing), dashboard reads (videos, series, stats, subscription),
 * status polls, 1,000 live-status streams, series commands, and 30 s videos rendering behind
 * them. Run against the embedded product (`npm start`'s process) and, when the engines' URLs are
 * set, against the distributed mode on PostgreSQL + Kafka + a MongoDB-wire server with two
 * command-api instances behind the gateway.
 *
 * The rush comes at set rates (autocannon's overallRate), as a crowd does, not as fast as the server
 * answers (a closed loop saturates any server and measures only its queue): RATES below.
 *
 * Read from the answers: reads p99, commands p99, 5xx answers other than the deliberate 503s
 * (overload shedding of expensive work), and each HTTP process's event-loop lag sampled from its
 * own /metrics every 100 ms while the load runs. BENCH_MIXED_SECONDS sets the length (default 10),
 * BENCH_SSE_STREAMS the watchers (1,000), BENCH_MIXED_SKIP_EMBEDDED=1 runs the distributed mode only.
 */
import { randomUUID } from 'node:crypto';
import { Agent, get, type ClientRequest } from 'node:http';
import type { Result } from 'autocannon';
import { percentile } from '@app/query-api';
import { startDistributed } from '../support/distributed';
import { A_SERIES, A_VIDEO, postJson, runLoad, startEmbeddedProduct } from './product';
import { onRealEngines } from '../support/scratch';
import type { BenchRow } from './stores';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 10);
const SSE_STREAMS = Number(process.env.BENCH_SSE_STREAMS ?? 1000);
const USERS = 16;
/** Requests per second offered, each kind on its own connections. */
const RATES = { auth: 6, reads: 200, polls: 20, commands: 50 };
const PASSWORD = 'secret1!';

interface User {
  email: string;
  token: string;
  seriesId: string;
}

async function aUser(url: string, label: string): Promise<User> {
  const email = `mixed-${label.replace(/[^a-z0-9]+/gi, "-")}-${randomUUID()}@example.com`;
  const { token, error } = await postJson(url, '/api/auth/register', { name: 'Mixed Load', email, password: PASSWORD });
  if (!token) throw new Error(`sign-up answered ${error}`);
  const { seriesId } = await postJson(url, '/api/series', A_SERIES, token);
  return { email, token, seriesId };
}

/** Each HTTP process's event-loop lag (ms), sampled from its /metrics until stopped. */
function sampleLoopLag(processes: Array<{ name: string; url: string }>) {
  const samples = new Map(processes.map((p) => [p.name, [] as number[]]));
  let running = true;
  const done = Promise.all(processes.map(async (p) => {
    while (running) {
      const text = await fetch(`${p.url}/metrics`).then((r) => r.text()).catch(() => '');
      const lag = /^studio_eventloop_lag_seconds(?:\{[^}]*\})? ([\d.e+-]+)$/m.exec(text)?.[1];
      if (lag !== undefined) samples.get(p.name)!.push(Number(lag) * 1000);
      await new Promise((r) => setTimeout(r, 100));
    }
  }));
  return {
    async stop() {
      running = false;
      await done;
      return samples;
    },
  };
}

/** The 99th percentile to a tenth, or null when there is nothing to take it of. */
const p99 = (values: number[]) => (values.length === 0 ? null : Math.round(percentile(values, 99) * 10) / 10);

const statusCount = (result: Result, test: (code: number) => boolean) =>
  Object.entries((result as Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
    .filter(([code]) => test(Number(code)))
    .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);

/** The rush, against one product behind `url`; `http` names every HTTP process and its own address. */
export async function rush(url: string, http: Array<{ name: string; url: string }>, mode: string): Promise<BenchRow[]> {
  const users: User[] = [];
  for (let i = 0; i < USERS; i++) users.push(await aUser(url, `${mode}-${i}`));
  // Videos rendering behind the load, and one that 1,000 browsers watch.
  const videoIds: string[] = [];
  for (const user of users.slice(0, 3)) {
    const answer = await postJson(url, '/api/generate-video', A_VIDEO, user.token);
    if (!answer.videoId) throw new Error(`generate-video answered ${JSON.stringify(answer)}`);
    videoIds.push(answer.videoId);
  }
  const watched = videoIds[0];
  const watcher = users[0].token;
  // The watchers open the video's page once it is there to open (the distributed read side catches up through Kafka).
  const shown = Date.now() + 30_000;
  while (Date.now() < shown && (await fetch(`${url}/api/video/status/${watched}`, { headers: { authorization: `Bearer ${watcher}` } })).status !== 200) await new Promise((r) => setTimeout(r, 100));

  let streamsOpen = 0;
  let streamsSawDone = 0;
  // Plain node:http streams (the watchers must cost the load machine little: fetch's web streams
  // would take CPU the product needs).
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const requests = new Set<ClientRequest>();
  const streams = Array.from({ length: SSE_STREAMS }, () => new Promise<void>((settle) => {
    const req = get(`${url}/api/video/events/${watched}?token=${watcher}`, { agent }, (res) => {
      if (res.statusCode !== 200) return void (res.resume(), settle());
      streamsOpen++;
      let tail = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        tail = (tail + chunk).slice(-200);
        if (tail.includes('"status":"done"')) {
          streamsSawDone++;
          req.destroy();
        }
      });
      res.on('close', settle);
    });
    requests.add(req);
    req.on('error', () => settle());
    req.on('close', () => requests.delete(req));
  }));

  // The crowd of watchers is in before the rush starts (opening 1,000 streams at once is its own burst).
  const opened = Date.now() + 30_000;
  while (streamsOpen < SSE_STREAMS && Date.now() < opened) await new Promise((r) => setTimeout(r, 100));
  const lag = sampleLoopLag(http);
  let n = 0;
  const user = () => users[n++ % users.length];
  const readPaths = ['/api/video/videos', '/api/series', '/api/video/stats', '/api/billing/subscription'];
  const [auth, reads, polls, commands] = await Promise.all([
    runLoad({
      url,
      connections: 4,
      overallRate: RATES.auth,
      duration: SECONDS,
      requests: [{
        method: 'POST',
        setupRequest: (req) => {
          const k = n++;
          if (k % 2 === 0) return { ...req, path: '/api/auth/register', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rush Sign Up', email: `rush-${randomUUID()}@example.com`, password: PASSWORD }) };
          const who = users[k % users.length];
          // A fifth of the sign-ins fail.
          return { ...req, path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password: k % 5 === 1 ? 'wrong-password-1' : PASSWORD }) };
        },
      }],
    }),
    runLoad({
      url,
      connections: 8,
      overallRate: RATES.reads,
      duration: SECONDS,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: readPaths[n % readPaths.length], headers: { authorization: `Bearer ${user().token}` } }) }],
    }),
    runLoad({
      url,
      connections: 2,
      overallRate: RATES.polls,
      duration: SECONDS,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/video/status/${videoIds[n++ % videoIds.length]}`, headers: { authorization: `Bearer ${users[n % 3].token}` } }) }],
    }),
    runLoad({
      url,
      connections: 4,
      overallRate: RATES.commands,
      duration: SECONDS,
      requests: [{
        method: 'PATCH',
        setupRequest: (req) => {
          const who = user();
          return { ...req, path: `/api/series/${who.seriesId}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` }, body: JSON.stringify({ name: `Owl facts ${n}` }) };
        },
      }],
    }),
  ]);
  const lags = await lag.stop();
  const heldAtEnd = streamsOpen;
  // Give the watched video the time to finish, then let the rest go.
  const deadline = Date.now() + 60_000;
  while (streamsSawDone < streamsOpen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  for (const req of requests) req.destroy();
  await Promise.all(streams);

  const all = [auth, reads, polls, commands];
  const serverErrors = all.reduce((sum, r) => sum + statusCount(r, (code) => code >= 500 && code !== 503), 0) + all.reduce((sum, r) => sum + r.errors, 0);
  const shed = all.reduce((sum, r) => sum + statusCount(r, (code) => code === 503), 0);
  const lagP99 = [...lags.entries()].map(([name, samples]) => ({ name, p99: p99(samples) }));
  const worstLag = Math.max(...lagP99.map((l) => l.p99 ?? Number.POSITIVE_INFINITY));
  const lagByProcess = lagP99.map((l) => `${l.name} ${l.p99 ?? 'no samples'}`).join(', ');
  return [
    { name: `mixed.${mode}.sign-ups-and-sign-ins (1 in 5 failing)`, value: Math.round(auth.requests.average), unit: 'req/s' },
    { name: `mixed.${mode}.sign-ups-and-sign-ins-p99`, value: auth.latency.p99, unit: 'ms' },
    { name: `mixed.${mode}.reads`, value: Math.round(reads.requests.average + polls.requests.average), unit: 'req/s' },
    { name: `mixed.${mode}.reads-p99`, value: Math.max(reads.latency.p99, polls.latency.p99), unit: 'ms', target: '<= 50' },
    { name: `mixed.${mode}.commands`, value: Math.round(commands.requests.average), unit: 'commands/s' },
    { name: `mixed.${mode}.commands-p99`, value: commands.latency.p99, unit: 'ms', target: '<= 100' },
    { name: `mixed.${mode}.5xx-other-than-503 (and socket errors)`, value: serverErrors, unit: 'answers', target: '<= 0' },
    { name: `mixed.${mode}.503-shed`, value: shed, unit: 'answers' },
    { name: `mixed.${mode}.sse-streams-held`, value: heldAtEnd, unit: 'streams', target: `>= ${SSE_STREAMS}` },
    { name: `mixed.${mode}.sse-streams-that-saw-done`, value: streamsSawDone, unit: 'streams', target: `>= ${SSE_STREAMS}` },
    { name: `mixed.${mode}.loop-lag-p99, worst HTTP process (${lagByProcess})`, value: worstLag, unit: 'ms', target: '<= 20' },
  ];
}

export async function benchMixed(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const product = await startEmbeddedProduct('bench-mixed', { RENDER_PRESET: 'ultrafast' });
  const { url } = product;
  try {
    if (process.env.BENCH_MIXED_SKIP_EMBEDDED !== '1') rows.push(...(await rush(url, [{ name: 'embedded', url }], 'embedded')));
  } finally {
    await product.stop();
  }

  const { POSTGRES_URL, KAFKA_BROKERS, MONGO_URL } = process.env;
  if (POSTGRES_URL && KAFKA_BROKERS && MONGO_URL) {
    const scratch = onRealEngines('mixed', { postgresUrl: POSTGRES_URL, mongoUrl: MONGO_URL, kafkaBrokers: KAFKA_BROKERS });
    const distributed = await startDistributed({ ...scratch.env, RATE_LIMIT_MAX: '1000000' }, { commandInstances: 2 });
    try {
      const http = distributed.ops.filter((o) => o.runs.includes('http') || o.name === 'gateway').map(({ name, url }) => ({ name, url }));
      rows.push(...(await rush(distributed.url, http, 'distributed (2 command-apis)')));
    } finally {
      await distributed.stop();
      await scratch.cleanup();
    }
  }
  return rows;
}
