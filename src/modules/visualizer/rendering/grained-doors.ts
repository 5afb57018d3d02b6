/**
 * A grained row's doors are found whole on the lines with the grain cleared; the passes before cut
 * them into strips at their streaks (test/bench/visualizer-tuning-log.md#0068).
 */

import type { Box } from './box.js';
import type { Point } from './front-outlines.js';

/**
 * Whether `box` is the door of a grained piece: as wide as the piece (give or take `near`), and
 * within its height, at least half of it. The piece's band may hold a strip under a wall unit
 * (its bottom rail) or a plinth's top the door does not.
 */
export function fillsGrainedPiece(box: Box, pieces: Box[], near: number): boolean {
  return pieces.some(
    (piece) =>
      Math.abs(box.minX - piece.minX) <= near &&
      Math.abs(box.maxX - piece.maxX) <= near &&
      box.minY >= piece.minY - near &&
      box.maxY <= piece.maxY + near &&
      2 * (box.maxY - box.minY) >= piece.maxY - piece.minY,
  );
}

/**
 * The fronts of `known` (their `front` numbers) that are strips of a grained door of `doors`:
 * within the door's box (give or take `tolerance`) and narrower, where every front the door's box
 * meets is such a strip; the door takes their place. A front reaching past it keeps it out
 * (test/bench/visualizer-tuning-log.md#0070).
 */
export function stripsOfGrainedDoors(
  known: (Box & { front: number })[],
  doors: Box[],
  tolerance: number,
): Set<number> {
  const strips = new Set<number>();
  for (const door of doors) {
    const meets = known.filter(
      (box) =>
        box.minX <= door.maxX &&
        box.maxX >= door.minX &&
        box.minY <= door.maxY &&
        box.maxY >= door.minY,
    );
    const inside = (box: Box) =>
      box.minX >= door.minX - tolerance &&
      box.maxX <= door.maxX + tolerance &&
      box.minY >= door.minY - tolerance &&
      box.maxY <= door.maxY + tolerance &&
      box.maxX - box.minX < door.maxX - door.minX - tolerance;
    if (meets.length && meets.every(inside)) for (const { front } of meets) strips.add(front);
  }
  return strips;
}

/**
 * Whether two fronts stand in one row seen at an angle: the straight line through one's top
 * corners passes within `tolerance` of the other's top corners, and the line through its bottom
 * corners within `tolerance` of the other's bottom corners (either one's lines will do: a wide
 * front's slant is the surer). Corners clockwise from the top left, in pixels. A grip line or a
 * shade may take a few pixels off one front's top, and over a long run the slant puts their tops
 * further apart than fronts level with each other
 * (test/bench/visualizer-tuning-log.md#0097).
 */
export function onRowLines(a: Point[], b: Point[], tolerance: number): boolean {
  const through = ([x0, y0]: Point, [x1, y1]: Point, [x, y]: Point) =>
    Math.abs((x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0)) - y) <= tolerance;
  const along = (p: Point[], q: Point[]) =>
    through(p[0], p[1], q[0]) &&
    through(p[0], p[1], q[1]) &&
    through(p[3], p[2], q[3]) &&
    through(p[3], p[2], q[2]);
  return along(a, b) || along(b, a);
}
