import { api } from '@/shared/api/api';

/** Four [x, y] corners, clockwise from the top left, as shares (0..1) of the photo's sides. */
export type FrontOutline = [number, number][];

/** The photo as base64 without data-URL prefix, and a pattern code (docs/product.md#visualizer). */
export interface VisualizationRequest {
  kitchenImage: string;
  patternId: string;
  /** The fronts the visitor confirmed; without them the server finds them. */
  fronts?: FrontOutline[];
}

export interface DetectedFronts {
  width: number;
  height: number;
  fronts: FrontOutline[];
}

export interface VisualizerStatus {
  remaining: number;
  unlimited: boolean;
}

/** The admin token check is cached for five minutes (docs/product.md#admin-session). */
const ADMIN_CHECK_CACHE_SECONDS = 5 * 60;

const visualizerApi = api.injectEndpoints({
  endpoints: (build) => ({
    visualize: build.mutation<{ imageUrl: string }, VisualizationRequest>({
      query: (body) => ({ url: '/visualize', method: 'POST', body }),
    }),
    detectFronts: build.mutation<DetectedFronts, { kitchenImage: string }>({
      query: (body) => ({ url: '/visualize/fronts', method: 'POST', body }),
    }),
    visualizerStatus: build.query<VisualizerStatus, void>({
      query: () => '/visualize/status',
    }),
    /** The public page only needs to know whether the stored token is valid. */
    visualizerAdminCheck: build.query<{ user?: unknown }, void>({
      query: () => '/auth/verify',
      keepUnusedDataFor: ADMIN_CHECK_CACHE_SECONDS,
    }),
  }),
});

export const {
  useVisualizeMutation,
  useDetectFrontsMutation,
  useVisualizerStatusQuery,
  useVisualizerAdminCheckQuery,
} = visualizerApi;
