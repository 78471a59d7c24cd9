import type { AnswerOf } from '@app/domain';
import { api } from '../../lib/api';

export interface EventsFilter {
  category?: string;
  type?: string;
  stream?: string;
  /** One user action: every event sharing this correlation id. */
  correlation?: string;
  from?: string;
  to?: string;
}

const clean = (params: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

/** The analyst API (issue 14). Always fresh: the log grows while an analyst looks at it. */
const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalyticsStats: build.query<AnswerOf<'analyticsStats'>, { bucket: 'hour' | 'day' | 'week'; from?: string; to?: string }>({
      query: (params) => ({ url: '/api/analytics/stats', params: clean(params) }),
    }),
    getAnalyticsEvents: build.query<AnswerOf<'analyticsEvents'>, EventsFilter & { after: number; limit: number }>({
      query: (params) => ({ url: '/api/analytics/events', params: clean({ ...params }) }),
    }),
    getAnalyticsStream: build.query<AnswerOf<'analyticsStream'>, { streamId: string; asOf?: number }>({
      query: ({ streamId, asOf }) => ({ url: `/api/analytics/streams/${encodeURIComponent(streamId)}`, params: clean({ asOf }) }),
    }),
    getProjections: build.query<AnswerOf<'analyticsProjections'>, void>({
      query: () => ({ url: '/api/analytics/projections' }),
    }),
    getBusLag: build.query<AnswerOf<'analyticsBusLag'>, void>({
      query: () => ({ url: '/api/analytics/bus-lag' }),
    }),
    rebuildProjection: build.mutation<AnswerOf<'rebuildProjection'>, string>({
      query: (name) => ({ url: `/api/analytics/projections/${encodeURIComponent(name)}/rebuild`, method: 'POST' }),
    }),
  }),
});

export const { useGetAnalyticsStatsQuery, useGetAnalyticsEventsQuery, useGetAnalyticsStreamQuery, useGetProjectionsQuery, useGetBusLagQuery, useRebuildProjectionMutation } = analyticsApi;
export { analyticsApi };
