import type { VideoStats } from '@app/domain';
import { api } from '../../lib/api';

const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVideoStats: build.query<VideoStats, void>({
      query: () => '/api/video/stats',
      providesTags: [{ type: 'Stats', id: 'ME' }],
    }),
  }),
});

export const { useGetVideoStatsQuery } = statsApi;
export { statsApi };
