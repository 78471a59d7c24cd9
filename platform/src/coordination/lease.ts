import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DocumentStore } from '../document-store/port';
import type { Logger } from '../logging/logger';

interface LeaseDoc {
  _id: string;
  holder: string;
  expiresAt: number;
}

/** A lease holder's name: this machine, this process, and a random part (one per holder in a process). */
export function holderName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Whether a holder was a process of this machine that has exited (killed, crashed): its lease
 * need not be waited out, so a product restarted after `kill -9` resumes at once.
 */
export function holderIsGone(holder: string): boolean {
  const [host, pid] = holder.split(':');
  if (host !== hostname() || !/^\d+$/.test(pid ?? '') || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Try to take or renew the lease `name` for `holder` until now + ttl. Built on the document
 * store's compare-and-swap `apply` (the lease's `_position` is the time of its last write), so
 * two processes racing for an expired lease cannot both win.
 */
export async function tryAcquireLease(docs: DocumentStore, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const leases = docs.collection<LeaseDoc>('leases');
  let mine = false;
  await leases.apply(name, now, (current) => {
    if (current && current.holder !== holder && current.expiresAt > now && !holderIsGone(current.holder)) return current;
    mine = true;
    return { _id: name, holder, expiresAt: now + ttlMs };
  });
  if (mine) return true;
  const current = await leases.get(name);
  return current?.holder === holder && current.expiresAt > now;
}

export async function releaseLease(docs: DocumentStore, name: string, holder: string): Promise<void> {
  const leases = docs.collection<LeaseDoc>('leases');
  await leases.apply(name, Date.now(), (current) => (current && current.holder === holder ? { _id: name, holder, expiresAt: 0 } : current));
}

/** One way of holding a named lease; `tryAcquire` also renews. */
export interface Lease {
  readonly kind: string;
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * A lease on the document store (compare-and-swap `apply`): atomic on SQLite and real MongoDB.
 * (FerretDB v1's conditional writes are not atomic across processes: there, use the PostgreSQL lease.)
 */
export function documentStoreLease(docs: DocumentStore, name: string, holder: string, ttlMs: number): Lease {
  return {
    kind: 'document-store',
    tryAcquire: () => tryAcquireLease(docs, name, holder, ttlMs),
    release: () => releaseLease(docs, name, holder),
  };
}

/**
 * Leader election: runs `lead()` while this process holds the lease and stops it when the lease
 * is lost; standbys keep trying every `checkEveryMs`. Work done under the lease must be idempotent
 * (projections are, per document position), since a paused leader may overlap a new one briefly.
 */
export function runWithLease(
  input: { checkEveryMs?: number; logger: Logger; lead: () => Promise<{ stop(): Promise<void> }> } & (
    | { lease: Lease }
    /** Shorthand for a document-store lease, checked every ttl / 3. */
    | { docs: DocumentStore; name: string; holder: string; ttlMs?: number }
  ),
): { stop(): Promise<void>; isLeader(): boolean } {
  const ttlMs = 'lease' in input ? undefined : input.ttlMs ?? 10_000;
  const lease = 'lease' in input ? input.lease : documentStoreLease(input.docs, input.name, input.holder, ttlMs!);
  const checkEveryMs = input.checkEveryMs ?? (ttlMs ? Math.floor(ttlMs / 3) : 3000);
  const log = input.logger.child({ category: 'lease', lease: lease.kind });
  let running: { stop(): Promise<void> } | null = null;
  let stopped = false;
  let tick: Promise<void> = Promise.resolve();

  const step = async () => {
    if (stopped) return;
    let held = false;
    try {
      held = await lease.tryAcquire();
    } catch (error) {
      log.warn({ err: error }, 'Lease check failed');
    }
    if (held && !running) {
      log.info('Acquired the lease: leading');
      running = await input.lead();
    } else if (!held && running) {
      log.warn('Lost the lease: standing by');
      const r = running;
      running = null;
      await r.stop();
    }
  };
  const timer = setInterval(() => { tick = tick.then(step); }, Math.max(100, checkEveryMs));
  tick = tick.then(step);

  return {
    isLeader: () => running !== null,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await tick;
      if (running) await running.stop();
      running = null;
      await lease.release().catch(() => undefined);
    },
  };
}
