import { median, nthSmallest } from './numbers.js';
import type { LineRow, Segment } from './row-ends.js';

/**
 * Seen straight on, a grooved row's grooves run up to its top edge as its gaps do, so no line
 * leads (test/bench/visualizer-tuning-log.md#0065); but a gap is a cut between
 * two fronts, a groove one into a front's face: the gap is wider and darker. Across the row, each
 * dark line's dip below its sides is measured (depth summed over its width); the dips of the
 * row's lines are mostly grooves, and a dip well past theirs is a gap
 * (test/bench/visualizer-tuning-log.md#0073).
 */

/**
 * Columns either side of a column within which its sides' face is looked for (the brightest of
 * them): past half a wide gap's width, and the dark lines nearby do not lower it.
 */
const BESIDE = 10;
/** Darker than both sides by this much (0–255 luminance), a column is part of a dip. */
const DIP_CONTRAST = 6;
/** A gap's dip is at least this many times the usual dip of the row's lines. */
const GAP_DIP = 2;
/**
 * A unit of two doors has one gap, at the middle of its grooves: the grooves either side of it
 * reach out at most this many times as far on one side as on the other.
 */
const PAIR_SHARE = 1.5;

export type Luminance = (x: number, y: number) => number;

/** A dark line across the row: its first and last columns and its dip (depth over its width). */
export interface Dip {
  from: number;
  to: number;
  area: number;
}

/**
 * The luminance of each column from `from` to `to`, the median down the middle half of the row
 * between `top` and `bottom` (a handle or a highlight across part of it is no line).
 */
function columnMedians(
  from: number,
  to: number,
  top: number,
  bottom: number,
  luminance: Luminance,
): number[] {
  const quarter = (bottom - top) >> 2;
  const profile: number[] = [];
  // One typed column reused, its median selected, not sorted (docs/decisions/0062-detection-hot-loops.md).
  const down = new Float64Array(Math.max(0, bottom - quarter - (top + quarter) + 1));
  for (let x = from; x <= to; x++) {
    for (let y = top + quarter, k = 0; y <= bottom - quarter; y++, k++) down[k] = luminance(x, y);
    profile.push(nthSmallest(down, down.length >> 1));
  }
  return profile;
}

/**
 * The dark lines of a profile whose first column is `from`: runs of columns darker than the face
 * either side of them (the brightest within BESIDE) by `least` at least.
 */
export function dipsOf(profile: number[], from: number, least = DIP_CONTRAST): Dip[] {
  const dips: Dip[] = [];
  let open: Dip | null = null;
  for (let k = BESIDE; k + BESIDE < profile.length; k++) {
    const left = Math.max(...profile.slice(k - BESIDE, k));
    const right = Math.max(...profile.slice(k + 1, k + 1 + BESIDE));
    const depth = Math.min(left, right) - profile[k];
    if (depth >= least) {
      if (!open) dips.push((open = { from: from + k, to: from + k, area: 0 }));
      open.to = from + k;
      open.area += depth;
    } else open = null;
  }
  return dips;
}

/**
 * A grooved row's lines by stretch (lines closer than a front's shortest side), each with the gaps
 * told in it by their dips (none in a stretch of plain doors' sides or where none is told), and
 * the widths of the doors those gaps mark.
 */
export interface WideGaps {
  stretches: { lines: Segment[]; gaps: Dip[] }[];
  doors: number[];
}

/**
 * The gaps of a grooved row told by their dips: the dips at least `GAP_DIP` times the median dip of
 * the row's lines. A gap stands within a grooved stretch (lines closer than a front's shortest
 * side): two or more a front apart, or one at the middle of its stretch (a unit of two doors).
 * Null where none is found, or where the row's lines are too few to tell their usual dip.
 */
export function gapsByDip(
  row: LineRow,
  shortestSide: number,
  reach: number,
  luminance: Luminance,
  width: number,
): WideGaps | null {
  const { lines, top, bottom } = row;
  const from = Math.max(0, lines[0].x - reach - BESIDE);
  const to = Math.min(width - 1, lines[lines.length - 1].x + BESIDE);
  const dips = dipsOf(columnMedians(from, to, top, bottom, luminance), from);
  const dipOf = (line: Segment) =>
    dips.find((dip) => line.x >= dip.from - 1 && line.x - reach <= dip.to);
  const lineDips = lines.map(dipOf).filter((dip) => dip !== undefined);
  // Grooves are most of a grooved row's lines; with few, their usual dip may be a gap's.
  if (lineDips.length < 3) return null;
  const usual = median(lineDips.map(({ area }) => area));
  const gaps = dips.filter((dip) => dip.area >= GAP_DIP * usual);
  const doors: number[] = [];
  const stretches = groovedStretches(lines, shortestSide).map((stretch) => {
    const [first, last] = [stretch[0].x, stretch[stretch.length - 1].x];
    const within = gaps.filter((gap) => first < gap.from && last - reach > gap.to);
    if (within.length === 1) {
      // A window's frame or an oven's side beside a unit is no gap, nor a dark line off its middle.
      const [left, right] = [within[0].to - first, last - within[0].to];
      if (Math.max(left, right) > PAIR_SHARE * Math.min(left, right))
        return { lines: stretch, gaps: [] };
      doors.push(left, right);
    } else {
      doors.push(...within.slice(1).map((gap, i) => gap.to - within[i].to));
    }
    return { lines: stretch, gaps: within };
  });
  const sided = doors.filter((door) => door >= shortestSide);
  return stretches.some((stretch) => stretch.gaps.length) && sided.length
    ? { stretches, doors: sided }
    : null;
}

/** The row's lines in runs whose neighbours stand closer than a front's shortest side. */
function groovedStretches(lines: Segment[], shortestSide: number): Segment[][] {
  const stretches: Segment[][] = [];
  for (const [i, line] of lines.entries()) {
    if (i > 0 && line.x - lines[i - 1].x < shortestSide) stretches[stretches.length - 1].push(line);
    else stretches.push([line]);
  }
  return stretches;
}
