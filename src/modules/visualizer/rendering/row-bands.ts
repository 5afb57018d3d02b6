/**
 * A row of fronts runs on behind what stands in front of it (a plant, a chair, a bin): its top and
 * bottom lines go on above and below the thing, while the thing's own outline cuts the doors
 * behind it into pieces no longer shaped like a door. The stretches of a row's band (between its
 * two lines, within the run found) that no front of the row covers are where such doors hide.
 */
import type { Point } from './front-outlines.js';
import type { Box } from './box.js';

const { abs, max, min, round } = Math;

/** A row's top or bottom line, straight through its outer corners (it slants at an angle). */
export type RowLine = [Point, Point];

interface Span {
  minX: number;
  maxX: number;
}

export interface FrontRow<F extends Span = Span> {
  top: RowLine;
  bottom: RowLine;
  /** The fronts of the row found. */
  fronts: F[];
}

/** A stretch of a row's band with no front of the row found in it. */
export interface BandStretch<F extends Span = Span> extends Span {
  row: FrontRow<F>;
}

export function heightOnLine(line: RowLine, x: number): number {
  // Indexed, not destructured: called a pixel at a time, and destructuring iterates.
  const from = line[0];
  const to = line[1];
  return to[0] === from[0]
    ? from[1]
    : from[1] + ((to[1] - from[1]) * (x - from[0])) / (to[0] - from[0]);
}

/**
 * The stretches, at least `shortest` pixels wide, of each row's band between `runStart` and
 * `runEnd` that none of its fronts covers.
 */
export function uncoveredStretches<F extends Span>(
  rows: FrontRow<F>[],
  runStart: number,
  runEnd: number,
  shortest: number,
): BandStretch<F>[] {
  return rows.flatMap((row) => {
    const stretches: BandStretch<F>[] = [];
    const covered = [...row.fronts].sort((a, b) => a.minX - b.minX);
    let from = runStart;
    for (const front of [...covered, { minX: runEnd + 1, maxX: runEnd + 1 }]) {
      if (front.minX - from >= shortest) stretches.push({ row, minX: from, maxX: front.minX - 1 });
      from = max(from, front.maxX + 1);
    }
    return stretches;
  });
}

/** The stretch of a row's top or bottom line over a stretch of its band, as an edge. */
export function lineOver(line: RowLine, stretch: BandStretch): RowLine {
  return [
    [stretch.minX, heightOnLine(line, stretch.minX)],
    [stretch.maxX, heightOnLine(line, stretch.maxX)],
  ];
}

/** Whether a box lies within the stretch's band, `tolerance` pixels given either way. */
export function withinBand(box: Box, stretch: BandStretch, tolerance: number): boolean {
  if (box.minX < stretch.minX - tolerance || box.maxX > stretch.maxX + tolerance) return false;
  const { top, bottom } = stretch.row;
  const topAt = min(heightOnLine(top, box.minX), heightOnLine(top, box.maxX));
  const bottomAt = max(heightOnLine(bottom, box.minX), heightOnLine(bottom, box.maxX));
  return box.minY >= round(topAt) - tolerance && box.maxY <= round(bottomAt) + tolerance;
}

/** The box round a stretch of a row's band, in a picture `width` × `height`. */
export function bandBox(stretch: BandStretch, width: number, height: number): Box {
  const { top, bottom } = stretch.row;
  const ends = [stretch.minX, stretch.maxX];
  return {
    minX: max(0, stretch.minX),
    maxX: min(width - 1, stretch.maxX),
    minY: max(0, Math.floor(min(...ends.map((x) => heightOnLine(top, x))))),
    maxY: min(height - 1, Math.ceil(max(...ends.map((x) => heightOnLine(bottom, x))))),
  };
}

/** Rows are found once per front of them; one of each is kept. */
export function distinctRows<F extends Span>(
  rows: FrontRow<F>[],
  tolerance: number,
): FrontRow<F>[] {
  const same = (a: FrontRow<F>, b: FrontRow<F>) =>
    abs(a.top[0][1] - b.top[0][1]) <= tolerance &&
    abs(a.bottom[0][1] - b.bottom[0][1]) <= tolerance &&
    a.fronts.length === b.fronts.length;
  return rows.filter((row, k) => !rows.slice(0, k).some((other) => same(row, other)));
}

/**
 * Each passable pixel opens this far round it: a line between two parts of the thing (a pot's rim
 * under the leaves) up to twice as thick is stepped over.
 */
const BRIDGED = 2;

/**
 * The pixels reached from `seeds` through `passable` ones, stepping over lines up to twice
 * `BRIDGED` pixels thick: the thing in front, from its part down past the row's bottom line (a
 * pot) to the rest of it, its outlines included. Nothing outside `within` is passable.
 */
export function floodFrom(
  seeds: number[],
  { width, height }: { width: number; height: number },
  within: Box,
  passable: (i: number) => boolean,
): Uint8Array {
  const open = new Uint8Array(width * height);
  for (let y = within.minY; y <= within.maxY; y++) {
    for (let x = within.minX; x <= within.maxX; x++) {
      if (!passable(y * width + x)) continue;
      for (let dy = max(0, y - BRIDGED); dy <= min(height - 1, y + BRIDGED); dy++) {
        for (let dx = max(0, x - BRIDGED); dx <= min(width - 1, x + BRIDGED); dx++) {
          open[dy * width + dx] = 1;
        }
      }
    }
  }
  const reached = new Uint8Array(width * height);
  const stack = [...seeds];
  for (const i of seeds) reached[i] = 1;
  const visit = (i: number) => {
    if (reached[i] || !open[i]) return;
    reached[i] = 1;
    stack.push(i);
  };
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i < width * (height - 1)) visit(i + width);
  }
  return reached;
}

/** The labels of the pixels next to `area` (4-connected). */
export function labelsTouching(area: Uint8Array, labels: Int32Array, width: number): Set<number> {
  const touched = new Set<number>();
  const add = (i: number) => {
    if (i >= 0 && i < labels.length && !area[i] && labels[i] >= 0) touched.add(labels[i]);
  };
  for (let i = 0; i < area.length; i++) {
    if (!area[i]) continue;
    const x = i % width;
    if (x > 0) add(i - 1);
    if (x < width - 1) add(i + 1);
    add(i - width);
    add(i + width);
  }
  return touched;
}
