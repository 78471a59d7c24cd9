import { z } from 'zod';
import { ConfigError } from './parse-env';

type Env = Record<string, string | undefined>;

/**
 * One part of a service's configuration: the environment variables it reads (a zod shape), the
 * checks across them, and the settings it builds. A service's configuration is the union of its
 * parts, parsed once (see `readEnv`), so every variable it reads goes through one schema.
 */
export interface EnvPart<S extends z.ZodRawShape, C> {
  shape: S;
  check?: (env: z.output<z.ZodObject<S>>, ctx: z.RefinementCtx) => void;
  build: (env: z.output<z.ZodObject<S>>) => C;
}

export function envPart<S extends z.ZodRawShape, C>(part: EnvPart<S, C>): EnvPart<S, C> {
  return part;
}

type AnyPart = EnvPart<any, any>;
type Built<P extends Record<string, AnyPart>> = { [K in keyof P]: ReturnType<P[K]['build']> };

/**
 * Parses the environment once with the union of the parts' schemas. On failure, every problem of
 * every part is listed in one error, so a misconfigured service says all that is wrong at once.
 * Reading has no side effects: nothing is created or written.
 */
export function readEnv<P extends Record<string, AnyPart>>(parts: P, env: Env): Built<P> {
  const shape: z.ZodRawShape = {};
  for (const part of Object.values(parts)) Object.assign(shape, part.shape);
  const schema = z.object(shape).superRefine((parsed, ctx) => {
    for (const part of Object.values(parts)) part.check?.(parsed, ctx);
  });
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const built = {} as Record<string, unknown>;
  for (const [name, part] of Object.entries(parts)) built[name] = part.build(result.data);
  return built as Built<P>;
}

/** Where an HTTP service listens: PORT and HOST, with the service's own defaults. */
export function httpEnv(defaultPort: number, defaultHost: string) {
  return envPart({
    shape: {
      PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort),
      HOST: z.string().min(1).default(defaultHost),
    },
    build: (e) => ({ port: e.PORT, host: e.HOST }),
  });
}
export type HttpConfig = ReturnType<ReturnType<typeof httpEnv>['build']>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** How much a service logs: LOG_LEVEL. */
export const logEnv = envPart({
  shape: { LOG_LEVEL: z.enum(LOG_LEVELS).default('info') },
  build: (e) => ({ level: e.LOG_LEVEL }),
});

/** Who the analysts are (issue 14): ANALYST_EMAILS, comma-separated, read at start. */
export const analystEnv = envPart({
  shape: {
    ANALYST_EMAILS: z.string().optional().refine((value) => !value || value.split(',').every((email) => /^[^\s@]+@[^\s@]+$/.test(email.trim()) || email.trim() === ''), 'ANALYST_EMAILS must be email addresses separated by commas'),
  },
  build: (e) => ({ emails: (e.ANALYST_EMAILS ?? '').split(',').map((email) => email.trim().toLowerCase()).filter(Boolean) }),
});
export type AnalystConfig = ReturnType<typeof analystEnv.build>;
