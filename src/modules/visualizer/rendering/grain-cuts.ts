import { levelLineRows, verticalSegments, type LineRow, type Segment } from './row-ends.js';
import { MAX_DOOR_ASPECT, MIN_DOOR_ASPECT } from './door-shape.js';
import { median } from './numbers.js';
import { logLightAt } from './log-light.js';
import type { Box } from './box.js';

/**
 * Wood grain along a door is a bundle of streaks as long as the door and, on dark fronts, as deep
 * as the gaps between the doors, so the door falls apart into strips at every sensitivity. The
 * streaks and the gaps all start on the row's top line and end on its bottom line; what tells the
 * gaps is that they split the row into door-sized pieces, and are the deepest lines that do
 * (test/bench/visualizer-tuning-log.md#0055).
 */

/**
 * A piece is a pair of doors, not one wide door, where its deepest line stands within this share
 * of its width from its middle: the doors of a pair are of one width.
 */
const PAIR_MIDDLE = 0.1;
/** Columns this close are one line: a gap's line is a few pixels thick. */
const SAME_COLUMN = 3;
/** Columns either side of a line over which its two sides' finish is compared. */
const FINISH_REACH = 12;
/** Two sides this far apart in mean log brightness are two finishes, not grain (a ratio of 1.4). */
const FINISH_STEP = Math.log(1.4);
/** Rows either side over which a door's brightness down its length is compared. */
const STEP_ROWS = 4;
/** A step down a grained door at most this large (log brightness): a shaker panel's shadow line. */
const MAX_STEP_DOWN = 0.4;
/**
 * A line across the middle row at least this many columns thick is streaks run together, not a
 * gap (a gap's line is a few pixels thick, with a streak beside it at most)
 * (test/bench/visualizer-tuning-log.md#0097).
 */
const STREAKS_RUN_TOGETHER = 12;

export interface Line {
  from: number;
  to: number;
}

/** The cuts chosen in a grained row and the stretch of it they cut. */
export interface GrainedRow {
  top: number;
  bottom: number;
  /** The lines drawn in: the cuts, and the strips the run's outer lines were taken on over. */
  cuts: Line[];
  /** The stretches between the cuts (and the run's outer lines) that hold grain. */
  pieces: Line[];
  /** The run's stretch inside its outer lines: its first piece's start and its last one's end. */
  sides: Line;
}

/**
 * The boundaries with the grain of every grained row taken out and the row's cuts drawn in, and
 * the pieces cut; null when no row is grained. Only grain down the doors is looked for: drawers
 * grained across are left as they are. `shortestSide` is a door's shortest side (for the rows'
 * level lines, as the row ends read them).
 */
export function withoutGrain(
  boundaries: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  tolerance: number,
  shortestSide: number,
): { cleared: Uint8Array; pieces: Box[] } | null {
  const rows = grainedRows(
    levelLineRows(boundaries, width, height, tolerance, shortestSide),
    verticalSegments(boundaries, width, height),
    boundaries,
    rgb,
    width,
    tolerance,
  );
  const cleared = withGrainCleared(boundaries, width, rows, Math.round(tolerance));
  const pieces = rows.flatMap(({ top, bottom, pieces: along }) =>
    along.map(({ from, to }) => ({ minX: from, minY: top, maxX: to, maxY: bottom })),
  );
  return cleared && { cleared, pieces };
}

/**
 * Each band a row of level lines marks (`rows`), with every line that spans it (a door's side
 * may run on past it; seen at an angle the lines' ends drift by up to `tolerance`), taken in runs
 * of lines no further apart than a door is wide. A run holding more lines than its doors have
 * sides, at least one streak per door, is cut into door-sized pieces at the deepest lines that do
 * so; runs whose lines allow no such cut are left out. `rgb` is the (smoothed) picture the depth
 * is measured on.
 */
