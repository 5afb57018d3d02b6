import { isDoorSized } from './door-shape.js';
import { median } from './numbers.js';
import type { Box } from './box.js';

/**
 * A kitchen's fronts stand in two rows one over the other: the wall units and the run on the
 * floor. Below the lower one is its plinth and then the floor, whose planks' joints stand at a
 * drawer's spacing and close regions of one finish as a drawer stack's gaps do
 * (test/bench/visualizer-tuning-log.md#0068).
 */

/**
 * How far below a row's bottom (a share of the row's height) a front still starts on the floor:
 * a plinth is a fifth of a door's height or less, a worktop and the wall over it under wall units
 * stacked two high twice that and more.
 */
const PLINTH_SHARE = 0.5;

export interface FloorBox extends Box {
  /** 1 + the index of the front's outline. */
  front: number;
}

interface DoorRow {
  minX: number;
  maxX: number;
  top: number;
  bottom: number;
}

/**
 * The fronts (their `front` numbers) that start below the lower of two rows of doors standing one
 * over the other, under it and no further below its bottom than a plinth is tall: the floor.
 * `tolerance` is how far apart two lines may lie and still be level.
 */
export function frontsOnTheFloor(fronts: FloorBox[], tolerance: number): Set<number> {
  const rows = doorRows(fronts, tolerance);
  const across = (a: { minX: number; maxX: number }, b: { minX: number; maxX: number }) =>
    a.minX <= b.maxX && b.minX <= a.maxX;
  const onTheFloor = fronts.filter((front) =>
    rows.some(
      (run) =>
        across(front, run) &&
        front.minY > run.bottom + tolerance &&
        front.minY - run.bottom <= PLINTH_SHARE * (run.bottom - run.top) &&
        rows.some((wall) => wall.bottom < run.top && across(wall, run)),
    ),
  );
  return new Set(onTheFloor.map(({ front }) => front));
}

/** Rows of two or more door-shaped fronts whose tops and bottoms are level. */
function doorRows(fronts: FloorBox[], tolerance: number): DoorRow[] {
  const doors = fronts.filter((box) => isDoorSized(box.maxX - box.minX, box.maxY - box.minY));
  const level = (a: FloorBox, b: FloorBox) =>
    Math.abs(a.minY - b.minY) <= tolerance && Math.abs(a.maxY - b.maxY) <= tolerance;
  const rows: DoorRow[] = [];
  const placed = new Set<FloorBox>();
  for (const door of doors) {
    if (placed.has(door)) continue;
    const row = doors.filter((other) => level(door, other));
    if (row.length < 2) continue;
    for (const other of row) placed.add(other);
    rows.push({
      minX: Math.min(...row.map(({ minX }) => minX)),
      maxX: Math.max(...row.map(({ maxX }) => maxX)),
      top: median(row.map(({ minY }) => minY)),
      bottom: median(row.map(({ maxY }) => maxY)),
    });
  }
  return rows;
}
