/** Stops whatever engines.global-setup started with testcontainers (nothing when none were). */
export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { __studioContainers?: Array<{ stop(): Promise<unknown> }> }).__studioContainers ?? [];
  await Promise.all(started.map((c) => c.stop().catch(() => undefined)));
}
