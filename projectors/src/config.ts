import { z } from 'zod';
import { envPart, infraEnv, readEnv } from '@app/platform';

/** The projectors' own settings. */
export const projectorSettingsEnv = envPart({
  shape: {
    /** How long a leader's lease lasts without renewal (a standby takes over after it). */
    PROJECTOR_LEASE_MS: z.coerce.number().int().min(1000).default(10_000),
    /** How often the leader writes each read model's and reactor's status (GET /api/analytics/projections). */
    PROJECTOR_STATUS_INTERVAL_MS: z.coerce.number().int().min(100).max(10_000).default(2000),
  },
  build: (e) => ({ leaseMs: e.PROJECTOR_LEASE_MS, statusIntervalMs: e.PROJECTOR_STATUS_INTERVAL_MS }),
});

/** Every variable the projectors read. */
export const projectorsEnv = { infra: infraEnv, projectors: projectorSettingsEnv };

export type ProjectorsConfig = ReturnType<typeof readProjectorsConfig>;

/** The projectors' configuration, parsed once; every problem is listed at once. */
export function readProjectorsConfig(env: Record<string, string | undefined>) {
  return readEnv(projectorsEnv, env);
}
