import type { Box } from './box.js';
import type { LogLight, Shows } from './across-gaps.js';

/**
 * Handleless doors have a grip line along their top: a dark channel, one per door. Where the gaps
 * between the doors are lit (lighter than the doors, as a bevel catching the light) they are lost
 * under noise and grain, and a grey door beside a wall of its brightness shows no side either; but
 * each gap breaks the grip line, and the break is a light notch in a dark line, many times the
 * noise. A gap runs down from its notch to the next line across (the row's bottom), the run's
 * sides stand where its grip line ends, and the pieces between them are doors
 * (test/bench/visualizer-tuning-log.md#0101).
 */

const { abs, max, min, round } = Math;

/**
 * A notch is at least this much lighter (log brightness) than the grip line either side of it, and
 * the grip line at least this much darker than the door's face under it.
 */
const NOTCH = 0.2;
/** Columns either side of a notch where the grip line is read. */
const REACH = 4;
/** The grip line runs on either side of a notch for this share of the picture's height. */
const ALONG = 0.025;
/** Rows under the grip line at which the door's face is read. */
const BELOW = 6;
/**
 * The faces either side of a gap, read over these columns beside it, are of one finish: no more
 * than this apart in mean log brightness (a ratio of 1.45, light falling across a run). The edge
 * of a shadow or of a lamp's light crossing a dark line is light on one side only.
 */
const FACE_COLUMNS = 10;
const MAX_FACE_STEP = Math.log(1.45);
/** Columns a grip line may be broken over (its notches, noise) and still run on. */
const MAX_BREAK = 8;
/** A gap runs down at most this share of the picture's height. */
const MAX_DOWN = 0.6;
/** Columns either side a line across is looked for where a gap ends (a gap is a few pixels wide). */
const ACROSS = 2;
/**
 * A gap the lines found show along this share of its length at least is found already: a grip
 * line whose gaps all are adds nothing (and its gaps may end sooner than the next line across, a
 * strip of lights under wall units washes their bottom line out).
 */
const SEEN = 0.5;
/** Notches this close (columns, rows) are one gap's. */
const SAME_GAP = 3;
const SAME_ROW = 6;

/** What the search measures by, in the picture's pixels. */
export interface GripMeasures {
  /** How far apart two ends may lie and still be level (a row's slant, a line's thickness). */
  tolerance: number;
  /** A front's shortest side: a gap runs down at least this far, doors are this wide at least. */
  shortestSide: number;
}

/** A line drawn down: a gap from its notch, or a run's side from where its grip line ends. */
export interface GripLine {
  x: number;
  top: number;
  bottom: number;
  /** Whether the lines found show the gap already (`SEEN`). */
  seen?: boolean;
}

/** A door (or a stack of drawers) between two lines drawn down from one grip line. */
export type GripPiece = Box;

/**
 * The gaps found where they break a grip line and the sides where the grip lines end, drawn as
 * lines (1) on an empty picture, and the pieces between them; null when no grip line is broken.
 * `light` is the picture's log brightness, `shows` the lines found (the coarsest).
 */
