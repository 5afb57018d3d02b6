import { deepestDoorCuts } from './grain-cuts.js';
import type { Box } from './box.js';
import { logLightMap } from './log-light.js';

/**
 * Drawers grained across their width: every streak is a line along the drawer, as long as the
 * gaps between the drawers, so the lines cut the stack into strips. What tells a drawer column
 * is the grain itself: inside it the brightness changes from row to row and not along the row,
 * the other way round from the doors beside it (grained down), and the gap between two columns
 * breaks it. Each such stretch is cut into drawers at its deepest rows
 * (test/bench/visualizer-tuning-log.md#0069).
 */

/** A share of the picture's height: the window over which the grain's direction is measured. */
const WINDOW = 0.01;
/** Grained across: the change down a window at least this many times the change along it. */
const ACROSS_RATIO = 1.5;
/** Mean change in log brightness from row to row below which a surface shows no grain. */
const MIN_GRAIN = 0.01;
/** Parts grained across narrower than this many windows are edges, not drawers. */
const OPENING = 4;
const MAJORITY = 0.5;
/** A column of drawers holds at least this share of its box: a floor's planks run on past it. */
const MIN_FILL = 0.5;
/** A drawer is 0.12–0.6 times as tall as it is wide, a stack's top drawer the shallowest. */
const MIN_DRAWER_ASPECT = 0.12;
const MAX_DRAWER_ASPECT = 0.6;
/** A gap is deeper than any streak left uncut in its column by this factor. */
const GAP_OVER_STREAK = 1.5;
/** A line across a column seen at an angle rises at most this share of the column's width. */
const SLANT = 0.1;
/** Rows this close are one line: a gap is a few pixels thick. */
const SAME_ROW = 3;
/** Two finishes, not one, this far apart in mean log brightness (a ratio of 1.4, as 0055's). */
const FINISH_STEP = Math.log(1.4);
/**
 * Another surface's hue, this far off in chromaticity (twice what the detector allows between
 * two fronts of one finish): a grey floor under wooden drawers is as bright as they are.
 */
const OTHER_HUE = 0.05;
/** A column of drawers is at least this share of the picture's height, as a front's side is. */
const MIN_SIDE = 0.05;

/** A line across a column: its row at the column's left side and at its right side. */
export interface Slant {
  left: number;
  right: number;
}

/**
 * A column of drawers grained across, the drawers it is cut into (top to bottom), and the lines
 * bounding them as they run, slanting in a photo taken at an angle (the stack's top line, the
 * gaps, its bottom line).
 */
export interface DrawerColumn extends Box {
  drawers: Box[];
  lines: Slant[];
}

/**
 * The columns of drawers grained across their width in the (smoothed) picture `rgb`, each cut
 * into its drawers at its deepest rows; a stretch grained across that cuts into no drawers (a
 * countertop, a shelf) or runs to the picture's edge (a floor) is none.
 */
export function grainedDrawerColumns(
  rgb: Uint8Array,
  width: number,
  height: number,
): DrawerColumn[] {
  const light = logLightMap(rgb, width * height);
  const size = Math.max(3, Math.round(WINDOW * height));
  const across = opened(acrossMap(light, width, height, size), width, height, OPENING * size);
  const columns: DrawerColumn[] = [];
  const boxes = components(across, width, height).flatMap((part) =>
    fullStretches(across, width, part, MIN_SIDE * height),
  );
  for (const box of boxes) {
    const w = box.maxX - box.minX + 1;
    const h = box.maxY - box.minY + 1;
    if (Math.min(w, h) < MIN_SIDE * height) continue;
    // The window reaches past a stretch's pixels by half its size: one that runs to the picture's
    // edge (a floor) stops that far short of it.
    const edge = size;
    if (
      box.minX < edge ||
      box.minY < edge ||
      box.maxX >= width - edge ||
      box.maxY >= height - edge
    ) {
      continue;
    }
    const cut = drawerCuts(rgb, light, width, box, MIN_SIDE * height, size);
    if (!cut) continue;
    const ends = [cut.top, ...cut.cuts, cut.bottom];
    const all = ends.slice(1).map((end, k) => ({
      minX: box.minX,
      maxX: box.maxX,
      minY: ends[k] + 1,
      maxY: end - 1,
    }));
    // An end piece not of the column's finish is what the stretch ran on over (a countertop).
    const ofFinish = (drawer: Box) => sameFinish(finishOf(rgb, light, width, drawer), cut.typical);
    const first = ofFinish(all[0]) ? 0 : 1;
    const last = all.length - (ofFinish(all[all.length - 1]) ? 0 : 1);
    const drawers = all.slice(first, last);
    if (drawers.length < 2) continue;
    columns.push({
      ...box,
      minY: drawers[0].minY,
      maxY: drawers[drawers.length - 1].maxY,
      drawers,
      lines: slants(light, width, box, ends.slice(first, last + 1)),
    });
  }
  return columns;
}

