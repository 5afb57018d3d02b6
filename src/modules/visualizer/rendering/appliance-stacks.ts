/**
 * A fridge-freezer's two doors stacked one on the other: the one rule each region pass and the
 * final fronts apply. While a pass sees nothing else door-shaped (a white shaker kitchen whose
 * doors are found by their panels only afterwards), nothing shows the fridge door is taller than
 * any front, so the pair passes for a stack of two fronts. Once the later steps have added their
 * fronts, each stacked pair is looked at again against all of them. A fridge-freezer of a finish
 * no front has is told by its two doors together, which stand as tall as the wall units' top is
 * above the floor.
 */
import type { CabinetDetection } from './cabinet-detector.js';
import type { Box } from './box.js';

const { abs, max, min } = Math;

export interface StackRule<T> {
  /** How far apart (pixels) edges may lie and still line up. */
  tolerance: number;
  /**
   * How far apart (pixels) two stacked doors may stand: the line between them, which a photo
   * scaled up for analysis widens with everything else.
   */
  maxGap: number;
  /** How tall (pixels) a door is at least: a sliver of a region lines up with anything. */
  minHeight: number;
  /** How much taller than any front an appliance's door stands. */
  taller: number;
  /**
   * How much of the narrower one's width the two share: one side lines up, a handle may notch the
   * other or cut a freezer door into two pieces side by side.
   */
  minOverlap: number;
  oneFinish(a: T, b: T): boolean;
}

const height = (box: Box) => box.maxY - box.minY + 1;

/** Two boxes one on the other with no more than a gap between, lined up on one side at least. */
function stackedWith<T extends Box>(rule: StackRule<T>) {
  const { tolerance, maxGap, minHeight, minOverlap } = rule;
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const below = (a: T, b: T) => b.minY - a.maxY >= -tolerance && b.minY - a.maxY <= maxGap;
  return (a: T, b: T) =>
    min(height(a), height(b)) >= minHeight &&
    (near(a.minX, b.minX) || near(a.maxX, b.maxX)) &&
    min(a.maxX, b.maxX) - max(a.minX, b.minX) >=
      minOverlap * min(a.maxX - a.minX, b.maxX - b.minX) &&
    (below(a, b) || below(b, a));
}

/**
 * The fronts that are an appliance's doors: two of one finish stacked with no more than a gap
 * between them, lined up on one side, one of them taller by `taller` than every other front.
 * Each front's partner may also be sought among `partners` (regions not taken for fronts), which
 * then join the answer too. `heightAt` gives the height a front would stand at a column of the
 * picture (its own height, unless the run recedes).
 */
export function applianceStacks<T extends Box>(
  fronts: T[],
  rule: StackRule<T>,
  partners: T[] = fronts,
  heightAt: (front: T, x: number) => number = height,
): Set<T> {
  const { taller, oneFinish } = rule;
  const stacked = stackedWith(rule);
  const appliance = new Set<T>();
  for (const a of fronts) {
    for (const b of partners) {
      if (b === a || !stacked(a, b) || !oneFinish(a, b)) continue;
      // Each other front measured as it would stand where the two doors stand: in a photo taken
      // at an angle the far end of a run is smaller than its near end
      // (test/bench/visualizer-tuning-log.md#0087).
      const door = height(a) >= height(b) ? a : b;
      const x = (door.minX + door.maxX) / 2;
      const rest = fronts.filter((other) => other !== a && other !== b).map((o) => heightAt(o, x));
      if (rest.length && height(door) > taller * max(...rest)) {
        appliance.add(a).add(b);
      }
    }
  }
  return appliance;
}

/**
 * The fronts that are a fridge-freezer of a finish no other front has: its two doors stacked
 * reach from the wall units' top down to the floor, more than `taller` times as tall as any
 * other front, even where neither door alone is much taller than a tall base unit's door (a
 * small photo taken at an angle). A tall unit's two doors in the run's own finish stay fronts.
 */
export function ownFinishColumns<T extends Box>(
  fronts: T[],
  rule: StackRule<T>,
  taller: number,
): Set<T> {
  const { oneFinish } = rule;
  const stacked = stackedWith(rule);
  const column = new Set<T>();
  for (const [k, a] of fronts.entries()) {
    for (const b of fronts.slice(k + 1)) {
      if (!stacked(a, b) || !oneFinish(a, b)) continue;
      const rest = fronts.filter((other) => other !== a && other !== b);
      if (!rest.length || rest.some((other) => oneFinish(other, a) || oneFinish(other, b))) {
        continue;
      }
      const together = max(a.maxY, b.maxY) - min(a.minY, b.minY) + 1;
      if (together > taller * max(...rest.map(height))) column.add(a).add(b);
    }
  }
  return column;
}

/**
 * The fronts (numbered as in `dropFronts`) whose box lies half or more on one of `appliances`:
 * a later step's door drawn round a line on a fridge's door is still the fridge.
 */
export function frontsOnAppliances(
  fronts: (Box & { front: number })[],
  appliances: Box[],
): Set<number> {
  const area = (box: Box) => max(0, box.maxX - box.minX + 1) * max(0, height(box));
  const shared = (a: Box, b: Box) =>
    area({
      minX: max(a.minX, b.minX),
      minY: max(a.minY, b.minY),
      maxX: min(a.maxX, b.maxX),
      maxY: min(a.maxY, b.maxY),
    });
  const on = fronts.filter((front) =>
    appliances.some((appliance) => 2 * shared(front, appliance) >= area(front)),
  );
  return new Set(on.map(({ front }) => front));
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
