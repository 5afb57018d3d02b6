import type { Point } from './front-outlines.js';
import { median } from './numbers.js';

/**
 * A row of doors whose bottom (or top) line is gone along its whole length: a strip of lights
 * under wall units washes the gap under them out. The lines between the doors are still there and
 * all stop at one height, which is where the row ends
 * (test/bench/visualizer-tuning-log.md#0052).
 */

export interface Segment {
  x: number;
  top: number;
  bottom: number;
}

/** A row's lines, where they start and end, and how far apart they usually stand. */
export interface LineRow {
  lines: Segment[];
  top: number;
  bottom: number;
  spacing: number;
}

/** Bridged within a vertical line: JPEG and noise break lines for a pixel or two. */
const MAX_BREAK = 2;
/** A door's side is at least this share of the picture's height long. */
const MIN_LENGTH = 0.08;
/** Columns this close with overlapping runs are one line (lines are a few pixels thick). */
export const SAME_LINE = 4;
/** A row ends at three lines at least: two doors side by side. */
const MIN_LINES = 3;
/** A door at the row's end is at most this many times as wide as the row's doors stand apart. */
export const END_DOOR_WIDTH = 1.5;

/**
 * Lines that start level and end level, left to right, three or more: where a row of doors stands.
 * `tolerance` is how far apart ends may lie and still be level. Lines closer than `shortestSide`
 * are grooves, not the sides of doors: they do not count towards the spacing of the doors.
 */
export function levelLineRows(
  boundaries: Uint8Array,
  width: number,
  height: number,
  tolerance: number,
  shortestSide: number,
): LineRow[] {
  const segments = verticalSegments(boundaries, width, height);
  return withinGrooved(levelRows(segments, tolerance), tolerance, shortestSide).map((level) => {
    const top = median(level.map((line) => line.top));
    const bottom = median(level.map((line) => line.bottom));
    const spacing = median(
      level
        .slice(1)
        .map((line, i) => line.x - level[i].x)
        .filter((apart) => apart >= shortestSide),
    );
    const row = { lines: level, top, bottom, spacing };
    return { ...row, lines: withEndSides(row, segments, tolerance, shortestSide) };
  });
}

/**
 * The side of a door at either end of a row may run on past the row: the edge of a wall unit
 * against a wall of its colour runs on down the backsplash's edge. The nearest line beyond the
 * row's first (last) one that spans the row, about a door's width away, is that door's side;
 * never one of the row's `grooves`.
 */
export function withEndSides(
  { lines, top, bottom, spacing }: LineRow,
  segments: Segment[],
  tolerance: number,
  shortestSide: number,
  grooves: Segment[] = [],
): Segment[] {
  const spanning = segments.filter(
    (segment) =>
      !lines.includes(segment) &&
      !grooves.includes(segment) &&
      segment.top <= top + tolerance &&
      segment.bottom >= bottom - tolerance,
  );
  const doorAway = (apart: number) => apart >= shortestSide && apart <= END_DOOR_WIDTH * spacing;
  const first = lines[0];
  const last = lines[lines.length - 1];
  const before = spanning
    .filter((segment) => doorAway(first.x - segment.x))
    .reduce<Segment | null>(
      (nearest, segment) => (nearest && nearest.x > segment.x ? nearest : segment),
      null,
    );
  const after = spanning
    .filter((segment) => doorAway(segment.x - last.x))
    .reduce<Segment | null>(
      (nearest, segment) => (nearest && nearest.x < segment.x ? nearest : segment),
      null,
    );
  return [
    ...(before ? [{ ...before, top, bottom }] : []),
    ...lines,
    ...(after ? [{ ...after, top, bottom }] : []),
  ];
}

/**
 * The boundaries with each row's top and bottom drawn on between its lines, where `isMissing`
 * says they are, and its lines drawn on from its top to its bottom over their breaks (a break of
 * a pixel or two lets a door run into its neighbour or the wall); null when nothing was missing.
 * Between grooves too: a grooved door's strips are closed one by one and joined again.
 */