/**
 * The lines at the rows `rows` (the stack's top line, its gaps, its bottom line) as they run: each
 * gap along its darkest slant; the outer lines, a step from the drawers to what is past them (a
 * shadow under the countertop, a plinth) whose darkest slant runs off into that, along the slope
 * of the gap nearest them.
 */
function slants(light: Float32Array, width: number, box: Box, rows: number[]): Slant[] {
  const gaps = rows.slice(1, -1).map((y) => darkestSlant(light, width, box, y));
  const along = (gap: Slant, y: number) => {
    const rise = gap.right - gap.left;
    return { left: y - rise / 2, right: y + rise / 2 };
  };
  return [along(gaps[0], rows[0]), ...gaps, along(gaps[gaps.length - 1], rows[rows.length - 1])];
}

/** The row the line `line` across the column `box` runs through at the column `x`. */
export function slantRow(line: Slant, box: Box, x: number): number {
  const across = Math.max(1, box.maxX - box.minX);
  return Math.round(line.left + ((line.right - line.left) * (x - box.minX)) / across);
}

/**
 * Whether `box` stands in a row with a column of `columns`: its top and bottom lie on the
 * column's top and bottom lines run on along their slant to the box (`near` tells two rows
 * apart), where a box at an angle reaches from its higher end's line to its lower end's. The
 * doors beside a column grained across are found on the column's lines, with no partner on the
 * first lines, where the column is strips
 * (test/bench/visualizer-tuning-log.md#0091).
 */
export function inRowWithColumn(
  box: Box,
  columns: DrawerColumn[],
  near: (a: number, b: number) => boolean,
): boolean {
  return columns.some((column) => {
    const [top, bottom] = [column.lines[0], column.lines[column.lines.length - 1]];
    const ends = [box.minX, box.maxX];
    const tops = ends.map((x) => slantRow(top, column, x));
    const bottoms = ends.map((x) => slantRow(bottom, column, x));
    return near(box.minY, Math.min(...tops)) && near(box.maxY, Math.max(...bottoms));
  });
}

/**
 * The darkest straight line across the column `box` through the row `y` at its middle (the
 * darkest row of the mean along rows lies there), its ends at most `SLANT` times the column's
 * width apart: a gap seen at an angle slants, and the mean along a row blurs it.
 */
function darkestSlant(light: Float32Array, width: number, box: Box, y: number): Slant {
  const reach = Math.round(SLANT * (box.maxX - box.minX + 1));
  const last = light.length / width - 1;
  const rowAt = (line: Slant, x: number) => Math.min(last, Math.max(0, slantRow(line, box, x)));
  let best = { left: y, right: y };
  let darkest = Infinity;
  for (let step = 0; step <= 2 * reach; step++) {
    // 0, 1, -1, 2, -2, ...: of two lines as dark, the more level one.
    const rise = step & 1 ? (step + 1) >> 1 : -(step >> 1);
    const line = { left: y - rise / 2, right: y + rise / 2 };
    let total = 0;
    for (let x = box.minX; x <= box.maxX; x++) total += light[rowAt(line, x) * width + x];
    if (total < darkest) [best, darkest] = [line, total];
  }
  return best;
}

