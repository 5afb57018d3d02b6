/**
 * Stage 3: the decoder asked at each prompt point in turn, one run per point (the exported
 * decoder takes one prompt per run). A point inside a region already settled (a front, or what
 * runs out of the picture: wall, floor, ceiling) is skipped: it would give that region again.
 * A larger region inside the picture (a whole run of units) does not settle its points: the
 * fronts in it are asked for one by one. A front found puts the points where its neighbours in
 * the row and the stack would be first in line, so the runs go where fronts are likely.
 */
import type { PromptPoint } from './prompt-points.js';
import { maskRegion, type MaskRegion } from './mask-region.js';

/** The decoder on this photo's embedding: the mask's logits for one point (and points not on it). */
export type PointDecoder = (
  point: PromptPoint,
  outside: PromptPoint[],
) => Promise<{ logits: Float32Array; predictedIou: number }>;

export interface PromptLimits {
  maxPromptsCount: number;
  stabilityOffsetLogit: number;
  /** A region over this share of the frame is asked again with points round it not on it. */
  frontAreaMaxShare: number;
  /** How far those points are from the prompt, a share of the frame's width. */
  outsideDistanceShare: number;
}

export async function promptedRegions(
  decodePoint: PointDecoder,
  size: { width: number; height: number },
  points: PromptPoint[],
  limits: PromptLimits,
  settles: (region: MaskRegion) => boolean,
  beside: (region: MaskRegion) => PromptPoint[] = () => [],
): Promise<MaskRegion[]> {
  const answered = new Uint8Array(size.width * size.height);
  const regions: MaskRegion[] = [];
  const queue = [...points];
  let runs = 0;
  while (queue.length) {
    const point = queue.shift()!;
    if (runs >= limits.maxPromptsCount) break;
    const seed: [number, number] = [point.x * size.width, point.y * size.height];
    const at = Math.floor(seed[1]) * size.width + Math.floor(seed[0]);
    if (answered[at]) continue;
    runs++;
    const ask = async (outside: PromptPoint[]) => {
      const { logits, predictedIou } = await decodePoint(point, outside);
      return maskRegion(logits, size, seed, predictedIou, limits.stabilityOffsetLogit);
    };
    let region = await ask([]);
    answered[at] = 1;
    // One point on a plain white kitchen often answers with the whole wall of units: asked
    // again with points round it marked as not on it, the model narrows to the front under it.
    if (region && region.area > limits.frontAreaMaxShare * size.width * size.height) {
      if (runs >= limits.maxPromptsCount) break;
      runs++;
      region = await ask(around(point, limits.outsideDistanceShare, size));
    }
    if (!region) continue;
    if (settles(region)) for (const i of region.pixels) answered[i] = 1;
    regions.push(region);
    queue.unshift(...beside(region));
  }
  return regions;
}

/** Four points at `distanceShare` of the width left, right, above and below, those on the frame. */
export function around(
  point: PromptPoint,
  distanceShare: number,
  size: { width: number; height: number },
): PromptPoint[] {
  const dx = distanceShare;
  const dy = (distanceShare * size.width) / size.height;
  return [
    { x: point.x - dx, y: point.y },
    { x: point.x + dx, y: point.y },
    { x: point.x, y: point.y - dy },
    { x: point.x, y: point.y + dy },
  ].filter(({ x, y }) => x >= 0 && x <= 1 && y >= 0 && y <= 1);
}
