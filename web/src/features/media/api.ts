import type { MediaLibraryPage } from '@app/domain';
import { api } from '../../lib/api';

type Answer = { success: boolean; position?: number };
const LIST = [{ type: 'Media' as const, id: 'LIST' }];

/**
 * The creator's media library (issue 18): the list, deleting an item, and the UploadVideo command ("Import
 * a video", "Make it a video": a clip of the library made into a video of theirs). Uploads themselves go
 * through `lib/upload` (progress, tus). The list is the whole library in one answer: GET /api/media is
 * bounded by the library's cap (500 items), so no page is asked for.
 */
export const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMedia: build.query<MediaLibraryPage, void>({
      query: () => '/api/media',
      providesTags: LIST,
    }),
    deleteMedia: build.mutation<Answer, { id: string }>({
      query: ({ id }) => ({ url: `/api/media/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // Gone from the list at once; the list is read again after the server's answer.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const patch = dispatch(mediaApi.util.updateQueryData('listMedia', undefined, (draft) => {
          const gone = draft.media.find((m) => m._id === id);
          draft.media = draft.media.filter((m) => m._id !== id);
          if (gone) {
            draft.usedBytes = Math.max(0, draft.usedBytes - gone.bytes);
            draft.total = Math.max(0, draft.total - 1);
          }
        }));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : LIST),
    }),
    uploadVideo: build.mutation<{ videoId: string; position: number }, { mediaId: string; title?: string }>({
      query: (body) => ({ url: '/api/video/upload', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Video', id: 'LIST' }, { type: 'Stats', id: 'LIST' }]),
    }),
  }),
});

export const { useListMediaQuery, useDeleteMediaMutation, useUploadVideoMutation } = mediaApi;
