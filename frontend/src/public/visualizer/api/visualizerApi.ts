import type {
  DetectedFronts,
  DetectFrontsRequest,
  TapAnswer,
  TapRequest,
  VisualizationAnswer,
  VisualizationRequest,
  VisualizerStatus,
} from '#src/contract/visualizer';
import { ADMIN_TOKEN_KEY, staffAuthorization } from '@/shared/api/adminToken';
import { requestJson } from '@/shared/api/postJson';

/** The admin token check is cached for five minutes (docs/product.md#admin-session). */
const ADMIN_CHECK_CACHE_MS = 5 * 60 * 1000;

// Signed-in staff render without limit, so every call carries their token when there is one.
const post = <T>(path: string, body: unknown) =>
  requestJson<T>(path, { method: 'POST', body, headers: staffAuthorization() });

export const visualize = (body: VisualizationRequest) =>
  post<VisualizationAnswer>('/visualize', body);

export const detectFronts = (body: DetectFrontsRequest) =>
  post<DetectedFronts>('/visualize/fronts', body);

/** The outline of the front under a tap, from the server's segmentation model. */
export const tapFront = (body: TapRequest) => post<TapAnswer>('/visualize/taps', body);

export const getVisualizerStatus = () =>
  requestJson<VisualizerStatus>('/visualize/status', { headers: staffAuthorization() });

let adminCheck: { token: string; at: number; valid: Promise<boolean> } | undefined;

/** Whether the stored staff token is valid; false without one. */
export function checkStaffToken(): Promise<boolean> {
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  if (!token) return Promise.resolve(false);
  if (adminCheck?.token !== token || Date.now() - adminCheck.at > ADMIN_CHECK_CACHE_MS) {
    adminCheck = {
      token,
      at: Date.now(),
      valid: requestJson('/auth/verify', { headers: staffAuthorization() }).then(
        () => true,
        () => false,
      ),
    };
  }
  return adminCheck.valid;
}
