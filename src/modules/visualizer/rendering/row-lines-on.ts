/**
 * A door a pass closed whole but refused, standing where a row of fronts found runs on
 * (test/bench/visualizer-tuning-log.md#0099). A pass keeps a door only beside a partner
 * of its finish; near-black gloss doors in hard light measure up to twice as bright in the light
 * as in the shade, and grain cuts their neighbours into strips, so a door closed whole may find
 * no partner in its pass. Where a row of two fronts or more was kept, that row's top and bottom
 * lines, straight through its outer corners, run on across the picture, slanting as the photo is
 * angled; a refused door whose four corners lie on those lines, run on past the row's end, stands
 * in it.
 */
import type { Point } from './front-outlines.js';
import { heightOnLine, type FrontRow, type RowLine } from './row-bands.js';

const { abs } = Math;

/** A front's outline in pixels: top left, top right, bottom right, bottom left. */
export type Corners = Point[];

/**
 * The rows of `fronts` (outlines in pixels, left to right or not): each two fronts side by side
 * whose tops and bottoms each lie on one straight line, the line through their outer corners
 * passing within `reach` of their inner ones. Its lines are those through the outer corners.
 */
export function rowsOfTwo(
  fronts: Corners[],
  reach: number,
): FrontRow<{ minX: number; maxX: number }>[] {
  const rows: FrontRow<{ minX: number; maxX: number }>[] = [];
  const span = (front: Corners) => ({
    minX: Math.min(front[0][0], front[3][0]),
    maxX: Math.max(front[1][0], front[2][0]),
  });
  for (const left of fronts) {
    for (const right of fronts) {
      if (left === right || span(left).maxX > span(right).minX) continue;
      const top: RowLine = [left[0], right[1]];
      const bottom: RowLine = [left[3], right[2]];
      const onTop = [left[1], right[0]].every(([x, y]) => abs(y - heightOnLine(top, x)) <= reach);
      const onBottom = [left[2], right[3]].every(
        ([x, y]) => abs(y - heightOnLine(bottom, x)) <= reach,
      );
      if (onTop && onBottom) rows.push({ top, bottom, fronts: [span(left), span(right)] });
    }
  }
  return rows;
}

/** A door a pass refused: its outline in pixels and whether it is streaked (grain or brushed steel). */
export interface RefusedDoor {
  corners: Corners;
  streaked: boolean;
}

/**
 * Which of `doors` (indices) stand in one of `rows`: their top corners within `reach` of its top
 * line, their bottom corners of its bottom line. A streaked door only beside a streaked twin on
 * the same row's lines, no wider apart than `gap`, their widths apart by at most `twinWidth` of
 * the wider: grain reads as brushed steel, and a steel appliance (a dishwasher, a fridge's door
 * level with the wall units) may stand on a row's lines, but never two of one size side by side.
 */
export function doorsOnRowLines(
  doors: RefusedDoor[],
  rows: FrontRow[],
  { reach, gap, twinWidth }: { reach: number; gap: number; twinWidth: number },
): Set<number> {
  const on = (line: RowLine, corners: Point[]) =>
    corners.every(([x, y]) => abs(y - heightOnLine(line, x)) <= reach);
  const stands = (door: RefusedDoor, row: FrontRow) =>
    on(row.top, [door.corners[0], door.corners[1]]) &&
    on(row.bottom, [door.corners[3], door.corners[2]]);
  const left = (door: RefusedDoor) => Math.min(door.corners[0][0], door.corners[3][0]);
  const right = (door: RefusedDoor) => Math.max(door.corners[1][0], door.corners[2][0]);
  const twins = (a: RefusedDoor, b: RefusedDoor) => {
    const [wa, wb] = [right(a) - left(a), right(b) - left(b)];
    const apart = Math.max(left(a), left(b)) - Math.min(right(a), right(b));
    return apart >= 0 && apart <= gap && abs(wa - wb) <= twinWidth * Math.max(wa, wb);
  };
  const standing = new Set<number>();
  doors.forEach((door, k) => {
    const fits = rows.some(
      (row) =>
        stands(door, row) &&
        (!door.streaked ||
          doors.some(
            (other) => other !== door && other.streaked && stands(other, row) && twins(door, other),
          )),
    );
    if (fits) standing.add(k);
  });
  return standing;
}
