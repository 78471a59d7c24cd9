import type { AnswerOf, BatchResponse, PlanId, RequestOf, SeriesResponse, ServiceStatus } from '@app/domain';
import { api } from '../../lib/api';
import { useGetSubscriptionQuery } from '../../lib/endpoints/subscription';
import { postingPlanOf, type SeriesRequestBody } from './lib/autopilot';

export { useGetLinkStatusQuery, type LinkStatus } from '../../lib/endpoints/link-status';

/** POST /api/generate-video's body (spec section 7) and answer. */
export type GenerateVideoRequest = RequestOf<'generateVideo'>;
export type GenerateVideoAnswer = AnswerOf<'generateVideo'>;
export type CreateSeriesAnswer = AnswerOf<'createSeries'>;
export type SeriesCommandAnswer = AnswerOf<'pauseSeries'>;
/** POST /api/series/:id/batch's body and answer (issue 18). */
export type QueueBatchRequest = RequestOf<'queueBatch'>;
export type QueueBatchAnswer = AnswerOf<'queueBatch'>;

/** A batch's progress is polled this often while it runs (the spec's status poll). */
export const BATCH_POLL_MS = 5000;

/** Share the latest generation between the wizard and the progress widget. */
export const GENERATION_CACHE_KEY = 'current-generation';

const LIST = { type: 'Series', id: 'LIST' } as const;

/**
 * Series endpoints. Every series mutation invalidates the item and the list: the base query keeps
 * the command's position and sends it with the refetch (read-your-writes), so the list that comes
 * back already holds the write. The plan and the link status the autopilot section needs come from
 * the shared endpoints in lib/endpoints (one cache entry per URL), so a checkout or a disconnect
 * refreshes them too.
 */
const seriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServiceStatus: build.query<ServiceStatus, void>({
      query: () => '/api/service-status',
      keepUnusedDataFor: 0,
    }),
    generateVideo: build.mutation<GenerateVideoAnswer, GenerateVideoRequest>({
      query: (body) => ({ url: '/api/generate-video', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Video', id: 'LIST' }, { type: 'Stats', id: 'ME' }]),
    }),
    listSeries: build.query<SeriesResponse[], void>({
      query: () => '/api/series',
      transformResponse: (answer: { series?: SeriesResponse[] }) => answer?.series ?? [],
      providesTags: (result) => [LIST, ...(result ?? []).map((s) => ({ type: 'Series' as const, id: s._id }))],
    }),
    getSeries: build.query<SeriesResponse, string>({
      query: (id) => `/api/series/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Series', id }],
    }),
    createSeries: build.mutation<CreateSeriesAnswer, SeriesRequestBody>({
      query: (body) => ({ url: '/api/series', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    updateSeries: build.mutation<SeriesCommandAnswer, { id: string; changes: Partial<SeriesRequestBody> }>({
      query: ({ id, changes }) => ({ url: `/api/series/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [LIST, { type: 'Series', id }]),
    }),
    pauseSeries: build.mutation<SeriesCommandAnswer, string>({
      query: (id) => ({ url: `/api/series/${encodeURIComponent(id)}/pause`, method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [LIST, { type: 'Series', id }]),
    }),
    resumeSeries: build.mutation<SeriesCommandAnswer, string>({
      query: (id) => ({ url: `/api/series/${encodeURIComponent(id)}/resume`, method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [LIST, { type: 'Series', id }]),
    }),
    queueBatch: build.mutation<QueueBatchAnswer, { seriesId: string; body: QueueBatchRequest }>({
      query: ({ seriesId, body }) => ({ url: `/api/series/${encodeURIComponent(seriesId)}/batch`, method: 'POST', body }),
      invalidatesTags: (_r, error, { seriesId }) => (error ? [] : [{ type: 'Batch', id: seriesId }, { type: 'Video', id: 'LIST' }, { type: 'Stats', id: 'ME' }]),
    }),
    /** A series' batches, newest first. */
    listBatches: build.query<BatchResponse[], string>({
      query: (seriesId) => `/api/series/${encodeURIComponent(seriesId)}/batch`,
      transformResponse: (answer: { batches?: BatchResponse[] }) => answer?.batches ?? [],
      providesTags: (_r, _e, seriesId) => [{ type: 'Batch', id: seriesId }],
    }),
    cancelBatch: build.mutation<SeriesCommandAnswer, { seriesId: string; batchId: string }>({
      query: ({ seriesId, batchId }) => ({ url: `/api/series/${encodeURIComponent(seriesId)}/batch/${encodeURIComponent(batchId)}/cancel`, method: 'POST' }),
      invalidatesTags: (_r, error, { seriesId }) => (error ? [] : [{ type: 'Batch', id: seriesId }]),
    }),
    deleteSeries: build.mutation<SeriesCommandAnswer, string>({
      query: (id) => ({ url: `/api/series/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [LIST, { type: 'Series', id }]),
    }),
  }),
});

export const {
  useLazyGetServiceStatusQuery,
  useGenerateVideoMutation,
  useListSeriesQuery,
  useGetSeriesQuery,
  useCreateSeriesMutation,
  useUpdateSeriesMutation,
  usePauseSeriesMutation,
  useResumeSeriesMutation,
  useDeleteSeriesMutation,
  useQueueBatchMutation,
  useListBatchesQuery,
  useCancelBatchMutation,
} = seriesApi;
export { seriesApi };

/** The plan that sets the posting frequency, from the shared subscription endpoint. */
export function useGetPostingPlanQuery(_arg?: void, options: { skip?: boolean } = {}): { data: PlanId | undefined; isLoading: boolean; isError: boolean } {
  const query = useGetSubscriptionQuery(undefined, options);
  return { data: query.isSuccess ? postingPlanOf(query.data ?? null) : undefined, isLoading: query.isLoading, isError: query.isError };
}
