/**
 * Stage 2: one decoder answer read as a region: the connected part of the mask under the prompt
 * point, its bounding box, four corners, how well it fills them, and the model's confidence.
 */
import { CornerTracker } from '#src/modules/visualizer/rendering/front-outlines.js';
import type { Corner, Quad } from '../detection-types.js';
import { quadArea } from '../quadrilaterals.js';

export interface MaskRegion {
  /** Frame pixel indices of the region, in raster order. */
  pixels: Int32Array;
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Four corners clockwise from the top left, frame pixels. */
  quad: Quad;
  /** The region's area over its quadrilateral's. */
  fill: number;
  /** The model's IoU estimate and the mask's stability (area at +offset over area at −offset). */
  predictedIou: number;
  stability: number;
}

export function maskRegion(
  logits: Float32Array,
  size: { width: number; height: number },
  seed: readonly [number, number],
  predictedIou: number,
  stabilityOffset: number,
): MaskRegion | null {
  const { width, height } = size;
  const sx = Math.min(width - 1, Math.max(0, Math.floor(seed[0])));
  const sy = Math.min(height - 1, Math.max(0, Math.floor(seed[1])));
  const start = sy * width + sx;
  if (!(logits[start] > 0)) return null;
  let strong = 0;
  let weak = 0;
  for (let i = 0; i < logits.length; i++) {
    if (logits[i] > stabilityOffset) strong++;
    if (logits[i] > -stabilityOffset) weak++;
  }
  const { pixels, minX, minY, maxX, maxY } = connectedFrom(logits, width, height, start);
  const corners = new CornerTracker();
  for (const i of pixels) {
    const x = i % width;
    corners.add(x, (i - x) / width);
  }
  const quad = corners.points.map(([x, y]): Corner => [x, y]) as unknown as Quad;
  const outlined = quadArea(quad);
  return {
    pixels,
    area: pixels.length,
    minX,
    minY,
    maxX: maxX + 1,
    maxY: maxY + 1,
    quad,
    fill: outlined > 0 ? pixels.length / outlined : 0,
    predictedIou,
    stability: weak ? strong / weak : 0,
  };
}

/**
 * The 4-connected pixels above zero reached from `start`, in raster order (read off the part's
 * bounding box after the fill, so no sort), and that box (inclusive).
 */
function connectedFrom(logits: Float32Array, width: number, height: number, start: number) {
  const seen = new Uint8Array(logits.length);
  const stack = new Int32Array(logits.length);
  let top = 0;
  let count = 0;
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  stack[top++] = start;
  seen[start] = 1;
  while (top > 0) {
    const at = stack[--top];
    count++;
    const x = at % width;
    const y = (at - x) / width;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (x > 0 && !seen[at - 1] && logits[at - 1] > 0) {
      seen[at - 1] = 1;
      stack[top++] = at - 1;
    }
    if (x < width - 1 && !seen[at + 1] && logits[at + 1] > 0) {
      seen[at + 1] = 1;
      stack[top++] = at + 1;
    }
    if (y > 0 && !seen[at - width] && logits[at - width] > 0) {
      seen[at - width] = 1;
      stack[top++] = at - width;
    }
    if (y < height - 1 && !seen[at + width] && logits[at + width] > 0) {
      seen[at + width] = 1;
      stack[top++] = at + width;
    }
  }
  const pixels = new Int32Array(count);
  let next = 0;
  for (let y = minY; y <= maxY; y++) {
    for (let i = y * width + minX, end = y * width + maxX; i <= end; i++) {
      if (seen[i]) pixels[next++] = i;
    }
  }
  return { pixels, minX, minY, maxX, maxY };
}
