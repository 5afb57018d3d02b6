import { median } from './numbers.js';
import type { LineRow, Segment } from './row-ends.js';
import { gapsByDip, type Dip, type Luminance } from './wide-gaps.js';

/**
 * In a row of fronts grooved up and down, grooves as dark as the gaps stand as evenly as the gaps
 * between the fronts, so neither spacing nor darkness tells them apart. Where they part is the
 * row's top edge: a gap runs up through the shaded band along it, a groove is cut into the front
 * below and stops short of it. The gaps are the row's lines; the grooves are lines within its
 * fronts, taken out so that each front closes whole
 * (test/bench/visualizer-tuning-log.md#0065).
 */

/** Columns either side of a line compared with it: past a line's few pixels of width. */
const BESIDE = 6;
/** Luminance step between a line and its sides that shows the line is there (0–255). */
const LINE_CONTRAST = 12;
/** Rows the step must hold for, one after the other: noise makes no line. */
const HELD_ROWS = 2;
/** A gap starts at least this many pixels above every line beside it. */
const GAP_LEAD = 4;
/** Lines either side whose starts a line's is compared with (the row's top may slope). */
const NEIGHBOURS = 2;

/** Gaps further apart than this many times their usual spacing hold more than one front. */
const FRONT_SPACINGS = 1.5;

/** A grooved row told apart: the row of its gaps, and its grooves with where each starts. */
export interface GroovedRow {
  gaps: LineRow;
  grooves: { line: Segment; start: number }[];
  /** Gaps told by their dips, wider than a line's reach: drawn on whole over their width. */
  wide?: Dip[];
  /** The gaps of each grooved unit, where they were told by their dips: each has its end doors. */
  units?: Segment[][];
}

/**
 * Where a line shows from, going down from the row's top: the first row from which the line's
 * columns differ from both sides for `HELD_ROWS` rows. The line's columns are the few pixels up to
 * its `x` (lines are drawn a few pixels thick and found at their rightmost column).
 */
export function lineStart(
  line: Segment,
  from: number,
  to: number,
  reach: number,
  luminance: Luminance,
  width: number,
): number {
  let held = 0;
  for (let y = from; y <= to; y++) {
    let shows = false;
    for (let x = line.x - reach; x <= line.x && !shows; x++) {
      if (x - BESIDE < 0 || x + BESIDE >= width) continue;
      const own = luminance(x, y);
      const left = luminance(x - BESIDE, y);
      const right = luminance(x + BESIDE, y);
      const step = Math.min(Math.abs(own - left), Math.abs(own - right));
      shows = step >= LINE_CONTRAST && Math.sign(own - left) === Math.sign(own - right);
    }
    held = shows ? held + 1 : 0;
    if (held === HELD_ROWS) return y - HELD_ROWS + 1;
  }
  return to + 1;
}

/**
 * A grooved row (lines closer than `shortestSide`) told into its gaps and its grooves: the dark
 * lines well wider and darker than the grooves are gaps wherever they stand out so
 * (test/bench/visualizer-tuning-log.md#0073); else the lines that start
 * `GAP_LEAD` above the grooves beside them. Null where the row is not grooved or its lines part
 * neither way: it stays as it is.
 */
export function gapsAndGrooves(
  row: LineRow,
  shortestSide: number,
  reach: number,
  luminance: Luminance,
  width: number,
): GroovedRow | null {
  const { lines } = row;
  const grooved = lines.some((line, i) => i > 0 && line.x - lines[i - 1].x < shortestSide);
  if (!grooved) return null;
  return (
    byDips(row, shortestSide, reach, luminance, width) ??
    byLead(row, shortestSide, reach, luminance, width)
  );
}

/** 0065's parting: the lines that start `GAP_LEAD` above the grooves beside them are gaps. */
function byLead(
  row: LineRow,
  shortestSide: number,
  reach: number,
  luminance: Luminance,
  width: number,
): GroovedRow | null {
  const { lines, top, bottom } = row;
  const depth = (bottom - top) >> 1;
  const starts = lines.map((line) =>
    lineStart(line, Math.max(0, top - reach), top + depth, reach, luminance, width),
  );
  const leads = starts.map((start, i) => {
    const beside = [
      ...starts.slice(Math.max(0, i - NEIGHBOURS), i),
      ...starts.slice(i + 1, i + 1 + NEIGHBOURS),
    ];
    // The earliest beside it: a handle's or a shadow's edge shows from lower down, no groove.
    return Math.min(...beside) - start >= GAP_LEAD;
  });
  return parted(
    row,
    lines.filter((_, i) => leads[i]),
    lines.flatMap((line, i) => (leads[i] ? [] : [{ line, start: starts[i] }])),
    shortestSide,
  );
}

