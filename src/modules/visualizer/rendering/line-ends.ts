import { setShare, type Box } from './box.js';

/**
 * A front's outer side against a wall of its own colour can be lost along most of its height (its
 * shading crosses the wall's brightness on the way down). The lines across it are not: the gap
 * under the worktop, the gaps between the drawers of a stack, a wall unit's top and bottom edges
 * run on past the last front found and all stop where the cabinet stops. Where a front's top and
 * bottom lines run on past its side and end together, a door's width on at most, the next front's
 * outer side stands there (test/bench/visualizer-tuning-log.md#0085).
 */

const { abs, floor, max, min } = Math;

/** A side found where the lines across end: at `x`, from `top` to `bottom`, beside `front`. */
export interface LineEndSide<Front extends Box = Box> {
  front: Front;
  /** 1: the side stands right of the front, -1: left of it. */
  outward: 1 | -1;
  x: number;
  top: number;
  bottom: number;
  /** Whether a line down was found along the side (else it stands where the lines end). */
  seen: boolean;
}

/** What the side's search measures by, in the picture's pixels. */
export interface LineEndMeasures {
  /** How far apart the ends of two lines may lie and still be one side. */
  tolerance: number;
  /** A front's shortest side: the lines run on at least this far past the front found. */
  shortestSide: number;
}

/**
 * The two lines' ends may lie this many tolerances apart: a worktop's edge overhangs the doors
 * under it.
 */
const OVERHANG = 2;
/** Columns a line across may be broken for (JPEG, noise) and still run on. */
const MAX_BREAK = 3;
/** Rows either side of a front's edge its line is looked for in. */
const EDGE_REACH = 4;
/** The front beyond is at most this many times as wide as the front found beside it. */
const NEXT_WIDTH = 1.5;
/** The room between the front and the side is free of fronts found but for their rims. */
const MAX_COVERED = 0.05;
/**
 * A side line down found along this share of the side's height places it more closely than the
 * lines' ends, which averaging may smear a few pixels on.
 */
const SIDE_EVIDENCE = 0.25;

/**
 * Where a line across, met at (`x`, `y`) or within a pixel or two of `y`, runs on to going
 * `outward`: the last column it is seen on, following it a row up or down a column (it slants
 * in an angled photo); null when no line is there to start on.
 */
export function lineRunsTo(
  lines: Uint8Array,
  width: number,
  x: number,
  y: number,
  outward: 1 | -1,
): { x: number; y: number } | null {
  const height = lines.length / width;
  const at = (column: number, row: number) =>
    row >= 0 && row < height && lines[row * width + column] === 1;
  let row = -1;
  for (let d = 0; d <= EDGE_REACH && row < 0; d++) {
    if (at(x, y - d)) row = y - d;
    else if (at(x, y + d)) row = y + d;
  }
  if (row < 0) return null;
  let lastX = x;
  let lastY = row;
  // Hot: a line may run the picture's width; read in place, one column at a time.
  for (let column = x + outward; column >= 0 && column < width; column += outward) {
    const i = row * width + column;
    if (lines[i] === 1) {
      lastX = column;
    } else if (row > 0 && lines[i - width] === 1) {
      row--;
      lastX = column;
    } else if (row + 1 < height && lines[i + width] === 1) {
      row++;
      lastX = column;
    } else if (abs(column - lastX) > MAX_BREAK) break;
    if (lastX === column) lastY = row;
  }
  return { x: lastX, y: lastY };
}

/**
 * The outer sides of fronts not found beside `fronts`: for each front, on either side, its top
 * and bottom lines run on past it at least a front's shortest side, end within OVERHANG
 * tolerances of one another, inside the picture, no further than NEXT_WIDTH of its width on, over
 * room that no front found covers (`covered`), and not where a line down stands just past them.
 * The side stands on the line down found along part of it near the inner of the two ends, or on a
 * side so found beside a front over or under it, or else at that end.
 */
