import { z } from 'zod';
import { autopilotEnv, commandApiEnv } from '@app/command-api';
import { envPart, httpEnv, logEnv, readEnv } from '@app/platform';
import { projectorsEnv } from '@app/projectors';
import { queryApiEnv } from '@app/query-api';
import { renderWorkersEnv } from '@app/render-workers';

/** One service's instances: an absolute URL, or several separated by commas (taken in turn). */
const instancesOf = (name: string) =>
  z.string()
    .refine((list) => list.split(',').every((url) => z.url().safeParse(url.trim()).success), { error: `${name} must be an absolute URL, or several separated by commas` })
    .optional();

/** The gateway in front of separately running services: where they listen. */
export const upstreamsEnv = envPart({
  shape: {
    COMMAND_API_URL: instancesOf('COMMAND_API_URL'),
    QUERY_API_URL: instancesOf('QUERY_API_URL'),
  },
  check(env, ctx) {
    if (Boolean(env.COMMAND_API_URL) !== Boolean(env.QUERY_API_URL)) {
      ctx.addIssue({ code: 'custom', path: ['QUERY_API_URL'], message: 'COMMAND_API_URL and QUERY_API_URL go together' });
    }
  },
  build: (e) => (e.COMMAND_API_URL && e.QUERY_API_URL ? { commandUrl: e.COMMAND_API_URL, queryUrl: e.QUERY_API_URL } : null),
});

const gatewayHttp = httpEnv(3000, '0.0.0.0');

/** Where the product is published (the services read it with the rest of their infrastructure). */
const publicSiteEnv = envPart({
  shape: { PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL' }).optional() },
  build: (e) => ({ url: e.PUBLIC_URL?.replace(/\/$/, '') ?? null }),
});

/** The gateway alone (distributed mode). */
export const gatewayEnv = { http: gatewayHttp, upstreams: upstreamsEnv, log: logEnv, site: publicSiteEnv };

/**
 * The whole product in one process: every service's variables, parsed together so every
 * problem of every service is listed at once, with the one origin's port.
 */
export const embeddedEnv = { ...commandApiEnv, ...queryApiEnv, ...projectorsEnv, ...renderWorkersEnv, ...autopilotEnv, http: gatewayHttp };

export function readGatewayConfig(env: Record<string, string | undefined>) {
  return readEnv(gatewayEnv, env);
}

export type EmbeddedConfig = ReturnType<typeof readEmbeddedConfig>;

/** The embedded product's configuration, and each service's share of it. */
export function readEmbeddedConfig(env: Record<string, string | undefined>) {
  const c = readEnv(embeddedEnv, env);
  return {
    ...c,
    services: {
      command: { infra: c.infra, http: c.http, command: c.command, billing: c.billing, publishing: c.publishing, analysts: c.analysts },
      query: { infra: c.infra, http: c.http, analysts: c.analysts },
      projectors: { infra: c.infra, projectors: c.projectors },
      render: { infra: c.infra, render: c.render },
      autopilot: { infra: c.infra, publishing: c.publishing, autopilot: c.autopilot },
    },
  };
}