function grainedRows(
  rows: LineRow[],
  segments: Segment[],
  boundaries: Uint8Array,
  rgb: Uint8Array,
  width: number,
  tolerance: number,
): GrainedRow[] {
  const found: GrainedRow[] = [];
  // Every piece of every run taken so far, grained or not, by its row's band.
  const read: { top: number; bottom: number; pieces: Line[] }[] = [];
  // A band within a taller one (a grip line's or a handle's level ends) is no row of its own; a
  // run seen at an angle spans the taller band only as far as its converging lines stay level,
  // so what another band adds past that is the run's own.
  const bands = [...rows].sort((a, b) => b.bottom - b.top - (a.bottom - a.top));
  const taken = (top: number, bottom: number, piece: Line) =>
    read.some(
      (row) =>
        top < row.bottom &&
        bottom > row.top &&
        row.pieces.some((other) => piece.from < other.to && piece.to > other.from),
    );
  // Whole rows: the tolerance is a share of the picture's height.
  const margin = Math.round(tolerance);
  for (const { top, bottom } of bands) {
    const height = bottom - top;
    const middle = Math.round((top + bottom) / 2);
    const spanning = segments
      .filter((line) => line.top <= top + tolerance && line.bottom >= bottom - tolerance)
      .map(({ x }) => lineAcross(boundaries, width, middle, x))
      .sort((a, b) => a.from - b.from)
      .filter((line, k, all) => k === 0 || line.from > all[k - 1].to);
    if (spanning.length < 3) continue;
    const profile = columnProfile(rgb, width, top + 1, bottom - 1, {
      from: Math.max(0, spanning[0].from - FINISH_REACH),
      to: Math.min(width - 1, spanning[spanning.length - 1].to + FINISH_REACH),
    });
    for (const lines of runsOfDoors(spanning, MAX_DOOR_ASPECT * height, profile)) {
      if (lines.length < 3) continue;
      const [start, end] = [lines[0], lines[lines.length - 1]];
      const typical = median([...profile.slice(start.to + 1, end.from)]);
      const [first, last] = outerLines(lines, profile, typical);
      const candidates = [first, ...darkestColumns(profile, first.to + 1, last.from - 1), last];
      const depths = candidates.map(({ from }) => typical - profile[from + 1]);
      const deepest = deepestDoorCuts(candidates, depths, height);
      if (!deepest) continue;
      const cuts = pairsSplit(candidates, depths, deepest, height).map((k) => candidates[k]);
      // Only the pieces holding a streak and even down their length are grained: an oven in the
      // run (its glass, its control strip) is not. The doors of a pair cut at its middle are of
      // one finish: a streak in either makes both grained, as one may hold none that spans.
      const between = (ends: Line[]) =>
        ends.slice(1).map((end, k): Line => ({ from: ends[k].to + 1, to: end.from - 1 }));
      const streaked = between([first, ...deepest.map((k) => candidates[k]), last]).filter(
        (piece) => lines.some((line) => holdsStreak(piece, line)),
      );
      const pieces = between([first, ...cuts, last]);
      const grained = pieces.filter(
        (piece) =>
          streaked.some((pair) => pair.from <= piece.from && pair.to >= piece.to) &&
          evenDown(rgb, width, piece, top + margin, bottom - margin),
      );
      const fresh = grained.filter((piece) => !taken(top, bottom, piece));
      if (fresh.length) {
        // The strips the outer lines were taken on over are drawn in with the cuts, those
        // bounding a piece taken here.
        const drawn = [
          { from: start.to + 1, to: first.to },
          ...cuts,
          { from: last.from, to: end.from - 1 },
        ].filter(
          ({ from, to }) =>
            from <= to && fresh.some((piece) => from <= piece.to + 1 && to >= piece.from - 1),
        );
        read.push({ top, bottom, pieces: pieces.filter((piece) => !taken(top, bottom, piece)) });
        found.push({
          top,
          bottom,
          cuts: drawn,
          pieces: fresh,
          sides: { from: first.to + 1, to: last.from - 1 },
        });
      }
    }
  }
  return found;
}

/**
 * Whether `line`, across the middle row, is a streak of `piece`: within it, clear of the lines
 * at its ends; or run together with the line at one end and reaching on into the piece further
 * than a gap's line beside a streak would (near-black grain runs into the gap beside it, and the
 * line the middle row shows is the gap with the door's streaks;
 * test/bench/visualizer-tuning-log.md#0097).
 */
export function holdsStreak(piece: Line, line: Line): boolean {
  const fromInside = line.from > piece.from + SAME_COLUMN;
  const toInside = line.to < piece.to - SAME_COLUMN;
  if (fromInside && toInside) return true;
  const into =
    Math.min(line.to, piece.to - SAME_COLUMN) - Math.max(line.from, piece.from + SAME_COLUMN);
  return (fromInside || toInside) && into > 2 * SAME_COLUMN;
}