export function gripGaps(
  light: LogLight,
  shows: Shows,
  width: number,
  height: number,
  { tolerance, shortestSide }: GripMeasures,
): { lines: Uint8Array; pieces: GripPiece[] } | null {
  const gaps = notchedGaps(light, shows, width, height, shortestSide);
  if (!gaps.length) return null;
  const grip = (x: number, y: number) =>
    y >= 0 && y + BELOW < height && light(x, y) + NOTCH <= light(x, y + BELOW);
  const drawn: GripLine[] = [];
  const pieces: GripPiece[] = [];
  const grouped = new Set<GripLine>();
  for (const gap of gaps) {
    if (grouped.has(gap)) continue;
    // Along the grip line both ways from the gap, a row up or down a column as it slants.
    const path = new Int32Array(width).fill(-1);
    const ends: (GripLine | null)[] = [];
    for (const outward of [-1, 1] as const) {
      let y = gap.top;
      let last: { x: number; y: number } | null = null;
      for (
        let x = gap.x + outward * REACH, missed = 0;
        x > 0 && x < width - 1 && missed <= MAX_BREAK;
        x += outward
      ) {
        const row = [y, y - 1, y + 1].find((candidate) => grip(x, candidate));
        if (row === undefined) {
          missed++;
          continue;
        }
        y = row;
        path[x] = y;
        last = { x, y };
        missed = 0;
      }
      ends.push(last && sideAt(last, gap, outward, shows, width, height, tolerance, shortestSide));
    }
    const members = gaps.filter(
      (other) => !grouped.has(other) && (other === gap || onPath(path, other)),
    );
    for (const member of members) grouped.add(member);
    if (members.every((member) => member.seen)) continue;
    // A grip line is broken at its doors' gaps only, a door's width apart: notches closer are
    // grain or streaks crossing a dark line (a groove across, a shadow).
    members.sort((a, b) => a.x - b.x);
    if (members.some((member, k) => k > 0 && member.x - members[k - 1].x < shortestSide)) continue;
    const [left, right] = ends;
    const lines = [
      ...(left && !members.some((member) => abs(member.x - left.x) < shortestSide) ? [left] : []),
      ...members,
      ...(right && !members.some((member) => abs(member.x - right.x) < shortestSide)
        ? [right]
        : []),
    ].sort((a, b) => a.x - b.x);
    // A grip line is one of doors: one that cuts out no piece a front's shortest side wide and
    // twice that tall (a drawer stack's height at least) is none.
    const before = pieces.length;
    for (let k = 1; k < lines.length; k++) {
      const [a, b] = [lines[k - 1], lines[k]];
      const tall = max(a.bottom, b.bottom) - min(a.top, b.top);
      if (b.x - a.x < shortestSide || tall < 2 * shortestSide) continue;
      pieces.push({
        minX: a.x,
        maxX: b.x,
        minY: min(a.top, b.top),
        maxY: max(a.bottom, b.bottom),
      });
    }
    if (pieces.length > before) drawn.push(...lines);
  }
  // Lines the lines found show already are not drawn again.
  const unseen = drawn.filter((line) => !line.seen);
  if (!unseen.length) return null;
  const lines = new Uint8Array(width * height);
  for (const { x, top, bottom } of unseen) {
    for (let y = top; y <= bottom; y++) lines[y * width + x] = 1;
  }
  return { lines, pieces };
}

/**
 * Whether `box` (a region found, its rim included) spans one of the pieces from side to side
 * within its height: a door filling it, or a drawer of a stack between the lines.
 */
export function inGripPiece(box: Box, pieces: GripPiece[], tolerance: number): boolean {
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  return pieces.some(
    (piece) =>
      near(box.minX, piece.minX) &&
      near(box.maxX, piece.maxX) &&
      box.minY >= piece.minY - tolerance &&
      box.maxY <= piece.maxY + tolerance,
  );
}

/**
 * Light notches in a dark line across: a pixel on a line found (the grip line) lighter by `NOTCH`
 * than the line `REACH` columns either side, which runs on both ways; each gap's line drawn down
 * from its topmost notch to the next line across, a front's shortest side at least below it.
 */
function notchedGaps(
  light: LogLight,
  shows: Shows,
  width: number,
  height: number,
  shortestSide: number,
): GripLine[] {
  const along = round(ALONG * height);
  const gaps: GripLine[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = REACH + along; x < width - REACH - along; x++) {
      if (!notchAt(light, shows, x, y)) continue;
      const centre = light(x, y);
      if (centre < light(x - 1, y) || centre < light(x + 1, y)) continue;
      // A gap crosses the grip line's thickness; a slanted dark edge's stair step is lit on one row.
      if (!notchAt(light, shows, x, y - 1) && !notchAt(light, shows, x, y + 1)) continue;
      if (gaps.some((gap) => abs(gap.x - x) <= SAME_GAP && abs(gap.top - y) <= SAME_ROW)) continue;
      if (!runsOn(shows, x, y, height, along)) continue;
      let from = y;
      while (from + 1 < height && shows(x, from + 1)) from++;
      const bottom = lineAcrossBelow(shows, x, from + 1, min(height, y + MAX_DOWN * height));
      if (bottom < 0 || bottom - from < shortestSide) continue;
      if (!oneFace(light, x, from + 1, min(bottom, from + shortestSide), width)) continue;
      gaps.push({ x, top: y, bottom, seen: seenDown(shows, x, y, bottom) });
    }
  }
  // A gap that ends on another notch of its own column runs on through lines across it: grooves
  // across the doors, not a grip line (test/bench/visualizer-tuning-log.md#0077).
  const chained = (a: GripLine, b: GripLine) =>
    abs(a.x - b.x) <= SAME_GAP && abs(b.top - a.bottom) <= SAME_ROW;
  return gaps.filter((gap) => !gaps.some((other) => chained(gap, other) || chained(other, gap)));
}

