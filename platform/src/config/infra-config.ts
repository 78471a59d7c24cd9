import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseEnv } from './parse-env';

/**
 * Configuration every service shares: where events, read models, messages and media live,
 * and the secrets that sign and encrypt. Engines are chosen by URL scheme.
 */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** A file path (embedded SQLite), postgres://…, or kurrentdb://… */
    EVENT_STORE_URL: z.string().min(1).optional(),
    /** A file path (embedded SQLite) or mongodb://… */
    READ_STORE_URL: z.string().min(1).optional(),
    /** memory: (in-process) or kafka://host:port[,host:port] */
    BUS_URL: z.string().min(1).default('memory:'),
    /** Prefix for topics and consumer groups, so deployments can share a broker. */
    BUS_NAMESPACE: z.string().regex(/^[a-zA-Z0-9_-]+$/, 'BUS_NAMESPACE may hold letters, digits, _ and -').optional(),
    MEDIA_DIR: z.string().min(1).optional(),
    PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL' }).optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    MEDIA_SIGNING_KEY: z.string().min(32, 'MEDIA_SIGNING_KEY must be at least 32 characters').optional(),
    TOKEN_ENCRYPTION_KEY: z.string().min(32, 'TOKEN_ENCRYPTION_KEY must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['JWT_SECRET', 'MEDIA_SIGNING_KEY', 'TOKEN_ENCRYPTION_KEY', 'PUBLIC_URL'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
  });

export interface InfraConfig {
  nodeEnv: 'development' | 'production' | 'test';
  dataDir: string;
  eventStoreUrl: string;
  readStoreUrl: string;
  busUrl: string;
  busNamespace: string | null;
  mediaDir: string;
  publicUrl: string | null;
  secrets: { jwt: string; mediaSigning: string; tokenEncryption: string };
  logLevel: string;
}

export function readInfraConfig(env: Record<string, string | undefined> = process.env): InfraConfig {
  const parsed = parseEnv(schema, env);
  const dataDir = resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const generated = parsed.JWT_SECRET && parsed.MEDIA_SIGNING_KEY && parsed.TOKEN_ENCRYPTION_KEY ? null : localSecrets(dataDir);
  return {
    nodeEnv: parsed.NODE_ENV,
    dataDir,
    eventStoreUrl: parsed.EVENT_STORE_URL ?? join(dataDir, 'events.db'),
    readStoreUrl: parsed.READ_STORE_URL ?? join(dataDir, 'read-models.db'),
    busUrl: parsed.BUS_URL,
    busNamespace: parsed.BUS_NAMESPACE ?? null,
    mediaDir: resolve(parsed.MEDIA_DIR ?? join(dataDir, 'media')),
    publicUrl: parsed.PUBLIC_URL ?? null,
    secrets: {
      jwt: parsed.JWT_SECRET ?? generated!.jwt,
      mediaSigning: parsed.MEDIA_SIGNING_KEY ?? generated!.mediaSigning,
      tokenEncryption: parsed.TOKEN_ENCRYPTION_KEY ?? generated!.tokenEncryption,
    },
    logLevel: parsed.LOG_LEVEL,
  };
}

/**
 * Outside production, secrets that are not configured are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), so sessions and signed links survive restarts.
 */
function localSecrets(dataDir: string): InfraConfig['secrets'] {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { jwt: randomBytes(48).toString('base64url'), mediaSigning: randomBytes(48).toString('base64url'), tokenEncryption: randomBytes(48).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
