/**
 * A fridge-freezer's two doors stacked one on the other: the one rule each region pass and the
 * final fronts apply. While a pass sees nothing else door-shaped (a white shaker kitchen whose
 * doors are found by their panels only afterwards), nothing shows the fridge door is taller than
 * any front, so the pair passes for a stack of two fronts. Once the later steps have added their
 * fronts, each stacked pair is looked at again against all of them.
 */
import type { CabinetDetection } from './cabinet-detector.js';

const { abs, max, min } = Math;

export interface StackBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface StackRule<T> {
  /** How far apart (pixels) edges may lie and still line up. */
  tolerance: number;
  /** How much taller than any front an appliance's door stands. */
  taller: number;
  /** How much of the wider one's width the two share: one side lines up, a handle may notch the other. */
  minOverlap: number;
  oneFinish(a: T, b: T): boolean;
}

/**
 * The fronts that are an appliance's doors: two of one finish stacked with no more than a gap
 * between them, lined up on one side, one of them taller by `taller` than every other front.
 * Each front's partner may also be sought among `partners` (regions not taken for fronts), which
 * then join the answer too.
 */
export function applianceStacks<T extends StackBox>(
  fronts: T[],
  rule: StackRule<T>,
  partners: T[] = fronts,
): Set<T> {
  const { tolerance, taller, minOverlap, oneFinish } = rule;
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const height = (box: T) => box.maxY - box.minY + 1;
  const stacked = (a: T, b: T) =>
    (near(a.minX, b.minX) || near(a.maxX, b.maxX)) &&
    min(a.maxX, b.maxX) - max(a.minX, b.minX) >=
      minOverlap * max(a.maxX - a.minX, b.maxX - b.minX) &&
    (near(a.maxY, b.minY) || near(b.maxY, a.minY));
  const appliance = new Set<T>();
  for (const a of fronts) {
    for (const b of partners) {
      if (b === a || !stacked(a, b) || !oneFinish(a, b)) continue;
      const rest = fronts.filter((other) => other !== a && other !== b).map(height);
      if (rest.length && max(height(a), height(b)) > taller * max(...rest)) {
        appliance.add(a).add(b);
      }
    }
  }
  return appliance;
}

/** Takes the fronts numbered in `fronts` (1 + their outline's index) out of the detection. */
export function dropFronts(detection: CabinetDetection, fronts: Set<number>): void {
  if (!fronts.size) return;
  const renumbered = new Uint16Array(detection.outlines.length + 1);
  const kept = detection.outlines.filter((_, k) => !fronts.has(k + 1));
  let next = 0;
  detection.outlines.forEach((_, k) => {
    if (!fronts.has(k + 1)) renumbered[k + 1] = ++next;
  });
  const { mask, finishLuminance, frontIndex } = detection;
  for (let i = 0; i < mask.length; i++) {
    if (!frontIndex[i]) continue;
    frontIndex[i] = renumbered[frontIndex[i]];
    if (frontIndex[i]) continue;
    mask[i] = 0;
    finishLuminance[i] = 0;
  }
  detection.outlines = kept;
  detection.fronts = kept.length;
}
