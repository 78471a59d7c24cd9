import type { PlanId, Platform, SeriesResponse, ServiceStatus, SubscriptionView } from '@app/domain';
import { api } from '../../lib/api';
import { postingPlanOf, type SeriesRequestBody } from './lib/autopilot';

export interface GenerateVideoRequest {
  topic: string;
  /** Seconds: the number after the dash of the chosen range. */
  duration: number;
  customPrompt: string;
  style: string;
  voiceid: string;
  aspectRatio: string;
  language: string;
}

export interface GenerateVideoAnswer {
  videoId: string;
  position?: number;
}

export interface CreateSeriesAnswer {
  _id: string;
  seriesId: string;
  position: number;
  nextPostAt: string | null;
}

export interface SeriesCommandAnswer {
  success: boolean;
  position: number;
}

/** Whether a platform is linked, and under which name (the autopilot's platform choices). */
export interface PlatformLink {
  connected: boolean;
  channelName?: string;
  username?: string;
}

/** Share the latest generation between the wizard and the progress widget. */
export const GENERATION_CACHE_KEY = 'current-generation';

const LIST = { type: 'Series', id: 'LIST' } as const;

/**
 * Series endpoints. Every series mutation invalidates the item and the list: the base query keeps
 * the command's position and sends it with the refetch (read-your-writes), so the list that comes
 * back already holds the write. Features do not import each other (house style): the plan and the
 * link status the autopilot section needs are read here from the same URLs as billing/social, under
 * the same tags, so a checkout or a disconnect refreshes them too.
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
    deleteSeries: build.mutation<SeriesCommandAnswer, string>({
      query: (id) => ({ url: `/api/series/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [LIST, { type: 'Series', id }]),
    }),
    /** The plan that sets the posting frequency (GET /api/billing/subscription). */
    getPostingPlan: build.query<PlanId, void>({
      query: () => '/api/billing/subscription',
      transformResponse: (answer: { subscription?: SubscriptionView | null }) => postingPlanOf(answer?.subscription ?? null),
      providesTags: [{ type: 'Subscription', id: 'ME' }],
    }),
    getPlatformLink: build.query<PlatformLink, Platform>({
      query: (platform) => `/api/auth/${platform}/status`,
      providesTags: (_r, _e, platform) => [{ type: 'Social', id: platform }],
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
  useGetPostingPlanQuery,
  useGetPlatformLinkQuery,
} = seriesApi;
export { seriesApi };
