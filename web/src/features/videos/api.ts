import type { VideoDetail, VideoListItem, VideoStatusResponse } from '@app/domain';
import { api } from '../../lib/api';

const videosApi = api.injectEndpoints({
  endpoints: (build) => ({
    listVideos: build.query<VideoListItem[], void>({
      query: () => ({ url: '/api/video/videos', headers: { 'Content-Type': 'application/json' } }),
      transformResponse: (answer: { videos?: VideoListItem[] }) => answer.videos ?? [],
      providesTags: (videos) => [
        { type: 'Video' as const, id: 'LIST' },
        ...(videos ?? []).map((v) => ({ type: 'Video' as const, id: v._id })),
      ],
    }),
    getVideo: build.query<VideoDetail, string>({
      query: (id) => `/api/video/videoid/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Video', id }],
    }),
    getVideoStatus: build.query<VideoStatusResponse, string>({
      query: (id) => `/api/video/status/${encodeURIComponent(id)}`,
    }),
    deleteVideo: build.mutation<{ success: boolean; position?: number }, string>({
      query: (id) => ({ url: `/api/video/delete/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        // Optimistic: the card disappears at once; restored if the server refuses.
        const patch = dispatch(
          videosApi.util.updateQueryData('listVideos', undefined, (draft) => draft.filter((v) => v._id !== id)),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error, id) =>
        error ? [] : [{ type: 'Video', id }, { type: 'Video', id: 'LIST' }, { type: 'Stats', id: 'ME' }],
    }),
    updateCaption: build.mutation<{ success: boolean; position?: number }, { id: string; description: string }>({
      query: ({ id, description }) => ({ url: `/api/video/${encodeURIComponent(id)}/caption`, method: 'POST', body: { description } }),
      async onQueryStarted({ id, description }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          videosApi.util.updateQueryData('getVideo', id, (draft) => {
            draft.description = description;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Video', id }]),
    }),
  }),
});

export const {
  useListVideosQuery,
  useGetVideoQuery,
  useGetVideoStatusQuery,
  useDeleteVideoMutation,
  useUpdateCaptionMutation,
} = videosApi;
export { videosApi };
