/**
 * Stage 4b: a front found as its panel grown to the whole door. One point on a shaker door
 * often answers with its panel only; asked again with a box a little larger than the region
 * (and the point), the model answers with the door round it. The answer is taken when it holds
 * the region, stays inside the box (a region cut by the box's side is two fronts run together),
 * is front-like, is larger by at least a door's rim, and its rim is of the region's colour
 * (an oven's frame round its glass is not).
 */
import { labDistance } from '../not-fronts.js';
import { overlap } from './front-regions.js';
import type { MaskRegion } from './mask-region.js';
import { meanLab } from './region-colour.js';

/** The decoder asked with a box ([x0, y0, x1, y1], frame pixels) and a point inside it. */
export type BoxDecoder = (
  box: readonly [number, number, number, number],
  seed: readonly [number, number],
) => Promise<MaskRegion | null>;

export interface GrowLimits {
  /** The box is the region's bounds pushed out by this share of its width and height each side. */
  growMarginShare: number;
  /** The grown region is at least this many times the region's area (the box bounds it above). */
  growAreaMinRatio: number;
  /** The grown region keeps this far (frame pixels) inside each side of the box. */
  growInsideBoxPx: number;
  /** Its rim and the region are at most this far apart in colour (Lab units). */
  growRimDistanceMax: number;
  /** Share of the region the grown one holds, at least. */
  containedShare: number;
}

export async function grownRegions(
  regions: MaskRegion[],
  decodeBox: BoxDecoder,
  rgb: Uint8Array,
  size: { width: number; height: number },
  limits: GrowLimits,
  isFront: (region: MaskRegion) => boolean,
): Promise<MaskRegion[]> {
  const grown: MaskRegion[] = [];
  for (const region of regions) {
    const box = growBox(region, size, limits.growMarginShare);
    const seed = [(region.minX + region.maxX) / 2, (region.minY + region.maxY) / 2] as const;
    const answer = await decodeBox(box, seed);
    grown.push(
      answer && isGrownDoor(region, answer, box, rgb, limits) && isFront(answer) ? answer : region,
    );
  }
  return grown;
}

export function growBox(
  region: MaskRegion,
  size: { width: number; height: number },
  marginShare: number,
): [number, number, number, number] {
  const dx = marginShare * (region.maxX - region.minX);
  const dy = marginShare * (region.maxY - region.minY);
  return [
    Math.max(0, region.minX - dx),
    Math.max(0, region.minY - dy),
    Math.min(size.width, region.maxX + dx),
    Math.min(size.height, region.maxY + dy),
  ];
}

export function isGrownDoor(
  region: MaskRegion,
  answer: MaskRegion,
  box: readonly [number, number, number, number],
  rgb: Uint8Array,
  limits: GrowLimits,
): boolean {
  const inset = limits.growInsideBoxPx;
  if (
    answer.area < limits.growAreaMinRatio * region.area ||
    answer.minX < box[0] + inset ||
    answer.minY < box[1] + inset ||
    answer.maxX > box[2] - inset ||
    answer.maxY > box[3] - inset ||
    overlap(answer, region) < limits.containedShare * region.area
  ) {
    return false;
  }
  const rim = without(answer.pixels, region.pixels);
  return labDistance(meanLab(rgb, rim), meanLab(rgb, region.pixels)) <= limits.growRimDistanceMax;
}

/** The pixels of `a` not in `b`; both sorted. */
function without(a: Int32Array, b: Int32Array): Int32Array {
  const kept: number[] = [];
  let j = 0;
  for (const pixel of a) {
    while (j < b.length && b[j] < pixel) j++;
    if (j >= b.length || b[j] !== pixel) kept.push(pixel);
  }
  return Int32Array.from(kept);
}
