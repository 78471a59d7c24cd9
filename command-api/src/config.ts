import { z } from 'zod';
import { MEDIA_LIMITS } from '@app/domain';
import { analystEnv, billingEnv, envPart, httpEnv, infraEnv, publishingEnv, readEnv } from '@app/platform';
import type { AuthConfig } from './auth/deps';

/** The command side's own settings (accounts, mail, limits, the test clock). */
export const commandEnv = envPart({
  shape: {
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    SMTP_URL: z.string().min(1).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(60).default(60),
    /** Sign-in, sign-up and reset attempts per address and per account in 15 minutes. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    /** Test mode: a clock the browser journeys can move forward (never in production). */
    STUDIO_TEST_CLOCK: z.enum(['0', '1']).optional(),
    /** The media programs that check and picture uploads to the media library (the render workers read the same two). */
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
    FFPROBE_PATH: z.string().min(1).default('ffprobe'),
    /** The media library's limits per file (issue 18): 200 MB and 3 minutes per clip, 20 MB per image. */
    MEDIA_MAX_CLIP_BYTES: z.coerce.number().int().positive().default(MEDIA_LIMITS.clipBytes),
    MEDIA_MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(MEDIA_LIMITS.imageBytes),
    MEDIA_MAX_CLIP_SECONDS: z.coerce.number().positive().default(MEDIA_LIMITS.clipSeconds),
    /** Where uploads are streamed before they are checked (default: the system's temporary directory); resumable uploads wait in its `media-tus/`. */
    UPLOAD_TMP_DIR: z.string().min(1).optional(),
    /** A resumable (tus) upload not finished this long after it started is removed (default a day). */
    MEDIA_RESUMABLE_EXPIRY_MINUTES: z.coerce.number().positive().default(24 * 60),
  },
  check(env, ctx) {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'MAIL_FROM is required when SMTP_URL is set' });
  },
  build: (e) => ({
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientID: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? null,
    resetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    rateLimitMax: e.RATE_LIMIT_MAX,
    testClock: e.STUDIO_TEST_CLOCK === '1',
    media: {
      tools: { ffmpeg: e.FFMPEG_PATH, ffprobe: e.FFPROBE_PATH },
      limits: { clipBytes: e.MEDIA_MAX_CLIP_BYTES, imageBytes: e.MEDIA_MAX_IMAGE_BYTES, clipSeconds: e.MEDIA_MAX_CLIP_SECONDS },
      tmpDir: e.UPLOAD_TMP_DIR ?? null,
      resumableExpiryMs: e.MEDIA_RESUMABLE_EXPIRY_MINUTES * 60_000,
    },
  }),
});

/** Every variable command-api reads. */
export const commandApiEnv = { infra: infraEnv, http: httpEnv(3001, '127.0.0.1'), command: commandEnv, billing: billingEnv, publishing: publishingEnv, analysts: analystEnv };

export type CommandApiConfig = ReturnType<typeof readCommandApiConfig>;

/** command-api's configuration, parsed once; every problem is listed at once. */
export function readCommandApiConfig(env: Record<string, string | undefined>) {
  return readEnv(commandApiEnv, env);
}

/** The web origin: PUBLIC_URL, else this machine at the HTTP port. */
export function publicUrlOf(config: Pick<CommandApiConfig, 'infra' | 'http'>): string {
  return config.infra.publicUrl ?? `http://localhost:${config.http.port}`;
}

/** The accounts' settings, as the auth handlers use them. */
export function authConfigOf(config: CommandApiConfig): AuthConfig {
  const publicUrl = publicUrlOf(config);
  const { google } = config.command;
  return {
    publicUrl,
    resetTtlMinutes: config.command.resetTtlMinutes,
    google: google ? { ...google, callbackURL: `${publicUrl}/api/auth/google/callback` } : null,
    analystEmails: config.analysts.emails,
  };
}
