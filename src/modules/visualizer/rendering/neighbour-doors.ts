import { columnProfile, evenDown, type Line } from './grain-cuts.js';
import { MAX_DOOR_ASPECT, MIN_DOOR_ASPECT } from './door-shape.js';
import { logLightAt } from './log-light.js';
import { median } from './numbers.js';
import type { Box } from './box.js';

/**
 * Doors in a run share their top and bottom lines and often their widths, and a gap between two
 * of them is a straight unlit line down the whole row. Grain as deep as the gaps cuts a door
 * into strips at every sensitivity, so one door of a run is found and the next is not; beside a
 * door found, the piece of its finish up to the next line as deep as its own gap, door-sized for
 * its height, is the next door
 * (test/bench/visualizer-tuning-log.md#0071). The walk goes on past the doors of
 * the row found already, or found run together or short, to those beyond them
 * (test/bench/visualizer-tuning-log.md#0075).
 */

/** A gap beside a door found is at least this much darker (log brightness) than the door. */
const MIN_GAP_DEPTH = 0.09;
/** The far side of the door beside it is a line at least this share of the gap's depth. */
const FAR_GAP_SHARE = 0.6;
/** Columns this close are one line: a gap's line is a few pixels thick. */
const SAME_COLUMN = 3;
/** Columns past a front's edge its gap is looked for in (its rim, the gap's own width). */
const GAP_REACH = 6;
/** A streak of grain is at least this much darker than the door's median column (half a gap). */
const STREAK_DEPTH = MIN_GAP_DEPTH / 2;
/** A grained door holds more streaks than a shaker door has panel edges. */
const MIN_STREAKS = 3;
/** A door beside it of the same width, within this share, is taken before a deeper line. */
const SAME_WIDTH = 0.1;
/** Two pieces this far apart in median log brightness are two finishes (a ratio of 1.4). */
const FINISH_STEP = Math.log(1.4);
/** Columns past a line over which the finish beyond it is measured. */
const FINISH_REACH = 8;
/** Doors of a row are level within this share of their height (and a gap's width). */
const ROW_LEVEL = 0.02;
/** Colour is measured relative to brightness, offset so near-black's colour noise is no hue. */
const CHROMA_OFFSET = 64;
/** Two pieces this far apart in either chromaticity are of two hues (a blue-grey wall by oak). */
const OTHER_HUE = 0.025;
/**
 * A door beside may overlap fronts of other rows by this share at most (their rims); one the
 * row's fronts leave at most this share of is walked past, not added.
 */
const MAX_COVERED = 0.1;

/**
 * How far a door's top and bottom lines fall per column to the right: photographed at an angle a
 * run's lines slant, and the door beside a door found lies along them, not level with its box
 * (test/bench/visualizer-tuning-log.md#0080).
 */
export interface Slant {
  top: number;
  bottom: number;
}

const LEVEL: Slant = { top: 0, bottom: 0 };

/** The door's top and bottom at column `x`, along its slanted lines through its box's corners. */
export function edgesAt(door: Box, { top, bottom }: Slant, x: number): [number, number] {
  return [
    door.minY + top * (x - (top >= 0 ? door.minX : door.maxX)),
    door.maxY + bottom * (x - (bottom >= 0 ? door.maxX : door.minX)),
  ];
}

/** The row's line along a stretch, from its height at `from` to its height at `to`. */
export type LinedAlong = (yFrom: number, from: number, to: number, yTo: number) => boolean;

/**
 * The doors beside the grained door-sized fronts `found` (and beside those, along the run) that
 * no front `covered` yet, each with the found door its run was followed from and the front found
 * short inside it, if any. Each runs from the gap at a door's side to the next line about as deep
 * as that gap, or to where the finish ends, door-sized for its height; of the door's finish, even
 * down its length (no plant or oven), with the row's top and bottom lines along it (`lined`).
 * Fronts level with the door walked from are the row's: a piece over them is walked past, and
 * added for what they leave uncovered. `rgb` is the (smoothed) picture the lines are measured on.
 */