/** A surface's mean log brightness and its chromaticity (each channel's share of their sum). */
interface Finish {
  light: number;
  hue: [number, number, number];
}

/** The finish of the pixels of `box`. */
function finishOf(rgb: Uint8Array, light: Float32Array, width: number, box: Box): Finish {
  let total = 0;
  const channels = [0, 0, 0];
  for (let y = box.minY; y <= box.maxY; y++) {
    for (let x = box.minX; x <= box.maxX; x++) {
      const i = y * width + x;
      total += light[i];
      for (let c = 0; c < 3; c++) channels[c] += rgb[3 * i + c];
    }
  }
  const pixels = (box.maxX - box.minX + 1) * (box.maxY - box.minY + 1);
  const sum = channels[0] + channels[1] + channels[2] + pixels;
  return {
    light: total / pixels,
    hue: [channels[0] / sum, channels[1] / sum, channels[2] / sum],
  };
}

/** One finish: as bright within `FINISH_STEP`, of a hue within `OTHER_HUE`. */
function sameFinish(a: Finish, b: Finish): boolean {
  return (
    Math.abs(a.light - b.light) <= FINISH_STEP &&
    Math.hypot(a.hue[0] - b.hue[0], a.hue[1] - b.hue[1], a.hue[2] - b.hue[2]) <= OTHER_HUE
  );
}

/**
 * 1 where, over a window `size` pixels square, the brightness changes from row to row at least
 * `ACROSS_RATIO` times as much as from column to column, and by `MIN_GRAIN` at least.
 */
function acrossMap(light: Float32Array, width: number, height: number, size: number): Uint8Array {
  const down = new Float64Array((width + 1) * (height + 1));
  const along = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowDown = 0;
    let rowAlong = 0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      rowDown += y + 1 < height ? Math.abs(light[i + width] - light[i]) : 0;
      rowAlong += x + 1 < width ? Math.abs(light[i + 1] - light[i]) : 0;
      const s = (y + 1) * (width + 1) + x + 1;
      down[s] = down[s - width - 1] + rowDown;
      along[s] = along[s - width - 1] + rowAlong;
    }
  }
  const half = size >> 1;
  const map = new Uint8Array(width * height);
  const sum = (table: Float64Array, x0: number, y0: number, x1: number, y1: number) =>
    table[(y1 + 1) * (width + 1) + x1 + 1] -
    table[y0 * (width + 1) + x1 + 1] -
    table[(y1 + 1) * (width + 1) + x0] +
    table[y0 * (width + 1) + x0];
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height - 1, y + half);
    for (let x = 0; x < width; x++) {
      // Not destructured: a pair array a pixel was most of detection's garbage.
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width - 1, x + half);
      const count = (x1 - x0 + 1) * (y1 - y0 + 1);
      const d = sum(down, x0, y0, x1, y1);
      if (d >= MIN_GRAIN * count && d >= ACROSS_RATIO * sum(along, x0, y0, x1, y1)) {
        map[y * width + x] = 1;
      }
    }
  }
  return map;
}

/** Pixels of `map` within `reach` of a set one (`least` 1), or with every one within it set. */
function spread(
  map: Uint8Array,
  width: number,
  height: number,
  reach: number,
  reachX: number,
  share: number,
) {
  const table = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += map[y * width + x];
      table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + row;
    }
  }
  const out = new Uint8Array(map.length);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - reach);
    const y1 = Math.min(height - 1, y + reach);
    for (let x = 0; x < width; x++) {
      // Not destructured: a pair array a pixel was most of detection's garbage.
      const x0 = Math.max(0, x - reachX);
      const x1 = Math.min(width - 1, x + reachX);
      const set =
        table[(y1 + 1) * (width + 1) + x1 + 1] -
        table[y0 * (width + 1) + x1 + 1] -
        table[(y1 + 1) * (width + 1) + x0] +
        table[y0 * (width + 1) + x0];
      out[y * width + x] = set >= share * (x1 - x0 + 1) * (y1 - y0 + 1) ? 1 : 0;
    }
  }
  return out;
}

