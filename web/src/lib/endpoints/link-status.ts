import type { InstagramLinkStatus, Platform, TikTokLinkStatus, YouTubeLinkStatus } from '@app/domain';
import { api } from '../api';

export type LinkStatus = YouTubeLinkStatus & TikTokLinkStatus & InstagramLinkStatus;

/**
 * GET /api/auth/:platform/status, declared once: Account, the SERIES SETTINGS cards and the
 * autopilot's platform choices read it from one cache entry per platform (a disconnect refreshes all).
 */
export const linkStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLinkStatus: build.query<LinkStatus, Platform>({
      query: (platform) => `/api/auth/${platform}/status`,
      providesTags: (_r, _e, platform) => [{ type: 'Social', id: platform }],
    }),
  }),
});

export const { useGetLinkStatusQuery } = linkStatusApi;