export function sidesWhereLinesEnd<Front extends Box>(
  fronts: readonly Front[],
  lines: Uint8Array,
  covered: Uint8Array,
  width: number,
  { tolerance, shortestSide }: LineEndMeasures,
): LineEndSide<Front>[] {
  const sides: LineEndSide<Front>[] = [];
  // Columns are whole pixels: a fractional tolerance reads none.
  const columns = floor(tolerance);
  for (const front of fronts) {
    const frontWidth = front.maxX - front.minX + 1;
    for (const outward of [1, -1] as const) {
      const from = outward > 0 ? front.maxX : front.minX;
      // On the front's own top and bottom edges, inside its side's gap.
      const start = from - outward * EDGE_REACH;
      const top = lineRunsTo(lines, width, start, front.minY, outward);
      const bottom = lineRunsTo(lines, width, start, front.maxY, outward);
      if (!top || !bottom || abs(top.x - bottom.x) > OVERHANG * tolerance) continue;
      const end = outward > 0 ? min(top.x, bottom.x) : max(top.x, bottom.x);
      // A line that runs out of the picture does not end.
      if (end <= MAX_BREAK || end >= width - 1 - MAX_BREAK) continue;
      const reach = outward * (end - from);
      if (reach < shortestSide || reach > NEXT_WIDTH * frontWidth) continue;
      const room = {
        minX: min(from + outward, end),
        maxX: max(from + outward, end),
        minY: front.minY,
        maxY: front.maxY,
      };
      if (room.maxY - room.minY < shortestSide) continue;
      // Lines that run into a line down (a fridge's side) end because they meet it: the room
      // holds the wall between the run and the fridge as well as a door.
      const beyond = sideLine(
        lines,
        width,
        end + outward * (columns + 1),
        top.y,
        bottom.y,
        outward,
        columns,
      );
      if (beyond !== null) continue;
      if (setShare(covered, width, room) > MAX_COVERED) continue;
      const seen = sideLine(lines, width, end, top.y, bottom.y, outward, columns);
      sides.push({
        front,
        outward,
        x: seen ?? end,
        top: top.y,
        bottom: bottom.y,
        seen: seen !== null,
      });
    }
  }
  // A drawer's side not seen at all stands where the side of the drawer over or under it is seen.
  for (const side of sides) {
    if (side.seen) continue;
    const stacked = sides.find(
      (other) => other.seen && other.outward === side.outward && abs(other.x - side.x) <= tolerance,
    );
    if (stacked) side.x = stacked.x;
  }
  return sides;
}

/** The column near `end` (up to `columns` inward) with the most of a line down, if it has enough. */
function sideLine(
  lines: Uint8Array,
  width: number,
  end: number,
  top: number,
  bottom: number,
  outward: 1 | -1,
  columns: number,
): number | null {
  let best = end;
  let most = 0;
  // Clear of the lines across at the ends.
  const [from, to] = [top + EDGE_REACH, bottom - EDGE_REACH];
  for (let k = 0; k <= columns; k++) {
    const x = end - outward * k;
    if (x < 0 || x >= width) break;
    let count = 0;
    for (let y = from; y <= to; y++) if (lines[y * width + x]) count++;
    if (count > most) {
      most = count;
      best = x;
    }
  }
  return most >= SIDE_EVIDENCE * (to - from + 1) ? best : null;
}

/** The lines with each side drawn on (two pixels wide, from its top line to its bottom line). */
export function withSides(lines: Uint8Array, width: number, sides: LineEndSide[]): Uint8Array {
  const drawn = lines.slice();
  for (const { x, top, bottom, outward } of sides) {
    for (let y = top; y <= bottom; y++) {
      drawn[y * width + x] = 1;
      const beside = x - outward;
      if (beside >= 0 && beside < width) drawn[y * width + beside] = 1;
    }
  }
  return drawn;
}

/**
 * Whether `box` (a front found once the sides are drawn) is the front beyond one of `sides`: level
 * with the front found (top and bottom within `tolerance`), from that front's side to the side
 * drawn.
 */
export function standsAtSide<Front extends Box>(
  box: Box,
  sides: readonly LineEndSide<Front>[],
  tolerance: number,
): LineEndSide<Front> | undefined {
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  return sides.find(({ front, outward, x }) => {
    const [inner, outer] = outward > 0 ? [box.minX, box.maxX] : [box.maxX, box.minX];
    const frontSide = outward > 0 ? front.maxX : front.minX;
    return (
      near(box.minY, front.minY) &&
      near(box.maxY, front.maxY) &&
      near(inner, frontSide) &&
      near(outer, x)
    );
  });
}
