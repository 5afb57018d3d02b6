import { api } from '@/shared/api/api';

/** One catalogue entry as GET /api/patterns returns it (docs/product.md#pattern-library). */
export interface Pattern {
  id: string;
  name: string;
  description: string;
  imagePath: string;
  family: string;
}

const patternsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The whole catalogue (~600 rows, a few kB gzipped) in one request: search and paging are
    // instant on the client.
    getPatterns: build.query<Pattern[], void>({
      query: () => '/patterns',
      providesTags: ['Patterns'],
    }),
  }),
});

export const { useGetPatternsQuery } = patternsApi;

/** Small grid preview served next to the full texture (same file once a supplier photo exists). */
export function thumbnailPath(pattern: Pattern): string {
  return `/vinyl_patterns/thumbs/${encodeURIComponent(pattern.id)}.jpg`;
}