export function neighbourDoors<T extends Box>(
  found: T[],
  rgb: Uint8Array,
  width: number,
  covered: Uint8Array,
  lined: LinedAlong,
  slantOf: (door: T) => Slant = () => LEVEL,
): { door: Box; slant: Slant; besideOf: T; within?: T; columns?: number[] }[] {
  const added: { door: Box; slant: Slant; besideOf: T; within?: T; columns?: number[] }[] = [];
  const queue = found
    .filter((door) => runOfDoors(door.maxX - door.minX + 1, door.maxY - door.minY + 1))
    .map((door) => ({
      door: door as Box,
      slant: slantOf(door),
      besideOf: door,
      sides: [-1, 1] as (-1 | 1)[],
    }));
  const taken = covered.slice();
  const parts = [...found];
  const doors: Box[] = [...found];
  // A found door a walk has passed already is walked on from once, that way.
  const walked: { piece: Box; side: -1 | 1 }[] = [];
  const passed = (door: Box, side: -1 | 1) =>
    walked.some(
      ({ piece, side: way }) =>
        way === side &&
        Math.abs(piece.minX - door.minX) <= GAP_REACH &&
        Math.abs(piece.maxX - door.maxX) <= GAP_REACH &&
        level(piece, door),
    );
  while (queue.length) {
    const { door, slant, besideOf, sides } = queue.shift()!;
    for (const side of sides) {
      if (sides.length > 1 && passed(door, side)) continue;
      // Level with the door found first, as its box stands; along its lines only where that
      // finds none: a slant read off a door's corners is a few pixels off at its far end.
      const beside = (along: Slant) =>
        doorBeside(door, along, side, rgb, width, taken, lined, parts, doors);
      const flat = beside(LEVEL);
      const next = flat ?? (slant.top || slant.bottom ? beside(slant) : null);
      if (!next) continue;
      // On along the run past a door of the row found already, and a door found only in part
      // completed (test/bench/visualizer-tuning-log.md#0075).
      walked.push({ piece: next, side });
      queue.push({ door: next, slant, besideOf, sides: [side] });
      if (!next.fresh) continue;
      // A front is taken into one door beside at most.
      const within = parts.find((front) => front === next.within);
      if (within) parts.splice(parts.indexOf(within), 1);
      added.push({
        door: next,
        slant: flat ? LEVEL : slant,
        besideOf,
        within,
        columns: next.columns,
      });
      doors.push(next);
      for (let y = next.minY; y <= next.maxY; y++) {
        taken.fill(1, y * width + next.minX, y * width + next.maxX + 1);
      }
    }
  }
  return added;
}

/** Doors a front found run together may hold, side by side (gaps grain hid between them). */
const RUN_TOGETHER = 3;

/**
 * Whether a front `width` by `height` is a door or doors of one row run together: a door's
 * gap beside it is as deep, and the door past it as tall, whether the front found holds one door
 * or, its gaps lost in the grain, a few
 * (test/bench/visualizer-tuning-log.md#0092).
 */
export function runOfDoors(width: number, height: number): boolean {
  return width >= MIN_DOOR_ASPECT * height && width <= RUN_TOGETHER * MAX_DOOR_ASPECT * height;
}

/**
 * Whether `front` is level with `door`: a door of its row (both lines within the tolerance for a
 * door `tall` high).
 */
function level(front: Box, door: Box, tall = door.maxY - door.minY + 1): boolean {
  const tolerance = SAME_COLUMN + tall * ROW_LEVEL;
  return (
    Math.abs(front.minY - door.minY) <= tolerance && Math.abs(front.maxY - door.maxY) <= tolerance
  );
}

/**
 * Mean chromaticity (red and blue shares) and mean log brightness of the pixels of `box` that
 * `keep` keeps (all by default).
 */
function colourOf(
  rgb: Uint8Array,
  width: number,
  { minX, minY, maxX, maxY }: Box,
  keep: (x: number, y: number) => boolean = () => true,
): { red: number; blue: number; light: number } {
  const sum = [0, 0, 0];
  let light = 0;
  let pixels = 0;
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX, p = (y * width + minX) * 3; x <= maxX; x++, p += 3) {
      if (!keep(x, y)) continue;
      sum[0] += rgb[p];
      sum[1] += rgb[p + 1];
      sum[2] += rgb[p + 2];
      light += logLightAt(rgb, p);
      pixels++;
    }
  }
  const [r, g, b] = sum.map((v) => v / Math.max(1, pixels) + CHROMA_OFFSET);
  return { red: r / (r + g + b), blue: b / (r + g + b), light: light / Math.max(1, pixels) };
}

const sameHue = (a: { red: number; blue: number }, b: { red: number; blue: number }) =>
  Math.abs(a.red - b.red) <= OTHER_HUE && Math.abs(a.blue - b.blue) <= OTHER_HUE;

