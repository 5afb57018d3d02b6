import type { Point } from './front-outlines.js';
import { median } from './numbers.js';

/**
 * A row of doors whose bottom (or top) line is gone along its whole length: a strip of lights
 * under wall units washes the gap under them out. The lines between the doors are still there and
 * all stop at one height, which is where the row ends
 * (docs/decisions/0052-rows-closed-where-their-lines-end.md).
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
const SAME_LINE = 4;
/** A row ends at three lines at least: two doors side by side. */
const MIN_LINES = 3;

/**
 * Lines that start level and end level, left to right, three or more: where a row of doors stands.
 * `tolerance` is how far apart ends may lie and still be level.
 */
export function levelLineRows(
  boundaries: Uint8Array,
  width: number,
  height: number,
  tolerance: number,
): LineRow[] {
  return levelRows(verticalSegments(boundaries, width, height), tolerance).map((lines) => ({
    lines,
    top: median(lines.map((line) => line.top)),
    bottom: median(lines.map((line) => line.bottom)),
    spacing: median(lines.slice(1).map((line, i) => line.x - lines[i].x)),
  }));
}

/**
 * The boundaries with each row's top and bottom drawn on between its lines, where `isMissing`
 * says they are; null when nothing was missing. Lines closer than `shortestSide` bound no front.
 */
export function withRowEnds(
  boundaries: Uint8Array,
  width: number,
  rows: LineRow[],
  shortestSide: number,
  isMissing: (edge: [Point, Point]) => boolean,
): Uint8Array | null {
  const height = boundaries.length / width;
  let closed: Uint8Array | null = null;
  for (const { lines, top, bottom } of rows) {
    for (let i = 0; i + 1 < lines.length; i++) {
      const [left, right] = [lines[i], lines[i + 1]];
      if (right.x - left.x < shortestSide) continue;
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
