import type { Box } from './box.js';
import { END_DOOR_WIDTH, type LineRow, type Segment } from './row-ends.js';

/**
 * A row of wall units with a window, a hood or bare wall between them is two units or more, and
 * each has its own end doors, whose outer sides may run on past the row down the backsplash; a
 * unit may stand on past the end of the run below it
 * (test/bench/visualizer-tuning-log.md#0081).
 */

/** Doors of a pair differ this much in width at most (a share of the wider), as the detector's. */
const PAIR_WIDTH = 0.1;

/**
 * The units of a grooved row whose end doors are looked for: those its gaps told (`told`, each a
 * grooved stretch's gaps), and the row's other lines (where no gap was told, the lines kept) in
 * runs of two or more, a door between each two, whose neighbours stand no further apart than a
 * door at a row's end may be wide. A single line is no unit: nothing tells how wide its doors are.
 */
export function unitsOf({ lines, spacing }: LineRow, told: Segment[][]): Segment[][] {
  const taken = new Set(told.flat());
  const runs: Segment[][] = [];
  let last: Segment | null = null;
  for (const line of lines) {
    if (taken.has(line)) {
      last = null;
      continue;
    }
    if (!last || line.x - last.x > END_DOOR_WIDTH * spacing) runs.push([]);
    runs[runs.length - 1].push(line);
    last = line;
  }
  return [...told, ...runs.filter((run) => run.length >= 2)];
}

const widthOf = (box: Box) => box.maxX - box.minX + 1;

/**
 * `door` is the other door of a pair with `other`: level with it (`near`), beside it a gap apart,
 * as wide, and of its finish (`ofFinish`). A wall unit of two doors that stands on past the end of
 * the run below is of the run through its door within it.
 */
export function pairedBeside<Front extends Box>(
  door: Front,
  other: Front,
  near: (a: number, b: number) => boolean,
  ofFinish: (a: Front, b: Front) => boolean,
): boolean {
  const [a, b] = [widthOf(door), widthOf(other)];
  return (
    near(door.minY, other.minY) &&
    near(door.maxY, other.maxY) &&
    (near(door.minX, other.maxX) || near(door.maxX, other.minX)) &&
    Math.abs(a - b) <= PAIR_WIDTH * Math.max(a, b) &&
    ofFinish(door, other)
  );
}
