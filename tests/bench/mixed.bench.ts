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
 * (overload shedding of expensive work), the live streams held through the rush (opened and not
 * dropped before their video was done), whether renders were still running when it ended, and each
 * HTTP process's event-loop delay p99 over the rush: every 50 ms probe of its loop is counted in a
 * histogram in its /metrics, read before and after. BENCH_MIXED_SECONDS sets the length (default 10),
 * BENCH_SSE_STREAMS the watchers (1,000), BENCH_MIXED_SKIP_EMBEDDED=1 runs the distributed mode only.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Result } from 'autocannon';
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

/** A process's event-loop probe histogram from its /metrics: cumulative counts by upper bound (ms). */
async function probeHistogram(url: string): Promise<Map<number, number>> {
  const text = await fetch(`${url}/metrics`).then((r) => r.text()).catch(() => '');
  const buckets = new Map<number, number>();
  for (const [, le, count] of text.matchAll(/^studio_eventloop_probe_lag_seconds_bucket\{le="([^"]+)"[^}]*\} (\d+)$/gm)) {
    buckets.set(le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le) * 1000, Number(count));
  }
  return buckets;
}

/**
 * Each HTTP process's event-loop delay p99 (ms) between `start()` and `stop()`, from the difference
 * of its probe histogram: the upper bound of the bucket the 99th percentile falls in.
 */
function loopDelayOver(processes: Array<{ name: string; url: string }>) {
  let before: Array<Map<number, number>> = [];
  return {
    async start() {
      before = await Promise.all(processes.map((p) => probeHistogram(p.url)));
    },
    async stop(): Promise<Array<{ name: string; p99: number | null; probes: number }>> {
      const after = await Promise.all(processes.map((p) => probeHistogram(p.url)));
      return processes.map((p, i) => {
        const bounds = [...after[i].keys()].sort((a, b) => a - b);
        const within = bounds.map((le) => (after[i].get(le) ?? 0) - (before[i].get(le) ?? 0));
        const probes = within.at(-1) ?? 0;
        const at = within.findIndex((count) => count >= probes * 0.99);
        return { name: p.name, p99: probes === 0 ? null : bounds[at], probes };
      });
    },
  };
}

/**
 * How long each HTTP process's event-loop thread waited for a core, per second it ran, between
 * `start()` and `stop()` (Linux's /proc/<pid>/schedstat: time run, time waiting on the run queue).
 * A loop delay far above the loop's own work is this wait: the machine has no core free for it.
 */
function runQueueOver(processes: Array<{ name: string; pid?: number }>) {
  const read = (pid?: number): [number, number] | null => {
    if (pid === undefined) return null;
    try {
      const [ran, waited] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
      return [ran, waited];
    } catch {
      return null;
    }
  };
  let before: Array<[number, number] | null> = [];
  return {
    start() {
      before = processes.map((p) => read(p.pid));
    },
    stop(): Array<{ name: string; waitPerRun: number | null }> {
      return processes.map((p, i) => {
        const now = read(p.pid);
        const then = before[i];
        return { name: p.name, waitPerRun: now && then && now[0] > then[0] ? Math.round(((now[1] - then[1]) / (now[0] - then[0])) * 100) / 100 : null };
      });
    },
  };
}

/**
 * The crowd watching one video's live status: SSE_STREAMS streams on a thread of their own. Each
 * status change reaches every stream at once; on the bench's main thread, beside autocannon, that
 * burst of 1,000 data events would delay autocannon's own reading of answers, and be counted as the
 * product's latency. Plain node:http streams (fetch's web streams would take CPU the product needs).
 */