/**
 * Whether (`x`, `y`) is lighter by `NOTCH` than the line found `REACH` columns either side of it on
 * its row. A gap is lit across the grip line's whole thickness, two rows at least; where a slanted
 * dark edge (a ceiling's, a shadow's) steps down a row, one pixel of its last row is lit by the
 * light side under it, and the rows above it are not
 * (test/bench/visualizer-tuning-log.md#0103).
 */
function notchAt(light: LogLight, shows: Shows, x: number, y: number): boolean {
  if (!shows(x - REACH, y) || !shows(x + REACH, y)) return false;
  return light(x, y) - max(light(x - REACH, y), light(x + REACH, y)) >= NOTCH;
}

/** Whether the line found at (`x`, `y`) runs on `along` columns past `REACH` both ways. */
function runsOn(shows: Shows, x: number, y: number, height: number, along: number): boolean {
  for (const outward of [-1, 1]) {
    let row = y;
    for (let k = REACH; k <= REACH + along; k++) {
      const column = x + outward * k;
      if (shows(column, row)) continue;
      if (row > 0 && shows(column, row - 1)) row--;
      else if (row + 1 < height && shows(column, row + 1)) row++;
      else return false;
    }
  }
  return true;
}

/** The first row from `from` to before `to` where a line across meets column `x`; -1 if none. */
function lineAcrossBelow(shows: Shows, x: number, from: number, to: number): number {
  for (let y = from; y < to; y++) {
    if (shows(x, y) && shows(x - ACROSS, y) && shows(x + ACROSS, y)) return y;
  }
  return -1;
}

/** Whether the faces left and right of column `x` from `top` to `bottom` are of one brightness. */
function oneFace(light: LogLight, x: number, top: number, bottom: number, width: number): boolean {
  const side = (from: number, to: number) => {
    let sum = 0;
    let count = 0;
    for (let y = top; y <= bottom; y++) {
      for (let column = max(0, from); column <= min(width - 1, to); column++, count++) {
        sum += light(column, y);
      }
    }
    return sum / max(1, count);
  };
  const left = side(x - REACH - FACE_COLUMNS, x - REACH);
  const right = side(x + REACH, x + REACH + FACE_COLUMNS);
  return abs(left - right) <= MAX_FACE_STEP;
}

/** Whether the lines found show along column `x` (or next to it) over `SEEN` of `from` to `to`. */
function seenDown(shows: Shows, x: number, from: number, to: number): boolean {
  let seen = 0;
  for (let y = from; y < to; y++) if (shows(x - 1, y) || shows(x, y) || shows(x + 1, y)) seen++;
  return seen >= SEEN * (to - from);
}

/** Whether the grip line's walk passed through `gap`'s notch. */
function onPath(path: Int32Array, gap: GripLine): boolean {
  for (let x = gap.x - REACH; x <= gap.x + REACH; x++) {
    if (x >= 0 && x < path.length && path[x] >= 0 && abs(path[x] - gap.top) <= SAME_GAP) {
      return true;
    }
  }
  return false;
}

/**
 * The run's side where its grip line ends at `end`, walked from `gap`: down as far as the gap runs
 * (on the grip line's slant), on to a line across within `tolerance` if one is there; null when the
 * end is less than a front's width from the gap.
 */
function sideAt(
  end: { x: number; y: number },
  gap: GripLine,
  outward: 1 | -1,
  shows: Shows,
  width: number,
  height: number,
  tolerance: number,
  shortestSide: number,
): GripLine | null {
  if (abs(end.x - gap.x) < shortestSide) return null;
  let bottom = min(height - 1, gap.bottom + end.y - gap.top);
  for (let y = bottom; y <= min(height - 1, bottom + tolerance); y++) {
    const inside = end.x - outward;
    if (shows(end.x, y) || (inside >= 0 && inside < width && shows(inside, y))) {
      bottom = y;
      break;
    }
  }
  return { x: end.x, top: end.y, bottom, seen: seenDown(shows, end.x, end.y, bottom) };
}
