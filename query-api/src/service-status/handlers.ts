import type { ServiceStatus } from '@app/domain';
import type { HandlersOf } from '@app/platform';

/** A named check: resolves to available or not, with an optional detail for operators. */
export type HealthCheck = () => Promise<{ available: boolean; detail?: string }>;

export async function serviceStatus(checks: Record<string, HealthCheck>, timeoutMs = 2000): Promise<ServiceStatus> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        const result = await Promise.race([check(), new Promise<{ available: boolean; detail: string }>((resolve) => setTimeout(() => resolve({ available: false, detail: 'timed out' }), timeoutMs).unref())]);
        return [name, result] as const;
      } catch (error) {
        return [name, { available: false, detail: error instanceof Error ? error.message : 'failed' }] as const;
      }
    }),
  );
  const services = Object.fromEntries(entries);
  return { isReady: entries.every(([, s]) => s.available), services };
}

/** GET /api/service-status (public): {isReady, services}. */
export function serviceStatusHandlers(checks: Record<string, HealthCheck>): HandlersOf<'serviceStatus'> {
  return {
    serviceStatus: async (_req, res) => {
      res.setHeader('cache-control', 'no-store');
      res.json(await serviceStatus(checks));
    },
  };
}
