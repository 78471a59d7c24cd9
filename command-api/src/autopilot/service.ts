import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';
import { generateVideoSchema } from '@app/domain';
import { envPart, infraEnv, parseOrThrow, publishingEnv, readEnv, systemClock, type AdjustableClock, type Clock, type Infra } from '@app/platform';
import { openPosting } from '../publishing';
import { generateVideo } from '../video/generate-video';
import { startAutopilot, type Autopilot } from './autopilot';

/** The autopilot's own settings. */
export const autopilotSettingsEnv = envPart({
  shape: {
    /** How long a leader's lease lasts without renewal (a standby takes over after it). */
    AUTOPILOT_LEASE_MS: z.coerce.number().int().min(1000).default(10_000),
    /** How often due slots are looked for. */
    AUTOPILOT_SLOT_TICK_MS: z.coerce.number().int().min(100).default(30_000),
  },
  build: (e) => ({ leaseMs: e.AUTOPILOT_LEASE_MS, slotTickMs: e.AUTOPILOT_SLOT_TICK_MS }),
});

/** Every variable the autopilot reads. PUBLIC_URL gives platforms the signed media links. */
export const autopilotEnv = { infra: infraEnv, publishing: publishingEnv, autopilot: autopilotSettingsEnv };

export type AutopilotConfig = ReturnType<typeof readAutopilotConfig>;

export function readAutopilotConfig(env: Record<string, string | undefined>) {
  return readEnv(autopilotEnv, env);
}

export interface AutopilotService {
  readonly autopilot: Autopilot;
  /** One pass now (tests, the test clock). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The series autopilot, composed once for both ways to run: its own process
 * (`npm run start:autopilot -w command-api`, one leader by lease) and the embedded product. It
 * issues GenerateVideo when a slot comes due and posts finished videos, so it runs on the command
 * side with the same publishers as the upload routes.
 */
export function createAutopilotService(config: AutopilotConfig, infra: Infra, options: { clock?: Clock | AdjustableClock; holder?: string } = {}): AutopilotService {
  const clock = options.clock ?? systemClock;
  const publicUrl = config.infra.publicUrl ?? 'http://localhost:3000';
  const posting = openPosting({ infra, config: config.publishing, clock, publicUrl });
  return startAutopilot({
    eventStore: infra.eventStore, docs: infra.docs, logger: infra.logger, clock, executor: posting.executor,
    holder: options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseTtlMs: config.autopilot.leaseMs,
    slotTickMs: config.autopilot.slotTickMs,
    // The series' settings are checked like a creator's form before they become a request.
    generateVideo: (userId, body, metadata, seriesId) => generateVideo(infra.eventStore, userId, parseOrThrow(generateVideoSchema, body), metadata, seriesId),
  });
}
