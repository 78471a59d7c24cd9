import { analystEnv, httpEnv, infraEnv, readEnv } from '@app/platform';

/** Every variable query-api reads. */
export const queryApiEnv = { infra: infraEnv, http: httpEnv(3002, '127.0.0.1'), analysts: analystEnv };

export type QueryApiConfig = ReturnType<typeof readQueryApiConfig>;

/** query-api's configuration, parsed once; every problem is listed at once. */
export function readQueryApiConfig(env: Record<string, string | undefined>) {
  return readEnv(queryApiEnv, env);
}