/**
 * The run's first and last lines, each taken on over the columns next to it inside the run that
 * are not of the run's finish (`typical` mean log brightness): a strip of wall between a fridge's
 * side and the first door is no part of the door, and the door's own side, inside the strip's
 * far edge, is cleared with the grain.
 */
function outerLines(lines: Line[], profile: Float64Array, typical: number): [Line, Line] {
  const [start, end] = [lines[0], lines[lines.length - 1]];
  const offFinish = (x: number) => Math.abs(profile[x] - typical) > FINISH_STEP;
  const reach = Math.min(FINISH_REACH, (end.from - start.to) / 2);
  // A thick outer line is the gap run together with the streaks inside it: the gap is its
  // darkest column, and the door runs on to it. A line of streaks run together ends at its outer
  // edge, whatever its darkest column: near-black grain is as dark as a faint gap, and past the
  // line is what the run is not (test/bench/visualizer-tuning-log.md#0097).
  const runTogether = (line: Line) => line.to - line.from + 1 >= STREAKS_RUN_TOGETHER;

  const startTo = runTogether(start)
    ? start.from + SAME_COLUMN
    : Math.min(start.to, darkestIn(profile, start) + 1);
  const endFrom = runTogether(end)
    ? end.to - SAME_COLUMN
    : Math.max(end.from, darkestIn(profile, end) - 1);
  let to = startTo;
  while (to + 1 - startTo <= reach && offFinish(to + 1)) to++;
  let from = endFrom;
  while (endFrom - (from - 1) <= reach && offFinish(from - 1)) from--;
  return [
    { from: start.from, to },
    { from, to: end.to },
  ];
}

/** The darkest column of `line` down the row. */
function darkestIn(profile: Float64Array, { from, to }: Line): number {
  let darkest = from;
  for (let x = from + 1; x <= to; x++) if (profile[x] < profile[darkest]) darkest = x;
  return darkest;
}

/**
 * Whether the piece's rows, each taken as its mean log brightness across the piece, nowhere step
 * by more than `MAX_STEP_DOWN` from the few above to the few below: grain runs down a door and
 * changes nothing from row to row, an appliance's glass and panels do.
 */
export function evenDown(
  rgb: Uint8Array,
  width: number,
  { from, to }: Line,
  top: number,
  bottom: number,
): boolean {
  const rows: number[] = [];
  for (let y = top; y <= bottom; y++) {
    let sum = 0;
    for (let x = from, p = (y * width + from) * 3; x <= to; x++, p += 3) {
      sum += logLightAt(rgb, p);
    }
    rows.push(sum / Math.max(1, to - from + 1));
  }
  const mean = (start: number) =>
    rows.slice(start, start + STEP_ROWS).reduce((total, v) => total + v, 0) / STEP_ROWS;
  for (let k = STEP_ROWS; k + STEP_ROWS < rows.length; k++) {
    if (Math.abs(mean(k - STEP_ROWS) - mean(k + 1)) > MAX_STEP_DOWN) return false;
  }
  return true;
}

/** Mean log brightness of each column between `top` and `bottom`, over the columns `span`. */
export function columnProfile(
  rgb: Uint8Array,
  width: number,
  top: number,
  bottom: number,
  span: Line,
): Float64Array {
  const means = new Float64Array(width);
  for (let y = top; y <= bottom; y++) {
    for (let x = span.from, p = (y * width + span.from) * 3; x <= span.to; x++, p += 3) {
      means[x] += logLightAt(rgb, p);
    }
  }
  const rows = Math.max(1, bottom - top + 1);
  for (let x = span.from; x <= span.to; x++) means[x] /= rows;
  return means;
}

/**
 * The columns from `from` to `to` darker down the row than every other within `SAME_COLUMN`:
 * where a gap can run. Each is a cut three columns wide, as a gap's line is.
 */
function darkestColumns(profile: Float64Array, from: number, to: number): Line[] {
  const found: Line[] = [];
  for (let x = from; x <= to; x++) {
    let darkest = true;
    for (let d = -SAME_COLUMN; d <= SAME_COLUMN && darkest; d++) {
      const other = x + d;
      if (d === 0 || other < 0 || other >= profile.length) continue;
      darkest = profile[x] < profile[other] || (profile[x] === profile[other] && d > 0);
    }
    if (darkest) found.push({ from: x - 1, to: x + 1 });
  }
  return found;
}

