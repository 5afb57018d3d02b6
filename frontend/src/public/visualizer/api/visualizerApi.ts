import type {
  DetectedFronts,
  DetectFrontsRequest,
  TapAnswer,
  TapRequest,
  VisualizationAnswer,
  VisualizationRequest,
  VisualizerStatus,
} from '#src/contract/visualizer';
import { api } from '@/shared/api/api';

/** The admin token check is cached for five minutes (docs/product.md#admin-session). */
const ADMIN_CHECK_CACHE_SECONDS = 5 * 60;

const visualizerApi = api.injectEndpoints({
  endpoints: (build) => ({
    visualize: build.mutation<VisualizationAnswer, VisualizationRequest>({
      query: (body) => ({ url: '/visualize', method: 'POST', body }),
    }),
    detectFronts: build.mutation<DetectedFronts, DetectFrontsRequest>({
      query: (body) => ({ url: '/visualize/fronts', method: 'POST', body }),
    }),
    /** The outline of the front under a tap, from the server's segmentation model. */
    tapFront: build.mutation<TapAnswer, TapRequest>({
      query: (body) => ({ url: '/visualize/taps', method: 'POST', body }),
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
  useTapFrontMutation,
  useVisualizerStatusQuery,
  useVisualizerAdminCheckQuery,
} = visualizerApi;
