import { z } from 'zod';
import { envPart } from '../config/env';

/**
 * Publishing settings. A platform goes live when its keys are set; otherwise it uses the
 * sandbox. PUBLISHING_SANDBOX=1 forces the sandbox everywhere. The *_BASE_URL settings point an
 * adapter at another host (the tests' local stand-ins).
 */
const shape = {
  PUBLISHING_SANDBOX: z.enum(['0', '1']).optional(),
  YOUTUBE_CLIENT_ID: z.string().min(1).optional(),
  YOUTUBE_CLIENT_SECRET: z.string().min(1).optional(),
  YOUTUBE_API_BASE_URL: z.url().optional(),
  YOUTUBE_OAUTH_BASE_URL: z.url().optional(),
  TIKTOK_CLIENT_KEY: z.string().min(1).optional(),
  TIKTOK_CLIENT_SECRET: z.string().min(1).optional(),
  TIKTOK_POST_MODE: z.enum(['inbox', 'direct']).default('inbox'),
  TIKTOK_API_BASE_URL: z.url().optional(),
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  INSTAGRAM_GRAPH_BASE_URL: z.url().optional(),
  INSTAGRAM_OAUTH_BASE_URL: z.url().optional(),
};

export interface PublishingConfig {
  youtube: { clientId: string; clientSecret: string; apiBaseUrl?: string; oauthBaseUrl?: string } | null;
  tiktok: { clientKey: string; clientSecret: string; mode: 'inbox' | 'direct'; apiBaseUrl?: string } | null;
  instagram: { appId: string; appSecret: string; graphBaseUrl?: string; oauthBaseUrl?: string } | null;
}

export const publishingEnv = envPart({
  shape,
  check(env, ctx) {
    for (const [a, b] of [['YOUTUBE_CLIENT_ID', 'YOUTUBE_CLIENT_SECRET'], ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'], ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET']] as const) {
      if (Boolean(env[a]) !== Boolean(env[b])) ctx.addIssue({ code: 'custom', path: [b], message: `${a} and ${b} go together` });
    }
  },
  build(e): PublishingConfig {
    const sandbox = e.PUBLISHING_SANDBOX === '1';
    const opt = <T extends object>(v: T) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as T;
    return {
      youtube: !sandbox && e.YOUTUBE_CLIENT_ID && e.YOUTUBE_CLIENT_SECRET
        ? opt({ clientId: e.YOUTUBE_CLIENT_ID, clientSecret: e.YOUTUBE_CLIENT_SECRET, apiBaseUrl: e.YOUTUBE_API_BASE_URL, oauthBaseUrl: e.YOUTUBE_OAUTH_BASE_URL }) : null,
      tiktok: !sandbox && e.TIKTOK_CLIENT_KEY && e.TIKTOK_CLIENT_SECRET
        ? opt({ clientKey: e.TIKTOK_CLIENT_KEY, clientSecret: e.TIKTOK_CLIENT_SECRET, mode: e.TIKTOK_POST_MODE, apiBaseUrl: e.TIKTOK_API_BASE_URL }) : null,
      instagram: !sandbox && e.INSTAGRAM_APP_ID && e.INSTAGRAM_APP_SECRET
        ? opt({ appId: e.INSTAGRAM_APP_ID, appSecret: e.INSTAGRAM_APP_SECRET, graphBaseUrl: e.INSTAGRAM_GRAPH_BASE_URL, oauthBaseUrl: e.INSTAGRAM_OAUTH_BASE_URL }) : null,
    };
  },
});