const WATCHERS = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, get } = require('node:http');
const { url, streams } = workerData;
const counts = { open: 0, sawDone: 0, dropped: 0 };
let rushing = true;
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const requests = new Set();
const closed = Array.from({ length: streams }, () => new Promise((settle) => {
  const req = get(url, { agent }, (res) => {
    if (res.statusCode !== 200) return void (res.resume(), settle());
    counts.open++;
    let tail = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      tail = (tail + chunk).slice(-200);
      if (tail.includes('"status":"done"')) {
        counts.sawDone++;
        req.destroy();
      }
    });
    // A stream that closed before its video was done, while the rush ran: the server dropped it.
    res.on('close', () => {
      if (rushing && !tail.includes('"status":"done"')) counts.dropped++;
      settle();
    });
  });
  requests.add(req);
  req.on('error', () => settle());
  req.on('close', () => requests.delete(req));
}));
parentPort.on('message', async (message) => {
  if (message === 'rush-ended') rushing = false;
  if (message === 'stop') {
    for (const req of requests) req.destroy();
    await Promise.all(closed);
  }
  parentPort.postMessage({ ...counts });
});
`;

function watchVideo(url: string) {
  const worker = new Worker(WATCHERS, { eval: true, workerData: { url, streams: SSE_STREAMS } });
  const ask = (message: string) => new Promise<{ open: number; sawDone: number; dropped: number }>((resolve) => {
    worker.once('message', resolve);
    worker.postMessage(message);
  });
  return {
    counts: () => ask('counts'),
    rushEnded: () => ask('rush-ended'),
    async stop() {
      const counts = await ask('stop');
      await worker.terminate();
      return counts;
    },
  };
}

const statusCount = (result: Result, test: (code: number) => boolean) =>
  Object.entries((result as Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
    .filter(([code]) => test(Number(code)))
    .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);

/** The rush, against one product behind `url`; `http` names every HTTP process and its own address. */
export async function rush(url: string, http: Array<{ name: string; url: string; pid?: number }>, mode: string): Promise<BenchRow[]> {
  const users: User[] = [];
  for (let i = 0; i < USERS; i++) users.push(await aUser(url, `${mode}-${i}`));
  // Videos rendering behind the load, and one that 1,000 browsers watch.
  const videoIds: string[] = [];
  for (const user of users.slice(0, 3)) {
    // 60 s videos: three of them, one at a time, outlast the rush.
    const answer = await postJson(url, '/api/generate-video', { ...A_VIDEO, duration: 60 }, user.token);
    if (!answer.videoId) throw new Error(`generate-video answered ${JSON.stringify(answer)}`);
    videoIds.push(answer.videoId);
  }
  const watched = videoIds[0];
  const watcher = users[0].token;
  // The watchers open the video's page once it is there to open (the distributed read side catches up through Kafka).
  const shown = Date.now() + 30_000;
  while (Date.now() < shown && (await fetch(`${url}/api/video/status/${watched}`, { headers: { authorization: `Bearer ${watcher}` } })).status !== 200) await new Promise((r) => setTimeout(r, 100));

  const watchers = watchVideo(`${url}/api/video/events/${watched}?token=${watcher}`);
  // The crowd of watchers is in before the rush starts (opening 1,000 streams at once is its own burst).
  const opened = Date.now() + 30_000;
  while ((await watchers.counts()).open < SSE_STREAMS && Date.now() < opened) await new Promise((r) => setTimeout(r, 100));
  const loop = loopDelayOver(http);
  await loop.start();
  const runQueue = runQueueOver(http);
  runQueue.start();
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
      requests: [{
        method: 'GET',
        // Each creator polls their own video (the first three users made the three videos).
        setupRequest: (req) => {
          const k = n++ % videoIds.length;
          return { ...req, path: `/api/video/status/${videoIds[k]}`, headers: { authorization: `Bearer ${users[k].token}` } };
        },
      }],
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
  const delays = await loop.stop();
  const waits = runQueue.stop();
  await watchers.rushEnded();

  // The renders were queued before the rush (one at a time): one still going at its end means one ran throughout.
  const stillRendering = (await Promise.all(videoIds.map(async (id) => {
    const answer = await fetch(`${url}/api/video/status/${id}`, { headers: { authorization: `Bearer ${users[videoIds.indexOf(id)].token}` } });
    return ((await answer.json()) as { status: string | null }).status;
  }))).filter((status) => status !== 'done' && status !== 'failed').length;
  // Give the watched video (the first of the queue) the time to finish, then let the rest go.
  const deadline = Date.now() + 120_000;
  let seen = await watchers.counts();
  while (seen.sawDone < seen.open && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    seen = await watchers.counts();
  }
  const { open, sawDone, dropped } = await watchers.stop();
  const heldThrough = open - dropped;

  const all = [auth, reads, polls, commands];
  const serverErrors = all.reduce((sum, r) => sum + statusCount(r, (code) => code >= 500 && code !== 503), 0) + all.reduce((sum, r) => sum + r.errors, 0);
  const shed = all.reduce((sum, r) => sum + statusCount(r, (code) => code === 503), 0);
  const worstLag = Math.max(...delays.map((l) => l.p99 ?? Number.POSITIVE_INFINITY));
  const lagByProcess = delays.map((l) => `${l.name} ${l.p99 ?? 'no probes'} over ${l.probes} probes`).join(', ');
  const measuredWaits = waits.filter((w) => w.waitPerRun !== null);
  const waitByProcess = measuredWaits.map((w) => `${w.name} ${w.waitPerRun}`).join(', ');
  return [
    { name: `mixed.${mode}.sign-ups-and-sign-ins (1 in 5 failing)`, value: Math.round(auth.requests.average), unit: 'req/s' },
    { name: `mixed.${mode}.sign-ups-and-sign-ins-p99`, value: auth.latency.p99, unit: 'ms' },
    { name: `mixed.${mode}.reads`, value: Math.round(reads.requests.average + polls.requests.average), unit: 'req/s' },
    { name: `mixed.${mode}.reads-p99`, value: Math.max(reads.latency.p99, polls.latency.p99), unit: 'ms', target: '<= 50' },
    // A read answered other than 200 measures an error path, not the read (each creator reads only their own).
    { name: `mixed.${mode}.reads-not-answered-200`, value: [reads, polls].reduce((sum, r) => sum + statusCount(r, (code) => code !== 200), 0), unit: 'answers', target: '<= 0' },
    { name: `mixed.${mode}.commands`, value: Math.round(commands.requests.average), unit: 'commands/s' },
    { name: `mixed.${mode}.commands-p99`, value: commands.latency.p99, unit: 'ms', target: '<= 100' },
    { name: `mixed.${mode}.5xx-other-than-503 (and socket errors)`, value: serverErrors, unit: 'answers', target: '<= 0' },
    { name: `mixed.${mode}.503-shed`, value: shed, unit: 'answers' },
    { name: `mixed.${mode}.renders-still-running-when-the-rush-ended`, value: stillRendering, unit: 'videos', target: '>= 1' },
    { name: `mixed.${mode}.sse-streams-held-through-the-rush`, value: heldThrough, unit: 'streams', target: `>= ${SSE_STREAMS}` },
    { name: `mixed.${mode}.sse-streams-that-saw-done`, value: sawDone, unit: 'streams', target: `>= ${SSE_STREAMS}` },
    { name: `mixed.${mode}.loop-delay-p99, worst HTTP process (bucket bound; ${lagByProcess})`, value: worstLag, unit: 'ms', target: '<= 20' },
    ...(measuredWaits.length === 0 ? [] : [{ name: `mixed.${mode}.waiting-for-a-core per second run, worst HTTP process's loop (${waitByProcess})`, value: Math.max(...measuredWaits.map((w) => w.waitPerRun!)), unit: 's/s' }]),
  ];
}

export async function benchMixed(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const product = await startEmbeddedProduct('bench-mixed', { RENDER_PRESET: 'ultrafast' });
  const { url } = product;
  try {
    if (process.env.BENCH_MIXED_SKIP_EMBEDDED !== '1') rows.push(...(await rush(url, [{ name: 'embedded', url, pid: product.pid }], 'embedded')));
  } finally {
    await product.stop();
  }

  const { POSTGRES_URL, KAFKA_BROKERS, MONGO_URL } = process.env;
  if (POSTGRES_URL && KAFKA_BROKERS && MONGO_URL) {
    const scratch = onRealEngines('mixed', { postgresUrl: POSTGRES_URL, mongoUrl: MONGO_URL, kafkaBrokers: KAFKA_BROKERS });
    const distributed = await startDistributed({ ...scratch.env, RATE_LIMIT_MAX: '1000000' }, { commandInstances: 2 });
    try {
      const http = distributed.ops.filter((o) => o.runs.includes('http') || o.name === 'gateway').map(({ name, url, pid }) => ({ name, url, pid }));
      rows.push(...(await rush(distributed.url, http, 'distributed (2 command-apis)')));
    } finally {
      await distributed.stop();
      await scratch.cleanup();
    }
  }
  return rows;
}