/**
 * Whether the door holds streaks of grain: at least `MIN_STREAKS` columns the darkest within
 * `SAME_COLUMN` and `STREAK_DEPTH` below its median (`typical`). A plain door's sides and a shaker
 * panel's two edges are no grain; painted and foiled doors are left to the passes.
 */
function grained(profile: Float64Array, door: Box, typical: number): boolean {
  let streaks = 0;
  for (let x = door.minX + 2 * SAME_COLUMN; x <= door.maxX - 2 * SAME_COLUMN; x++) {
    if (typical - profile[x] < STREAK_DEPTH) continue;
    let darkest = true;
    for (let k = -SAME_COLUMN; k <= SAME_COLUMN && darkest; k++) {
      if (k !== 0)
        darkest = profile[x] < profile[x + k] || (profile[x] === profile[x + k] && k > 0);
    }
    if (darkest) streaks++;
  }
  return streaks >= MIN_STREAKS;
}

function doorBeside(
  door: Box,
  slant: Slant,
  side: -1 | 1,
  rgb: Uint8Array,
  width: number,
  taken: Uint8Array,
  lined: LinedAlong,
  unjoined: Box[],
  rowDoors: Box[],
): (Box & { within?: Box; fresh: boolean; columns?: number[] }) | null {
  const tall = door.maxY - door.minY + 1;
  const wide = door.maxX - door.minX + 1;
  const reach = Math.ceil(MAX_DOOR_ASPECT * tall) + 2 * GAP_REACH;
  const span: Line = {
    from: Math.max(0, door.minX - reach),
    to: Math.min(width - 1, door.maxX + reach),
  };
  // Only the rows inside the door's lines all along the span: at an angle the rows above and
  // below run onto the wall.
  const [topFrom, bottomFrom] = edgesAt(door, slant, span.from);
  const [topTo, bottomTo] = edgesAt(door, slant, span.to);
  const profile = columnProfile(
    rgb,
    width,
    Math.ceil(Math.max(topFrom, topTo)) + 2,
    Math.floor(Math.min(bottomFrom, bottomTo)) - 2,
    span,
  );
  const typical = median([...profile.slice(door.minX + SAME_COLUMN, door.maxX - SAME_COLUMN)]);
  const edge = side > 0 ? door.maxX : door.minX;
  const darkestIn = (from: number, to: number) => {
    let best = -1;
    for (let x = Math.max(span.from, from); x <= Math.min(span.to, to); x++) {
      if (best < 0 || profile[x] < profile[best]) best = x;
    }
    return best;
  };
  // The gap at the door's side, past its rim (a front's box reaches into its gap by a pixel or two).
  const gap =
    side > 0 ? darkestIn(edge - 2, edge + GAP_REACH) : darkestIn(edge - GAP_REACH, edge + 2);
  if (gap < 0) return null;
  const depth = typical - profile[gap];
  if (depth < MIN_GAP_DEPTH || !grained(profile, door, typical)) return null;
  // The lines a door's width away that are the darkest near them and near the gap's depth.
  // Where the finish ends (bare wall past the run's last door, a fridge's side), the door does.
  const offFinish = (x: number) => {
    let sum = 0;
    let count = 0;
    for (let k = 0; k < FINISH_REACH; k++) {
      const other = x + side * k;
      if (other < span.from || other > span.to) break;
      sum += profile[other];
      count++;
    }
    return (
      Math.abs(profile[x] - typical) > FINISH_STEP &&
      count > 0 &&
      Math.abs(sum / count - typical) > FINISH_STEP
    );
  };
  const candidates: { end: number; depth: number; width: number }[] = [];
  const narrowest = Math.ceil(MIN_DOOR_ASPECT * tall);
  for (let d = SAME_COLUMN; d <= Math.floor(MAX_DOOR_ASPECT * tall); d++) {
    const x = gap + side * d;
    if (x <= span.from || x >= span.to) break;
    if (offFinish(x)) {
      if (d - 1 >= narrowest) candidates.push({ end: x - side, depth: Infinity, width: d - 1 });
      break;
    }
    const here = typical - profile[x];
    if (d < narrowest || here < FAR_GAP_SHARE * depth) continue;
    let darkest = true;
    for (let k = -SAME_COLUMN; k <= SAME_COLUMN && darkest; k++) {
      const other = x + k;
      if (k !== 0 && other >= span.from && other <= span.to) darkest = profile[x] <= profile[other];
    }
    if (darkest) candidates.push({ end: x - 2 * side, depth: here, width: d - 1 });
  }
  if (!candidates.length) return null;
  const twin = candidates
    .filter((c) => Math.abs(c.width - wide) <= SAME_WIDTH * wide)
    .sort((a, b) => b.depth - a.depth)[0];
  const far = twin ?? candidates.reduce((a, b) => (b.depth > a.depth ? b : a));
  const [from, to] = side > 0 ? [gap + 2, far.end] : [far.end, gap - 2];
  const [topAtFrom, bottomAtFrom] = edgesAt(door, slant, from);
  const [topAtTo, bottomAtTo] = edgesAt(door, slant, to);
  const piece = {
    minX: from,
    minY: Math.round(Math.min(topAtFrom, topAtTo)),
    maxX: to,
    maxY: Math.round(Math.max(bottomAtFrom, bottomAtTo)),
  };
  // A front found as part of the door (grain cut it short of its gap) is taken into it; one
  // found whole is that door, found already.
  const inside = unjoined.filter(
    (front) =>
      front !== door &&
      front.maxX - front.minX < to - from - 2 * SAME_COLUMN &&
      front.minX >= from - SAME_COLUMN &&
      front.maxX <= to + SAME_COLUMN &&
      level(front, piece, tall),
  );
  const within = inside.length === 1 ? inside[0] : undefined;
  // Fronts level with the door are doors of its row, found short, whole or run together: the
  // piece is not theirs to be kept from, and what they leave of it is painted.
  const ofRow = rowDoors.filter(
    (front) =>
      front !== door && level(front, piece, tall) && front.maxX >= from && front.minX <= to,
  );
  // Inside the door's lines at a column: at an angle its box takes in the wall past them.
  const between = (x: number, y: number) => {
    const [top, bottom] = edgesAt(door, slant, x);
    return y >= Math.round(top) && y <= Math.round(bottom);
  };
  let overlap = 0;
  // What the row's fronts leave of a door is whole columns of it: a hole in a front found (a
  // thing in front left out) is not.
  const open: number[] = [];
  for (let x = from; x <= to; x++) {
    let uncovered = 0;
    for (let y = piece.minY; y <= piece.maxY; y++) {
      if (!taken[y * width + x]) uncovered += between(x, y) ? 1 : 0;
      else if (!ofRow.some((front) => x >= front.minX && x <= front.maxX)) overlap++;
    }
    if (uncovered >= (1 - MAX_COVERED) * tall) open.push(x);
  }
  const area = (to - from + 1) * (piece.maxY - piece.minY + 1);
  if (overlap > MAX_COVERED * area) return null;
  const finish = median([...profile.slice(from, to + 1)]);
  const [innerTop, innerBottom] = [
    Math.ceil(Math.max(topAtFrom, topAtTo)),
    Math.floor(Math.min(bottomAtFrom, bottomAtTo)),
  ];
  const inner = { minX: from, minY: innerTop, maxX: to, maxY: innerBottom };
  if (
    Math.abs(finish - typical) > FINISH_STEP ||
    !sameHue(colourOf(rgb, width, inner), colourOf(rgb, width, door))
  )
    return null;
  if (!evenDown(rgb, width, { from, to }, innerTop + 2, innerBottom - 2)) {
    return null;
  }
  if (!lined(topAtFrom, from, to, topAtTo) || !lined(bottomAtFrom, from, to, bottomAtTo)) {
    return null;
  }
  if (!ofRow.length || (within && ofRow.length === 1 && ofRow[0] === within)) {
    return { ...piece, within, fresh: true };
  }
  // The row's fronts may leave holes in a door too: its rims, round a handle. They are of its
  // finish; a thing in front left out of a front is not, and only the whole columns are painted.
  let holes = 0;
  const openColumn = new Set(open);
  const inHole = (x: number, y: number) =>
    !openColumn.has(x) && !taken[y * width + x] && between(x, y);
  for (let y = piece.minY; y <= piece.maxY; y++) {
    for (let x = from; x <= to; x++) if (inHole(x, y)) holes++;
  }
  const hole = colourOf(rgb, width, piece, inHole);
  const ownColour = colourOf(rgb, width, door);
  if (holes && Math.abs(hole.light - ownColour.light) <= FINISH_STEP && sameHue(hole, ownColour)) {
    return { ...piece, fresh: open.length * tall + holes > MAX_COVERED * area };
  }
  return { ...piece, fresh: open.length > MAX_COVERED * (to - from + 1), columns: open };
}
