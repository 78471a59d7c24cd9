import type { ServiceStatus } from '@app/domain';
import { api } from '../../lib/api';

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

/** Share the latest generation between the wizard and the progress widget. */
export const GENERATION_CACHE_KEY = 'current-generation';

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
  }),
});

export const { useLazyGetServiceStatusQuery, useGenerateVideoMutation } = seriesApi;
export { seriesApi };