/**
 * `map` without its parts narrower than `size` (a horizontal edge, one window tall, grained
 * across by the edge alone): every pixel of a square `size` across all set, and the squares grown
 * back.
 */
function opened(map: Uint8Array, width: number, height: number, size: number): Uint8Array {
  const reach = Math.max(1, Math.round(size / 2));
  const filled = spread(map, width, height, reach, 1, MAJORITY);
  const thin = Math.max(1, Math.round(size / 4));
  return spread(spread(filled, width, height, 0, thin, 1), width, height, 0, thin, 1e-9);
}

/**
 * The stretches of the part `part` of `map` set down most of their length: its columns set over
 * at least `MIN_FILL` of its height, in runs at least `least` wide (a gap between two columns of
 * drawers is none), each from the first to the last of its rows set over `MIN_FILL` of the run's
 * width, the longest run of them (an edge joined on at a corner is left off).
 */
function fullStretches(map: Uint8Array, width: number, part: Box, least: number): Box[] {
  const setIn = (x0: number, x1: number, y0: number, y1: number) => {
    let set = 0;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) set += map[y * width + x];
    return set;
  };
  const full = (set: number, of: number) => set >= MIN_FILL * of;
  const h = part.maxY - part.minY + 1;
  const runs: Box[] = [];
  let start = -1;
  for (let x = part.minX; x <= part.maxX + 1; x++) {
    const inRun = x <= part.maxX && full(setIn(x, x, part.minY, part.maxY), h);
    if (inRun && start < 0) start = x;
    if (!inRun && start >= 0) {
      if (x - start >= least) {
        // The longest run of rows set over half as much, holding a full one (hysteresis: a dark
        // drawer's grain fades in places), as a plinth's edges may join the part to a floor.
        let [best, from, holds] = [{ minY: 0, maxY: -1 }, -1, false];
        for (let y = part.minY; y <= part.maxY + 1; y++) {
          const set = y <= part.maxY ? setIn(start, x - 1, y, y) : 0;
          const halfFull = full(2 * set, x - start);
          if (halfFull && from < 0) [from, holds] = [y, false];
          if (halfFull && full(set, x - start)) holds = true;
          if (!halfFull && from >= 0) {
            if (holds && y - from > best.maxY - best.minY + 1) best = { minY: from, maxY: y - 1 };
            from = -1;
          }
        }
        if (best.maxY >= best.minY) runs.push({ minX: start, maxX: x - 1, ...best });
      }
      start = -1;
    }
  }
  return runs;
}

/** The boxes of the 4-connected parts of `map`, with the count of their pixels. */
function components(map: Uint8Array, width: number, height: number): (Box & { area: number })[] {
  const seen = new Uint8Array(map.length);
  const stack = new Int32Array(map.length);
  const found: (Box & { area: number })[] = [];
  for (let start = 0; start < map.length; start++) {
    if (!map[start] || seen[start]) continue;
    const box = { minX: width, minY: height, maxX: -1, maxY: -1, area: 0 };
    let top = 0;
    const visit = (n: number) => {
      if (n < 0 || n >= map.length || !map[n] || seen[n]) return;
      seen[n] = 1;
      stack[top++] = n;
    };
    stack[top++] = start;
    seen[start] = 1;
    while (top) {
      const i = stack[--top];
      const x = i % width;
      const y = (i / width) | 0;
      box.area++;
      box.minX = Math.min(box.minX, x);
      box.maxX = Math.max(box.maxX, x);
      box.minY = Math.min(box.minY, y);
      box.maxY = Math.max(box.maxY, y);
      // The four neighbours one by one, with no array of them a pixel (garbage).
      if (x > 0) visit(i - 1);
      if (x + 1 < width) visit(i + 1);
      visit(i - width);
      visit(i + width);
    }
    found.push(box);
  }
  return found;
}