/**
 * Lines left to right, split where two stand further apart than `widest` (wall between two
 * units) and at a line between two finishes (a fridge's side beside the run): each part is one
 * run of one finish.
 */
function runsOfDoors(lines: Line[], widest: number, profile: Float64Array): Line[][] {
  const side = (from: number, to: number) => {
    const columns = profile.slice(Math.max(0, from), Math.min(profile.length, to + 1));
    return columns.length ? columns.reduce((sum, v) => sum + v, 0) / columns.length : NaN;
  };
  const runs: Line[][] = [];
  for (const line of lines) {
    const run = runs[runs.length - 1];
    const before = side(line.from - FINISH_REACH, line.from - 2);
    const after = side(line.to + 2, line.to + FINISH_REACH);
    const step = Math.abs(before - after) > FINISH_STEP;
    if (run && line.from - run[run.length - 1].to <= widest) run.push(line);
    else runs.push([line]);
    if (step) runs.push([line]);
  }
  return runs;
}

/**
 * The boundaries with the grain taken out between each grained row's outer lines, from
 * `tolerance` above its top to as far below its bottom: every line pixel but the cuts' and
 * those on a line running across a door's width at least (the row's own top and bottom lines, a
 * drawer's); null when there is no grained row.
 */
function withGrainCleared(
  boundaries: Uint8Array,
  width: number,
  rows: GrainedRow[],
  tolerance: number,
): Uint8Array | null {
  if (!rows.length) return null;
  const height = boundaries.length / width;
  const cleared = boundaries.slice();
  for (const { top, bottom, cuts, pieces, sides } of rows) {
    const across = MIN_DOOR_ASPECT * (bottom - top);
    // The run's own sides are no grain: a door's side wobbles a pixel or two off the line the
    // middle row shows, and cleared there it opens the door onto what stands past the run. Only
    // at the run's ends: beside a cut the cut is drawn in (and a piece beside one left as it was
    // is no side) (test/bench/visualizer-tuning-log.md#0097).
    for (const piece of pieces) {
      const from = piece.from + (piece.from === sides.from ? SAME_COLUMN : 0);
      const to = piece.to - (piece.to === sides.to ? SAME_COLUMN : 0);
      for (
        let y = Math.max(0, top - tolerance);
        y <= Math.min(height - 1, bottom + tolerance);
        y++
      ) {
        const row = y * width;
        for (let x = from; x <= to;) {
          if (!boundaries[row + x]) {
            x++;
            continue;
          }
          let end = x;
          while (end + 1 <= to && boundaries[row + end + 1]) end++;
          if (end - x + 1 < across) cleared.fill(0, row + x, row + end + 1);
          x = end + 1;
        }
      }
    }
    for (let y = top; y <= bottom; y++) {
      for (const cut of cuts) cleared.fill(1, y * width + cut.from, y * width + cut.to + 1);
    }
    // In shade a door's bottom edge breaks into bits shorter than `across`, cleared with the
    // grain: where that leaves a piece open above or below that was closed, the row's line is
    // drawn in across it (a piece open before, its cuts not at a door's sides, stays open).
    for (const piece of pieces) {
      for (const y of [top, bottom]) {
        const opened =
          closedAt(boundaries, width, piece, y, tolerance) &&
          !closedAt(cleared, width, piece, y, tolerance);
        if (opened) cleared.fill(1, y * width + piece.from, y * width + piece.to + 1);
      }
    }
  }
  return cleared;
}

/** Whether every column from `from` to `to` holds a line pixel within `reach` rows of `y`. */
function closedAt(
  lines: Uint8Array,
  width: number,
  { from, to }: Line,
  y: number,
  reach: number,
): boolean {
  const height = lines.length / width;
  for (let x = from; x <= to; x++) {
    let line = false;
    for (let row = Math.max(0, y - reach); row <= Math.min(height - 1, y + reach) && !line; row++) {
      line = lines[row * width + x] === 1;
    }
    if (!line) return false;
  }
  return true;
}

/** The columns a line found at column `x` takes up at row `y` (it is a few pixels thick). */
function lineAcross(boundaries: Uint8Array, width: number, y: number, x: number): Line {
  const at = (column: number) => boundaries[y * width + column] === 1;
  let from = x;
  let to = x;
  while (from > 0 && at(from - 1)) from--;
  while (to + 1 < width && at(to + 1)) to++;
  return { from, to };
}