/**
 * Seen straight on: the gaps are the dips well wider and darker than the grooves', by unit
 * (test/bench/visualizer-tuning-log.md#0073).
 */
function byDips(
  row: LineRow,
  shortestSide: number,
  reach: number,
  luminance: Luminance,
  width: number,
): GroovedRow | null {
  const { top, bottom } = row;
  const byDip = gapsByDip(row, shortestSide, reach, luminance, width);
  if (!byDip) return null;
  const wide = byDip.stretches.flatMap(({ gaps }) => gaps);
  const atGap = (line: Segment) =>
    wide.some((gap) => line.x >= gap.from - 1 && line.x - reach <= gap.to);
  const grooves = byDip.stretches.flatMap((stretch) =>
    // A unit's first and last lines may be its outer sides: left for its end doors' sides.
    stretch.gaps.length
      ? stretch.lines
          .slice(1, -1)
          .filter((line) => !atGap(line))
          // Seen straight on, grooves run from the top edge, where light or shade may hide them.
          .map((line) => ({ line, start: top }))
      : [],
  );
  if (!grooves.length) return null;
  // A stretch with gaps is a unit of grooved doors between them; one without keeps its lines.
  const units = byDip.stretches.map(({ lines: own, gaps }) =>
    gaps.length ? gaps.map((gap) => ({ x: gap.to, top, bottom })) : own,
  );
  const gapLines = units.flat();
  const apart = gapLines.slice(1).map((line, i) => line.x - gapLines[i].x);
  const spacing = median([...byDip.doors, ...apart.filter((door) => door >= shortestSide)]);
  const gaps = { lines: gapLines, top, bottom, spacing };
  return {
    gaps,
    grooves,
    wide,
    units: units.filter((_, k) => byDip.stretches[k].gaps.length),
  };
}

/** The row of `gapLines` with its `grooves`, when two gaps at least stand a front apart. */
function parted(
  { top, bottom }: LineRow,
  gapLines: Segment[],
  grooves: GroovedRow['grooves'],
  shortestSide: number,
): GroovedRow | null {
  if (gapLines.length < 2 || !grooves.length) return null;
  const spacing = median(
    gapLines
      .slice(1)
      .map((line, i) => line.x - gapLines[i].x)
      .filter((apart) => apart >= shortestSide),
  );
  if (!(spacing >= shortestSide)) return null;
  return { gaps: { lines: gapLines, top, bottom, spacing }, grooves };
}

/**
 * The boundaries with each grooved front between two neighbouring gaps cleared of its grooves
 * (and of the grain and noise between them) from where its grooves start to the row's bottom,
 * which is drawn on: the top edge's band and the gaps stay lines, so each front is one region.
 */
export function withoutGrooves(
  boundaries: Uint8Array,
  width: number,
  rows: GroovedRow[],
  reach: number,
): Uint8Array {
  const cleared = boundaries.slice();
  for (const { gaps, grooves, wide = [] } of rows) {
    const { lines, top: rowTop, bottom, spacing } = gaps;
    for (let i = 0; i + 1 < lines.length; i++) {
      // Wider than a front: two fronts whose gap did not show, or no fronts at all.
      if (lines[i + 1].x - lines[i].x > FRONT_SPACINGS * spacing) continue;
      const [left, right] = [lines[i].x + 1, lines[i + 1].x - reach - 1];
      const within = grooves.filter(({ line }) => line.x > left && line.x < right + reach);
      if (!within.length) continue;
      // Grooves seen straight on run up to the top edge: it stays a line all the same.
      const top = Math.max(rowTop + reach, median(within.map(({ start }) => start)));
      for (let y = top; y < bottom; y++) cleared.fill(0, y * width + left, y * width + right + 1);
      cleared.fill(1, bottom * width + left, bottom * width + right + 1);
    }
    for (let y = rowTop; y <= bottom; y++) {
      for (const gap of wide) cleared.fill(1, y * width + gap.from, y * width + gap.to + 1);
    }
  }
  return cleared;
}