/**
 * The rows a column is cut into drawers at: of the rows darker across the column than every
 * other within `SAME_ROW`, the cuts leaving drawer-sized pieces whose shallowest is deepest,
 * kept when it is deeper than every row left uncut by `GAP_OVER_STREAK`; null when none do.
 */
function drawerCuts(
  rgb: Uint8Array,
  light: Float32Array,
  width: number,
  box: Box,
  shortest: number,
  window: number,
): { typical: Finish; top: number; cuts: number[]; bottom: number } | null {
  const rows = box.maxY - box.minY + 1;
  const finishes = Array.from({ length: rows }, (_, k) =>
    finishOf(rgb, light, width, { ...box, minY: box.minY + k, maxY: box.minY + k }),
  );
  const profile = Float64Array.from(finishes, (row) => row.light);
  const median = (values: number[]) => values.sort((a, b) => a - b)[rows >> 1];
  const typical: Finish = {
    light: median([...profile]),
    hue: [0, 1, 2].map((c) => median(finishes.map((row) => row.hue[c]))) as Finish['hue'],
  };
  const [start, end] = ofOneFinish(
    finishes.map((row) => sameFinish(row, typical)),
    finishes.map((row) => row.light < typical.light),
    shortest,
  );
  const candidates: number[] = [];
  for (let y = Math.max(1, start); y < Math.min(rows - 1, end); y++) {
    let darkest = true;
    for (let d = -SAME_ROW; d <= SAME_ROW && darkest; d++) {
      const other = y + d;
      if (d === 0 || other < 0 || other >= rows) continue;
      darkest = profile[y] < profile[other] || (profile[y] === profile[other] && d > 0);
    }
    if (darkest) candidates.push(y);
  }
  const depthOf = (y: number) => typical.light - profile[y];
  const across = box.maxX - box.minX + 1;
  const least = Math.max(MIN_DRAWER_ASPECT, shortest / across);
  // Between the lines `from` and `to`, the cuts leaving drawer-sized pieces whose shallowest is
  // deepest (rows, top to bottom).
  const cutsBetween = (from: number, to: number) => {
    const rowsBetween = [from, ...candidates.filter((y) => y > from && y < to), to];
    const lines = rowsBetween.map((y) => ({ from: y - 1, to: y + 1 }));
    const depths = rowsBetween.map((y, k) =>
      k === 0 || k === rowsBetween.length - 1 ? Infinity : depthOf(y),
    );
    const cuts = deepestDoorCuts(lines, depths, across, least, MAX_DRAWER_ASPECT);
    return cuts?.length ? cuts.map((k) => rowsBetween[k]) : null;
  };
  const first = cutsBetween(start - 1, end);
  if (!first) return null;
  // The stack's own top and bottom lines: the first rows past its outer cuts, as deep nearly as
  // the cuts, that leave the outer drawers drawer-sized. The stretch may run on past them over a
  // countertop's edge or a plinth; the stack is cut again between them.
  const lines = candidates.filter(
    (y) => depthOf(y) >= Math.min(...first.map(depthOf)) / GAP_OVER_STREAK,
  );
  // Where none is that deep, the deepest row within a window of the run's end (the dark line
  // under a countertop, a shade too shallow), else the run's end.
  const deepestOf = (rows: number[]) =>
    rows.length ? rows.reduce((a, b) => (depthOf(b) > depthOf(a) ? b : a)) : undefined;
  const top =
    lines.filter((y) => y <= first[0] - shortest).pop() ??
    deepestOf(candidates.filter((y) => y < start + window && y <= first[0] - shortest)) ??
    start - 1;
  const bottom =
    lines.find((y) => y >= first[first.length - 1] + shortest) ??
    deepestOf(
      candidates.filter((y) => y >= end - window && y >= first[first.length - 1] + shortest),
    ) ??
    end;
  const cutRows = cutsBetween(top, bottom);
  if (!cutRows) return null;
  // A gap's band is dark over a few rows: a darkest row within it is the gap, not a streak.
  const ofGap = (y: number) =>
    cutRows.some((row) => {
      const half = depthOf(row) / 2;
      for (let r = Math.min(row, y); r <= Math.max(row, y); r++) {
        if (depthOf(r) < half) return false;
      }
      return true;
    });
  const streaks = candidates.filter(
    (y) => y > top + SAME_ROW && y < bottom - SAME_ROW && !ofGap(y),
  );
  if (!gapsOverStreaks(cutRows, streaks, depthOf, rows)) return null;
  return {
    typical,
    top: box.minY + top,
    cuts: cutRows.map((y) => box.minY + y),
    bottom: box.minY + bottom,
  };
}