/**
 * Of the ways to cut the row from its first line (`lines[0]`) to its last at some of the lines
 * between, every piece door-sized for `height`, the one whose shallowest cut is deepest (the
 * indices of its cuts, left to right); null when no way gives door-sized pieces. A piece's size
 * is its length over `height`, within `least` and `most` (a door's width over its height, or
 * across, a drawer's height over its width). Where a shallow cut is forced (a drawer stack wider
 * than the row is tall must be cut somewhere), every way through it ties and any would do: the
 * stretches either side of the way's shallowest cut are cut again on their own, each at its own
 * deepest lines (test/bench/visualizer-tuning-log.md#0070).
 */
export function deepestDoorCuts(
  lines: Line[],
  depths: number[],
  height: number,
  least = MIN_DOOR_ASPECT,
  most = MAX_DOOR_ASPECT,
): number[] | null {
  const doorSized = (a: Line, b: Line) => {
    const aspect = (b.from - a.to) / height;
    return aspect >= least && aspect <= most;
  };
  return bottleneckCuts(lines, depths, doorSized, 0, lines.length - 1);
}

/** `deepestDoorCuts` between the lines `first` and `last`, both taken as cuts already. */
function bottleneckCuts(
  lines: Line[],
  depths: number[],
  doorSized: (a: Line, b: Line) => boolean,
  first: number,
  last: number,
): number[] | null {
  // The best shallowest cut on a way reaching each line, and the line before it on that way.
  const best = lines.map(() => -Infinity);
  const before = lines.map(() => -1);
  best[first] = Infinity;
  for (let j = first + 1; j <= last; j++) {
    const depth = j === last ? Infinity : depths[j];
    for (let i = first; i < j; i++) {
      if (best[i] === -Infinity || !doorSized(lines[i], lines[j])) continue;
      const shallowest = Math.min(best[i], depth);
      if (shallowest > best[j]) {
        best[j] = shallowest;
        before[j] = i;
      }
    }
  }
  if (best[last] === -Infinity) return null;
  const cuts: number[] = [];
  for (let k = before[last]; k > first; k = before[k]) cuts.unshift(k);
  if (!cuts.length) return cuts;
  const shallowest = cuts.reduce((a, b) => (depths[b] < depths[a] ? b : a));
  // Both stretches can be cut as the way found cuts them, so neither is null.
  return [
    ...bottleneckCuts(lines, depths, doorSized, first, shallowest)!,
    shallowest,
    ...bottleneckCuts(lines, depths, doorSized, shallowest, last)!,
  ];
}

/**
 * The cuts `cuts` (indices into `lines`, left to right) with every piece between them that is
 * two doors wide cut at its middle: where its halves are door-sized for `height` and its deepest
 * line stands within `PAIR_MIDDLE` of its width from its middle. The deepest cuts that leave
 * door-sized pieces take as few as they can (every further cut can only be shallower), so a pair
 * of narrow doors, door-sized together, comes out as one piece, and is then no front's shape.
 */
export function pairsSplit(
  lines: Line[],
  depths: number[],
  cuts: number[],
  height: number,
): number[] {
  const ends = [0, ...cuts, lines.length - 1];
  const split: number[] = [];
  const splitPiece = (left: number, right: number) => {
    const width = lines[right].from - lines[left].to;
    let deepest = -1;
    for (let k = left + 1; k < right; k++) {
      if (deepest < 0 || depths[k] > depths[deepest]) deepest = k;
    }
    if (deepest < 0 || width < 2 * MIN_DOOR_ASPECT * height) return;
    const middle = (lines[deepest].from + lines[deepest].to) / 2;
    const [from, to] = [lines[left].to, lines[right].from];
    if (Math.abs(middle - (from + to) / 2) > PAIR_MIDDLE * width) return;
    if (Math.min(middle - from, to - middle) < MIN_DOOR_ASPECT * height) return;
    splitPiece(left, deepest);
    split.push(deepest);
    splitPiece(deepest, right);
  };
  for (let k = 1; k < ends.length; k++) {
    splitPiece(ends[k - 1], ends[k]);
    if (k < ends.length - 1) split.push(ends[k]);
  }
  return split;
}