export function withRowEnds(
  boundaries: Uint8Array,
  width: number,
  rows: LineRow[],
  isMissing: (edge: [Point, Point]) => boolean,
): Uint8Array | null {
  const height = boundaries.length / width;
  let closed: Uint8Array | null = null;
  for (const { lines, top, bottom } of rows) {
    for (const { x } of lines) {
      for (let y = top; y <= bottom; y++) {
        if (boundaries[y * width + x]) continue;
        closed ??= boundaries.slice();
        closed[y * width + x] = 1;
      }
    }
    for (let i = 0; i + 1 < lines.length; i++) {
      const [left, right] = [lines[i], lines[i + 1]];
      for (const y of [top, bottom]) {
        if (
          !isMissing([
            [left.x, y],
            [right.x, y],
          ])
        )
          continue;
        closed ??= boundaries.slice();
        for (let x = left.x; x <= right.x; x++) {
          closed[y * width + x] = 1;
          if (y + 1 < height) closed[(y + 1) * width + x] = 1;
        }
      }
    }
  }
  return closed;
}

/** Long vertical runs of line pixels, one per line however thick it is. */
export function verticalSegments(boundaries: Uint8Array, width: number, height: number): Segment[] {
  const minLength = MIN_LENGTH * height;
  const runs: Segment[] = [];
  for (let x = 0; x < width; x++) {
    let start = -1;
    let last = -1;
    for (let y = 0; y <= height; y++) {
      const on = y < height && boundaries[y * width + x] === 1;
      if (on) {
        if (start < 0 || y - last > MAX_BREAK + 1) {
          if (start >= 0 && last - start >= minLength) runs.push({ x, top: start, bottom: last });
          start = y;
        }
        last = y;
      }
    }
    if (start >= 0 && last - start >= minLength) runs.push({ x, top: start, bottom: last });
  }
  const lines: Segment[] = [];
  // Lines still within reach of the column being joined (runs come column by column).
  let open: Segment[] = [];
  for (const run of runs) {
    open = open.filter((line) => run.x - line.x <= SAME_LINE);
    const line = open.find((other) => run.top <= other.bottom && other.top <= run.bottom);
    if (!line) {
      const added = { ...run };
      lines.push(added);
      open.push(added);
    } else {
      line.x = run.x;
      line.top = Math.min(line.top, run.top);
      line.bottom = Math.max(line.bottom, run.bottom);
    }
  }
  return lines;
}

/**
 * Rows that stand within a taller grooved one (lines closer than `shortestSide` in it) are no
 * rows of their own: grooves that a lamp's light washes out from some height down all end level
 * at that height, inside the doors. Within a row of plain doors, a row is a drawer stack's or
 * the panels' and stays.
 */
function withinGrooved(rows: Segment[][], tolerance: number, shortestSide: number): Segment[][] {
  const grooved = (row: Segment[]) =>
    row.some((line, i) => i > 0 && line.x - row[i - 1].x < shortestSide);
  const band = (row: Segment[]) => ({
    top: median(row.map((line) => line.top)),
    bottom: median(row.map((line) => line.bottom)),
    left: row[0].x,
    right: row[row.length - 1].x,
  });
  const bands = rows.map(band);
  return rows.filter((_, i) => {
    const inner = bands[i];
    return !bands.some(
      (outer, j) =>
        j !== i &&
        grooved(rows[j]) &&
        outer.bottom - outer.top > inner.bottom - inner.top &&
        inner.top >= outer.top - tolerance &&
        inner.bottom <= outer.bottom + tolerance &&
        inner.left < outer.right &&
        outer.left < inner.right,
    );
  });
}

/** Lines that start level and end level, left to right: the sides of a row's doors. */
function levelRows(lines: Segment[], tolerance: number): Segment[][] {
  const rows: Segment[][] = [];
  const used = new Set<Segment>();
  for (const line of lines) {
    if (used.has(line)) continue;
    const row = lines.filter(
      (other) =>
        !used.has(other) &&
        Math.abs(other.top - line.top) <= tolerance &&
        Math.abs(other.bottom - line.bottom) <= tolerance,
    );
    if (row.length < MIN_LINES) continue;
    for (const member of row) used.add(member);
    rows.push(row.sort((a, b) => a.x - b.x));
  }
  return rows;
}
