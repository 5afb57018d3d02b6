import type { Pattern } from '#src/contract/patterns';
import { api } from '@/shared/api/api';

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

type Dispatch = (action: unknown) => unknown;

/**
 * Resolves once the catalogue is in the store (or has failed to load), so the page's first
 * render shows the same first page of patterns as its prerendered markup.
 */
export async function loadPatterns(dispatch: Dispatch): Promise<void> {
  const request = dispatch(patternsApi.endpoints.getPatterns.initiate()) as Promise<unknown> & {
    unsubscribe(): void;
  };
  await request;
  request.unsubscribe();
}

/** The build's prerendering puts the catalogue in the store itself: it has no server to ask. */
export function seedPatterns(dispatch: Dispatch, patterns: Pattern[]): void {
  dispatch(patternsApi.util.upsertQueryData('getPatterns', undefined, patterns));
}

/** Small grid preview served next to the full texture (same file once a supplier photo exists). */
export function thumbnailPath(pattern: Pattern, format: 'jpg' | 'avif' | 'webp' = 'jpg'): string {
  return `/vinyl_patterns/thumbs/${encodeURIComponent(pattern.id)}.${format}`;
}
