import type { Box } from './box.js';
import { MIN_DOOR_ASPECT } from './door-shape.js';
import { median } from './numbers.js';
import { dipsOf, type Dip } from './wide-gaps.js';

/**
 * Fronts grooved across: every door is cut into strips by lines as dark as its gaps, and the gaps
 * between the doors, faint beside them (near-black fronts, gloss, noise), show in pieces only.
 * Where a piece is missing the strips of neighbouring doors run into each other, and a whole row
 * of doors comes out as one region too wide for a front. Measured over the region's height the
 * gaps still stand: each column's light is its middle rows' mean (the noise falls with their
 * number), and a gap is a dip in that profile well past its noise, where grooves across dip every
 * column alike (test/bench/visualizer-tuning-log.md#0077).
 */

/** A column dips this many times the profile's noise (column to column) below both sides. */
const DIP_NOISE = 4;
/** A dip at least this deep (log brightness) and no wider than a gap (of the row's height). */
const MIN_DEPTH = 0.03;
const MAX_GAP_WIDTH = 0.06;
/** Grooved across: at least this many lines across the region, dips in its row profile. */
const MIN_GROOVES = 2;
/**
 * A gap's dip (depth summed over its width) is at least this many times the profile's noise: a
 * speck of noise left in the means dips a column or two by a few times the noise.
 */
const GAP_NOISE = 20;

/** A gap drawn on reaches this far either side of its middle column (lines are 3 px thick). */
const LINE_REACH = 1;

/**
 * A gap shows in pieces: the lines found run along it over at least this much more of the region's
 * height than along its usual column (where only the grooves across cross it).
 */
const MIN_PIECES = 0.2;
/** Columns either side of a gap within which its pieces of line are looked for. */
const PIECE_REACH = 2;

/** Log brightness at a pixel of the picture. */
export type LogLight = (x: number, y: number) => number;
/** Whether a line was found at a pixel. */
export type Shows = (x: number, y: number) => boolean;

/**
 * The mean of the middle half of `values` (between their quartiles): a handle, a plant's leaf or a
 * groove over a few of them moves it little, and it keeps the noise falling as a mean does.
 */
export function middleMean(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const [from, to] = [sorted.length >> 2, sorted.length - (sorted.length >> 2)];
  let sum = 0;
  for (let k = from; k < to; k++) sum += sorted[k];
  return sum / (to - from);
}

/** A profile's noise: the median step from one entry to the next. */
export function noiseOf(profile: number[]): number {
  const steps = profile.slice(1).map((value, k) => Math.abs(value - profile[k]));
  return steps.length ? median(steps) : 0;
}

/**
 * The dark lines of a profile: runs of entries below the brightest entry within 0073's reach on
 * either side by DIP_NOISE times the profile's noise and MIN_DEPTH at least.
 */
export function profileDips(profile: number[]): Dip[] {
  return dipsOf(profile, 0, Math.max(MIN_DEPTH, DIP_NOISE * noiseOf(profile)));
}

/** The middle-half mean of each column (`across` false) or row (true) of the box's middle half. */
function profileOf({ minX, minY, maxX, maxY }: Box, light: LogLight, across: boolean): number[] {
  const [from, to] = across ? [minY, maxY] : [minX, maxX];
  const [side, otherSide] = across ? [minX, maxX] : [minY, maxY];
  const quarter = (otherSide - side) >> 2;
  const values = new Float64Array(otherSide - quarter - (side + quarter) + 1);
  const profile: number[] = [];
  for (let k = from; k <= to; k++) {
    for (let j = side + quarter; j <= otherSide - quarter; j++) {
      values[j - side - quarter] = across ? light(j, k) : light(k, j);
    }
    profile.push(middleMean(values));
  }
  return profile;
}

/**
 * The columns at which a region too wide for one front, grooved across, parts into fronts: its
 * gaps, the dips at least GAP_NOISE times the profile's noise over their width, more than
 * `shortestSide` in from its sides (its own outline's shade), along which the lines found
 * (`shows`) run in pieces over MIN_PIECES more of its height than usual. The dips must part it
 * into pieces a door wide at least; where one is not, they are grain, not gaps, and the region is
 * left whole. None where the region shows fewer than MIN_GROOVES lines across (a window, a wall,
 * a plain door).
 */
export function gapsAcross(
  region: Box,
  light: LogLight,
  shows: Shows,
  shortestSide: number,
): number[] {
  const height = region.maxY - region.minY + 1;
  if (profileDips(profileOf(region, light, true)).length < MIN_GROOVES) return [];
  const profile = profileOf(region, light, false);
  const least = GAP_NOISE * noiseOf(profile);
  const gaps = profileDips(profile)
    .filter((dip) => dip.area >= least && dip.to - dip.from < MAX_GAP_WIDTH * height)
    .map((dip) => region.minX + ((dip.from + dip.to) >> 1))
    .filter((x) => x - region.minX > shortestSide && region.maxX - x > shortestSide);
  const narrowest = Math.max(shortestSide, MIN_DOOR_ASPECT * height);
  const sides = [region.minX, ...gaps, region.maxX];
  if (!gaps.length || sides.slice(1).some((x, k) => x - sides[k] < narrowest)) return [];
  const pieces = (x: number) => linedShare(region, x, shows);
  const usual = median(columnsOf(region).map(pieces));
  return gaps.filter((x) => pieces(x) - usual >= MIN_PIECES);
}

/** The region's columns clear of its sides by PIECE_REACH. */
function columnsOf({ minX, maxX }: Box): number[] {
  return Array.from(
    { length: maxX - minX - 2 * PIECE_REACH + 1 },
    (_, k) => minX + PIECE_REACH + k,
  );
}

/** The share of the region's rows with a line found within PIECE_REACH of column `x`. */
function linedShare({ minY, maxY }: Box, x: number, shows: Shows): number {
  let lined = 0;
  for (let y = minY; y <= maxY; y++) {
    for (let dx = -PIECE_REACH; dx <= PIECE_REACH; dx++) {
      if (shows(x + dx, y)) {
        lined++;
        break;
      }
    }
  }
  return lined / (maxY - minY + 1);
}

/**
 * The lines to draw on where regions too wide for one front part at their gaps across their
 * grooves: each gap down the region's box, LINE_WIDTH wide. Null where none parts.
 */
export function gapLinesAcross(
  regions: Box[],
  light: LogLight,
  shows: Shows,
  shortestSide: number,
  width: number,
  height: number,
): Uint8Array | null {
  let lines: Uint8Array | null = null;
  for (const region of regions) {
    for (const x of gapsAcross(region, light, shows, shortestSide)) {
      lines ??= new Uint8Array(width * height);
      for (let y = region.minY; y <= region.maxY; y++) {
        for (let dx = -LINE_REACH; dx <= LINE_REACH; dx++) lines[y * width + x + dx] = 1;
      }
    }
  }
  return lines;
}
