import type { AnswerOf } from '@app/domain';
import { api } from '../../lib/api';
import { linkStatusApi } from '../../lib/endpoints/link-status';
import type { Platform } from './lib/platforms';

export { useGetLinkStatusQuery, type LinkStatus } from '../../lib/endpoints/link-status';

export interface UploadBase {
  videoId: string;
  title: string;
  description: string;
}

const socialApi = api.injectEndpoints({
  endpoints: (build) => ({
    connectAccount: build.mutation<AnswerOf<'connectPlatform'>, Platform>({
      query: (platform) => ({ url: `/api/auth/${platform}/connect`, method: 'GET' }),
    }),
    disconnectAccount: build.mutation<{ success?: boolean; error?: string }, Platform>({
      query: (platform) => ({ url: `/api/auth/auth/${platform}/logout`, method: 'POST' }),
      async onQueryStarted(platform, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(linkStatusApi.util.upsertQueryData('getLinkStatus', platform, { connected: false }));
        } catch {
          /* the caller shows the error */
        }
      },
      invalidatesTags: (_r, error, platform) => (error ? [] : [{ type: 'Social', id: platform }]),
    }),
    uploadToTikTok: build.mutation<{ status?: string; tiktokUrl?: string; error?: string; details?: unknown }, UploadBase>({
      query: ({ videoId, title, description }) => ({
        url: '/api/video/tiktok/upload',
        method: 'POST',
        body: { videoId, title, description, allowDuet: true, allowStitch: true, hashtags: [] },
      }),
    }),
    uploadToYouTube: build.mutation<{ youtubeUrl?: string; error?: string }, UploadBase & { tags: string[] }>({
      query: ({ videoId, title, description, tags }) => ({
        url: '/api/video/youtube/upload',
        method: 'POST',
        body: { videoId, title, description, privacy: 'public', tags },
      }),
    }),
    uploadToInstagram: build.mutation<{ instagramUrl?: string; error?: string }, { videoId: string; caption: string }>({
      query: (body) => ({ url: '/api/auth/instagram/upload', method: 'POST', body }),
    }),
  }),
});

export const {
  useConnectAccountMutation,
  useDisconnectAccountMutation,
  useUploadToTikTokMutation,
  useUploadToYouTubeMutation,
  useUploadToInstagramMutation,
} = socialApi;
export { socialApi };