/**
 * Whether the cuts `cuts` are a column's gaps and the rows `streaks` (darkest rows left between
 * them) its grain: the shallowest cut `GAP_OVER_STREAK` times as deep as the deepest streak, or
 * its band that much darker in all than any streak's. Hard light on near-black grain makes a
 * streak as deep as a gap, but a streak is a row or two of the photo; a gap's band (from its
 * darkest row out to where it is half as deep) takes in the shade of the drawer's edge above it
 * and is several rows wide (test/bench/visualizer-tuning-log.md#0084).
 * `depthOf` is a row's depth below the column's typical row, over `rows` rows.
 */
export function gapsOverStreaks(
  cuts: number[],
  streaks: number[],
  depthOf: (row: number) => number,
  rows: number,
): boolean {
  const deepest = (measure: (row: number) => number) => Math.max(0, ...streaks.map(measure));
  if (Math.min(...cuts.map(depthOf)) >= GAP_OVER_STREAK * deepest(depthOf)) return true;
  const darkness = (row: number) => bandDarkness(row, depthOf, rows);
  return Math.min(...cuts.map(darkness)) >= GAP_OVER_STREAK * deepest(darkness);
}

/** A row's depth summed over its band: the rows about it at least half as deep, unbroken. */
function bandDarkness(row: number, depthOf: (row: number) => number, rows: number): number {
  const depth = depthOf(row);
  if (depth <= 0) return 0;
  let total = depth;
  for (let r = row - 1; r >= 0 && depthOf(r) >= depth / 2; r--) total += depthOf(r);
  for (let r = row + 1; r < rows && depthOf(r) >= depth / 2; r++) total += depthOf(r);
  return total;
}

/**
 * The rows `[start, end)` of a column that are of its finish (`ofFinish`, row by row): the
 * longest run holding no stretch off it as tall as a drawer's least side, from a row of it or a
 * row `darker` than it to another. A gap, a plinth or a countertop's edge is thinner; a floor the
 * stretch ran on into is not.
 */
function ofOneFinish(ofFinish: boolean[], darker: boolean[], shortest: number): [number, number] {
  let best: [number, number] = [0, 0];
  let [from, off] = [0, 0];
  for (let y = 0; y <= ofFinish.length; y++) {
    const ended = y === ofFinish.length;
    off = !ended && !ofFinish[y] ? off + 1 : 0;
    if (!ended && off < shortest) continue;
    // The run ends where the rows off the finish began.
    const to = ended ? y : y - off + 1;
    if (to - from > best[1] - best[0]) best = [from, to];
    from = y + 1;
  }
  // Nor does it start or end on one but a line darker than the finish (the stack's own top or
  // bottom line): a countertop's edge, a shadow's paler rim.
  const trimmed = (y: number) => !ofFinish[y] && !darker[y];
  while (best[0] < best[1] && trimmed(best[0])) best[0]++;
  while (best[1] > best[0] && trimmed(best[1] - 1)) best[1]--;
  return best;
}
