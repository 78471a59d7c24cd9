import type { ServiceStatus } from '@app/domain';
import { runChecks, type HandlersOf, type HealthCheck } from '@app/platform';

/** The checks, as GET /api/service-status answers them. */
export async function serviceStatus(checks: Record<string, HealthCheck>, timeoutMs = 2000): Promise<ServiceStatus> {
  const { ready, checks: services } = await runChecks(checks, timeoutMs);
  return { isReady: ready, services };
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
