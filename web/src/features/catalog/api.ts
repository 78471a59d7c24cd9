import type { Catalog } from '@app/domain';
import { api } from '../../lib/api';

/** The catalogues (topics, voices, art styles, formats, plans) from GET /api/catalog. */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalog: build.query<Catalog, void>({
      query: () => '/api/catalog',
      providesTags: [{ type: 'Catalog', id: 'ALL' }],
      keepUnusedDataFor: 24 * 3600,
    }),
  }),
});

export const { useGetCatalogQuery } = catalogApi;
