import type { ServiceName } from '@app/domain';

/** How long an instance that refused a connection is passed over before it is tried again. */
const REST_MS = 2000;

/**
 * The instances of one service, taken in turn. An instance that refused a connection rests for a
 * moment while the others take its share; when every instance is resting, they are tried anyway
 * (one of them may be back).
 */
export class Instances {
  private next = 0;
  private readonly restingUntil: number[];

  constructor(readonly urls: readonly URL[]) {
    if (urls.length === 0) throw new Error('a service needs at least one instance');
    this.restingUntil = urls.map(() => 0);
  }

  /** The instances in the order to try them for one request: the next in turn first, resting ones last. */
  order(now = Date.now()): URL[] {
    const start = this.next;
    this.next = (this.next + 1) % this.urls.length;
    const turn = this.urls.map((_, i) => (start + i) % this.urls.length);
    return [...turn.filter((i) => this.restingUntil[i] <= now), ...turn.filter((i) => this.restingUntil[i] > now)].map((i) => this.urls[i]);
  }

  refused(url: URL, now = Date.now()): void {
    const i = this.urls.indexOf(url);
    if (i >= 0) this.restingUntil[i] = now + REST_MS;
  }
}

/** `http://a:1,http://b:2` → the instances of one service. */
export function parseInstances(list: string): URL[] {
  return list.split(',').map((url) => url.trim()).filter(Boolean).map((url) => new URL(url));
}

export type Upstreams = Record<ServiceName, Instances>;
