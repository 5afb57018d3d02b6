/**
 * Stage 6: the fronts as the rest of the renderer takes them: four corners each, clockwise from
 * the top left, as shares of the photo, pushed out by the edges' own width.
 */
import { toShare } from '#src/contract/visualizer.js';
import type { FrontOutline } from '../rendering/front-outlines.js';
import type { Candidate } from './detection-types.js';

export function toOutlines(
  fronts: Candidate[],
  size: { width: number; height: number },
  growPx: number,
): FrontOutline[] {
  return fronts.map(({ quad }) => {
    const cx = quad.reduce((sum, [x]) => sum + x, 0) / 4;
    const cy = quad.reduce((sum, [, y]) => sum + y, 0) / 4;
    return quad.map(([x, y]) => {
      const length = Math.hypot(x - cx, y - cy) || 1;
      const gx = x + ((x - cx) / length) * growPx * Math.SQRT2;
      const gy = y + ((y - cy) / length) * growPx * Math.SQRT2;
      return [toShare(gx / size.width), toShare(gy / size.height)];
    });
  });
}
