import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startService, type ServiceProcess } from './processes';
import { freshSecrets } from './scratch';

/**
 * One process's operations endpoints (/livez, /readyz, /metrics), by what it runs: `http` serves
 * requests, `commands` decides them, `projections` projects, `renders` renders, `queries` answers reads.
 */
export interface OpsEndpoint {
  name: string;
  url: string;
  runs: Array<'http' | 'commands' | 'projections' | 'renders' | 'queries'>;
  /** The process behind the endpoint (its scheduling, in the mixed bench). */
  pid?: number;
}

export interface DistributedProduct {
  url: string;
  processes: Record<'command' | 'query' | 'projectors' | 'worker' | 'gateway', ServiceProcess>;
  /** The command-api instances past the first, when asked for more (the gateway takes them in turn). */
  moreCommands: ServiceProcess[];
  /** Each process's operations endpoints (the projectors and the worker on OPS_PORT). */
  ops: OpsEndpoint[];
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The product as the README's "Running on real engines" section runs it: command-api, query-api,
 * the projectors, a render worker and the gateway, each its own process. Without `env` naming
 * engines they share one data directory's embedded stores (SQLite events, read models and bus),
 * which several processes may open at once.
 */
export async function startDistributed(env: Record<string, string> = {}, options: { commandInstances?: number } = {}): Promise<DistributedProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-distributed-'));
  const [command, query, gateway, projectorsOps, workerOps] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const morePorts = await Promise.all(Array.from({ length: Math.max(0, (options.commandInstances ?? 1) - 1) }, () => freePort()));
  const commandUrls = [command, ...morePorts].map((port) => `http://127.0.0.1:${port}`);
  const base: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${gateway}`,
    ...freshSecrets(),
    BCRYPT_COST: '4',
    RATE_LIMIT_MAX: '1000',
    RENDER_PRESET: 'ultrafast',
    RENDER_BACKOFF_MS: '200',
    PROJECTOR_LEASE_MS: '3000',
    LOG_LEVEL: 'info',
    ...env,
  };
  const processes = {
    command: startService('command-api', 'command-api', { ...base, PORT: String(command) }),
    query: startService('query-api', 'query-api', { ...base, PORT: String(query) }),
    projectors: startService('projectors', 'projectors', { ...base, OPS_PORT: String(projectorsOps) }),
    worker: startService('render-worker', 'render-workers', { ...base, WORKER_ID: 'worker-1', OPS_PORT: String(workerOps) }),
    gateway: startService('gateway', 'gateway', { ...base, PORT: String(gateway), COMMAND_API_URL: commandUrls.join(','), QUERY_API_URL: `http://127.0.0.1:${query}` }),
  };
  const moreCommands = morePorts.map((port, i) => startService(`command-api-${i + 2}`, 'command-api', { ...base, PORT: String(port) }));
  const all = [...Object.values(processes), ...moreCommands];
  try {
    await Promise.all(all.map((p) => p.waitForLine(/ ready"/, 90_000)));
  } catch (error) {
    await Promise.all(all.map((p) => p.kill()));
    throw error;
  }
  return {
    url: `http://127.0.0.1:${gateway}`,
    processes,
    moreCommands,
    ops: [
      { name: 'command-api', url: `http://127.0.0.1:${command}`, runs: ['http', 'commands'], pid: processes.command.child.pid },
      ...morePorts.map((port, i) => ({ name: `command-api-${i + 2}`, url: `http://127.0.0.1:${port}`, runs: ['http', 'commands'] as OpsEndpoint['runs'], pid: moreCommands[i].child.pid })),
      { name: 'query-api', url: `http://127.0.0.1:${query}`, runs: ['http', 'queries'], pid: processes.query.child.pid },
      { name: 'projectors', url: `http://127.0.0.1:${projectorsOps}`, runs: ['projections'], pid: processes.projectors.child.pid },
      { name: 'render-worker', url: `http://127.0.0.1:${workerOps}`, runs: ['renders'], pid: processes.worker.child.pid },
      { name: 'gateway', url: `http://127.0.0.1:${gateway}`, runs: [], pid: processes.gateway.child.pid },
    ],
    dataDir,
    async stop() {
      await Promise.all(all.map((p) => p.kill()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
