import { z } from 'zod';
import { parseEnv } from '@app/platform';
import type { AuthConfig } from './auth/deps';

const schema = z.object({
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL' }).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(10),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(60).default(60),
}).superRefine((env, ctx) => {
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' });
  }
  if (env.SMTP_URL && !env.MAIL_FROM) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'MAIL_FROM is required when SMTP_URL is set' });
});

export interface CommandApiConfig {
  auth: AuthConfig;
  smtpUrl: string | null;
  mailFrom: string | null;
}

/** The command side's own settings; infrastructure comes from readInfraConfig. */
export function readCommandApiConfig(env: Record<string, string | undefined> = process.env, fallbackPublicUrl?: string): CommandApiConfig {
  const e = parseEnv(schema, env);
  const publicUrl = (e.PUBLIC_URL ?? fallbackPublicUrl ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    auth: {
      publicUrl,
      resetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
      bcryptCost: e.BCRYPT_COST,
      google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientID: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, callbackURL: `${publicUrl}/api/auth/google/callback` } : null,
    },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? null,
  };
}
