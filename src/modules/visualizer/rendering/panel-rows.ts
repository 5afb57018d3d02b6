import type { Box } from './box.js';
/**
 * Shaker panels seen on their own. A shaker door is a frame round an inset panel; on white doors
 * on a white wall the panel's shaded top and left edges can be all that shows: an L of two lines
 * meeting at the panel's top-left corner, as long as the panel is wide and tall. Doors stand in
 * rows (the same height) and stacks (the same width), so their panels do too, and two panels side
 * by side are apart by the two frames and the gap between the doors: half that space is how far
 * each door reaches outside its panel.
 */

const { abs, max, min, round } = Math;

/** A panel's top-left corner: where a line along its top meets one down its left side. */
export interface PanelCorner {
  x: number;
  y: number;
  /** How far the top line runs on to the right, and the left line down. */
  width: number;
  height: number;
}

/**
 * Two frames and a gap are at least this share of a panel's shortest side: lines a few pixels
 * apart (streaks on an appliance) are no two doors.
 */
const MIN_FRAMES = 0.15;

/**
 * Of two panels as wide in a row whose side lines end at different lengths, the shorter line runs
 * at least this share of the longer: a line broken off sooner, or one running on that far (an
 * appliance's side), is no panel's.
 */
export const MIN_BROKEN_SHARE = 0.5;

/**
 * A hole inside a line is at most this many pixels across and down: a handle standing on a
 * panel's side line makes the line a thick blob there, and the handle's own face can read as a
 * few pixels of no line wholly inside it
 * (test/bench/visualizer-tuning-log.md#0093).
 */
const HOLE = 8;

export interface PanelDoor extends Box {
  panel: PanelCorner;
}

/**
 * Every top-left corner of two lines meeting, each at least `shortest` pixels long (a front's
 * shortest side): the first pixel (reading down, then right) of a line that runs on both right
 * and down that far. With `slanted`, a line across may step a row up or down at any column: a
 * panel's top line seen at an angle slants, and a thick one then ends row by row well short of
 * the panel's width (test/bench/visualizer-tuning-log.md#0089).
 */
export function panelCorners(
  boundaries: Uint8Array,
  width: number,
  height: number,
  shortest: number,
  slanted = false,
): PanelCorner[] {
  const across = new Uint16Array(boundaries.length);
  const down = new Uint16Array(boundaries.length);
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      if (!boundaries[i]) continue;
      down[i] = 1 + (y + 1 < height ? down[i + width] : 0);
      if (!slanted) across[i] = 1 + (x + 1 < width ? across[i + 1] : 0);
    }
  }
  // With `slanted` only: column by column from the right, so the next column's runs are known.
  for (let x = slanted ? width - 1 : -1; x >= 0; x--) {
    for (let y = 0; y < height; y++) {
      const i = y * width + x;
      if (!boundaries[i]) continue;
      const next = x + 1 < width ? i + 1 : -1;
      const on =
        next < 0
          ? 0
          : max(
              across[next],
              y > 0 ? across[next - width] : 0,
              y + 1 < height ? across[next + width] : 0,
            );
      across[i] = 1 + on;
    }
  }
  const corners: PanelCorner[] = [];
  const isCorner = (i: number) => across[i] >= shortest && down[i] >= shortest;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!isCorner(i) || (x > 0 && isCorner(i - 1)) || (y > 0 && isCorner(i - width))) continue;
      corners.push({ x, y, width: across[i], height: down[i] });
    }
  }
  return corners;
}

/**
 * The corners with the side line of each that ended short of a panel level with it read on
 * through holes wholly inside the line (`holeDown`), where it then runs as far down as that
 * panel's (within `tolerance`): a handle standing on a panel's side line leaves a hole in the
 * thick blob it makes there, and a line read down one column ends at it. Other corners are as
 * given (test/bench/visualizer-tuning-log.md#0093).
 */
export function sideLinesThroughHoles(
  corners: PanelCorner[],
  boundaries: Uint8Array,
  width: number,
  height: number,
  tolerance: number,
): PanelCorner[] {
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  // Beside it as the next door's panel is (0036): apart by two frames and a gap, no further than
  // the shorter one's shortest side.
  const beside = (a: PanelCorner, b: PanelCorner) => {
    const space = b.x > a.x ? b.x - (a.x + a.width) : a.x - (b.x + b.width);
    const reach = min(a.width, a.height, b.width, b.height);
    return space >= MIN_FRAMES * reach && space <= reach;
  };
  // Only L's level with each other are compared: sorted by their tops, each looks at a window.
  const byTop = [...corners].sort((a, b) => a.y - b.y);
  const levelWith = (corner: PanelCorner) => {
    let from = 0;
    let to = byTop.length;
    while (from < to) {
      const mid = (from + to) >> 1;
      if (byTop[mid].y < corner.y - tolerance) from = mid + 1;
      else to = mid;
    }
    const level: PanelCorner[] = [];
    for (let k = from; k < byTop.length && byTop[k].y <= corner.y + tolerance; k++) {
      level.push(byTop[k]);
    }
    return level;
  };
  // A panel with a partner of its own is a pair's already, and the doors along its row come with
  // it (0043), however its neighbour's side line broke.
  const partners = new Map<PanelCorner, boolean>();
  const partnered = (panel: PanelCorner) => {
    if (!partners.has(panel)) {
      const asTall = (other: PanelCorner) => near(other.height, panel.height);
      partners.set(
        panel,
        levelWith(panel).some((other) => asTall(other) && beside(other, panel)),
      );
    }
    return partners.get(panel)!;
  };
  return corners.map((corner) => {
    const taller = levelWith(corner).filter(
      (other) => corner.height < MIN_BROKEN_SHARE * other.height && !partnered(other),
    );
    if (!taller.length) return corner;
    const reach = max(...taller.map((other) => other.height)) + tolerance;
    const down = lineDown(boundaries, width, min(height, corner.y + reach + 1), corner.x, corner.y);
    const through = { ...corner, height: down };
    return taller.some((other) => near(other.height, through.height) && beside(through, other))
      ? through
      : corner;
  });
}

/** How far a line runs down column `x` from row `y`, on through holes wholly inside it. */
function lineDown(
  boundaries: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
): number {
  let at = y;
  while (at < height && boundaries[at * width + x]) {
    at++;
    if (at < height && !boundaries[at * width + x])
      at += holeDown(boundaries, width, height, x, at);
  }
  return at - y;
}

/**
 * How many rows of column `x` from row `y` down are no line but a hole wholly inside one: no
 * such pixel joins (side by side or one above the other) others reaching `HOLE` pixels or more
 * across or down, or the picture's edge. Zero where they are not so enclosed.
 */
export function holeDown(
  boundaries: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
): number {
  let rows = 0;
  while (rows < HOLE && y + rows < height && !boundaries[(y + rows) * width + x]) rows++;
  if (rows === HOLE || y + rows >= height) return 0;
  // All of it, four ways from the first pixel, stays within `HOLE` pixels across and down: it is
  // held in a box `HOLE` pixels either side of the first, and fewer than `HOLE` squared pixels.
  const side = 2 * HOLE + 1;
  const seen = new Uint8Array(side * side);
  const queue = new Int32Array(2 * HOLE * HOLE);
  let [left, right, top, bottom] = [x, x, y, y];
  let queued = 0;
  const visit = (nx: number, ny: number) => {
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) return false;
    if (boundaries[ny * width + nx]) return true;
    const at = (ny - y + HOLE) * side + nx - x + HOLE;
    if (seen[at]) return true;
    left = min(left, nx);
    right = max(right, nx);
    top = min(top, ny);
    bottom = max(bottom, ny);
    if (right - left >= HOLE || bottom - top >= HOLE || queued === queue.length) return false;
    seen[at] = 1;
    queue[queued++] = nx;
    queue[queued++] = ny;
    return true;
  };
  visit(x, y);
  while (queued) {
    const qy = queue[--queued];
    const qx = queue[--queued];
    if (!visit(qx - 1, qy) || !visit(qx + 1, qy) || !visit(qx, qy - 1) || !visit(qx, qy + 1)) {
      return 0;
    }
  }
  return rows;
}

/**
 * The door round each panel that has a neighbour of its kind: level with it and as tall (a row,
 * whose panels may differ in width as drawer columns do), level with it and as wide (a row of
 * doors whose panels' left lines broke off in deep shade, or ran on into a line beyond, at
 * different lengths, within `MIN_BROKEN_SHARE`), or lined up with it and as wide (a stack), no further from it than the
 * shorter one's shortest side and far enough for two frames (`MIN_FRAMES`). The door reaches half
 * the space to its nearest such neighbour outside the panel on every side: a shaker door's frame
 * is as wide along its sides as along its top and bottom. Panels level with each other pair only
 * where `apart` says they stand apart as two doors' panels do (`panelsApart`).
 */
export function doorsAroundPanelRows(
  corners: PanelCorner[],
  tolerance: number,
  apart: (left: PanelCorner, right: PanelCorner) => boolean = () => true,
): PanelDoor[] {
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const shortestSide = (c: PanelCorner) => min(c.width, c.height);
  const spaceBetween = (a: PanelCorner, b: PanelCorner): number | null => {
    const reach = min(shortestSide(a), shortestSide(b));
    const fits = (space: number) => (space >= MIN_FRAMES * reach && space <= reach ? space : null);
    const asWide =
      near(a.width, b.width) &&
      min(a.height, b.height) >= MIN_BROKEN_SHARE * max(a.height, b.height);
    if (near(a.y, b.y) && (near(a.height, b.height) || asWide)) {
      const space = b.x > a.x ? b.x - (a.x + a.width) : a.x - (b.x + b.width);
      if (fits(space) !== null && apart(a, b)) return space;
    }
    if (near(a.x, b.x) && near(a.width, b.width)) {
      return fits(b.y > a.y ? b.y - (a.y + a.height) : a.y - (b.y + b.height));
    }
    return null;
  };
  const level = (a: PanelCorner, b: PanelCorner) => near(a.y, b.y);
  // A panel whose height a neighbour in its row, as tall, bears out.
  const borneOut = new Set(
    corners.filter((c) =>
      corners.some(
        (o) => o !== c && level(c, o) && near(c.height, o.height) && spaceBetween(c, o) !== null,
      ),
    ),
  );
  // A panel that none bears out is as tall as a neighbour in its row, as wide, that one bears
  // out; else as the shortest of them and itself, which is panel either way.
  const heightInRow = (corner: PanelCorner, neighbours: PanelCorner[]) => {
    const asWide = neighbours.filter((o) => level(corner, o) && near(corner.width, o.width));
    if (borneOut.has(corner) || !asWide.length) return corner.height;
    const sure = asWide.filter((o) => borneOut.has(o)).map(({ height }) => height);
    return sure.length ? max(...sure) : min(corner.height, ...asWide.map(({ height }) => height));
  };
  return corners.flatMap((corner) => {
    const neighbours = corners.flatMap((other) => {
      const space = other === corner ? null : spaceBetween(corner, other);
      return space === null ? [] : [{ other, space }];
    });
    if (!neighbours.length) return [];
    const frame = round(min(...neighbours.map(({ space }) => space)) / 2);
    const panel = {
      ...corner,
      height: heightInRow(
        corner,
        neighbours.map(({ other }) => other),
      ),
    };
    return [
      {
        panel,
        minX: panel.x - frame,
        minY: panel.y - frame,
        maxX: panel.x + panel.width - 1 + frame,
        maxY: panel.y + panel.height - 1 + frame,
      },
    ];
  });
}

/**
 * Two frames and a gap up to this share of the wider panel are a shaker pair's (frames up to a
 * sixth of the door's width each); a wider space may be a whole door between two flat doors'
 * outlines, and is looked into.
 */
const WIDE_SPACE = 0.5;
/**
 * Of a wide space between two panels level with each other, the share of its columns that the
 * line along the panels' tops runs across: one line past both, the row's own top line.
 */
const SHARED_LINE = 0.8;
/**
 * A line met there that runs on this many times the reach up or down from the panels' tops is one
 * across the space (a streak of grain, the gap between two doors), not along it; two lines along
 * it (a door's top edge and the wall's) run together into a thick one.
 */
const ACROSS_REACH = 4;
/** Of the panels' height side by side, the share along which the gap between their doors shows. */
const GAP_LINED = 0.5;

/**
 * Whether two panels level with each other stand apart as two shaker doors' do. Between two
 * shaker panels are two frames and the gap between the doors; flat doors' outlines taken for
 * panels pair two doors apart, the door between them the space: the row's top line runs on across
 * it at the panels' tops, and no gap runs down its middle. A space no wider than frames can be
 * is not looked into: there a door's top edge runs together with its panel's
 * (test/bench/visualizer-tuning-log.md#0074).
 */
export function panelsApart(
  boundaries: Uint8Array,
  width: number,
  a: PanelCorner,
  b: PanelCorner,
  reach: number,
): boolean {
  const [left, right] = a.x <= b.x ? [a, b] : [b, a];
  const [from, to] = [left.x + left.width, right.x - 1];
  const space = to - from + 1;
  if (space <= WIDE_SPACE * max(a.width, b.width)) return true;
  const height = boundaries.length / width;
  const lineAt = (x: number, y: number) => y >= 0 && y < height && boundaries[y * width + x] === 1;
  // Along the straight line from one corner to the other (slanting in a photo taken at an angle).
  const slope = (right.y - left.y) / (right.x - left.x);
  let crossed = 0;
  for (let x = from; x <= to; x++) {
    const middle = round(left.y + slope * (x - left.x));
    let y = middle - reach;
    while (y <= middle + reach && !lineAt(x, y)) y++;
    if (y > middle + reach) continue;
    let [first, last] = [y, y];
    while (first > middle - ACROSS_REACH * reach && lineAt(x, first - 1)) first--;
    while (last < middle + ACROSS_REACH * reach && lineAt(x, last + 1)) last++;
    if (first > middle - ACROSS_REACH * reach && last < middle + ACROSS_REACH * reach) crossed++;
  }
  if (crossed < SHARED_LINE * space) return true;
  // The gap between two doors, anywhere in the space's middle half, down the panels' height.
  const [top, bottom] = [max(a.y, b.y), min(a.y + a.height, b.y + b.height) - 1];
  for (let x = from + (space >> 2); x <= to - (space >> 2); x++) {
    let lined = 0;
    for (let y = top; y <= bottom; y++) if (lineAt(x, y)) lined++;
    if (bottom >= top && lined >= GAP_LINED * (bottom - top + 1)) return true;
  }
  return false;
}

/** Lines inside a plain panel, besides its handle: a share of its pixels (a lamp's glint). */
const STRAY_LINES = 0.04;
/** A handle's box, as a share of its panel's: tiles' grout or a window's bars span the whole. */
const HANDLE_SHARE = 0.4;

/**
 * A line no thicker than this (pixels) across, however long, is a streak of wood grain on the
 * panel, not a thing on it: grout, a window's bars and leaves are lines that turn.
 */
const GRAIN_STREAK = 3;
/**
 * A blob of lines at least this many times as long as it is thick is streaks of grain run together
 * (hard light on grain makes bands of them several pixels across); a leaf's outline or a window's
 * bars are not so drawn out.
 */
const STREAK_ELONGATION = 3;

/**
 * Whether a panel is plain: inside the L that bounds it, clear of its edges (as far in as the L's
 * lines are thick, and `margin` more), the lines are one handle-sized blob (its handle's
 * outline), or none, and hardly anything else. With `grain`, streaks (as wood grain makes) do not
 * count: a panel whose row bears it out is not vetoed by its grain, while a lone pair of streaked
 * panels is as likely an appliance's brushed steel. With `grain: 'down'`, only streaks running
 * down the panel count as grain: one running across it is an edge (a freezer door's, a drawer's)
 * (test/bench/visualizer-tuning-log.md#0072). With `hiddenBelow`, the
 * panel's side line was cut short by something in front of the door: lines reaching the bottom of
 * the part seen are that thing's outline, unless they reach its top as well: tiles' grout and
 * floor planks' joints run all over the part seen
 * (test/bench/visualizer-tuning-log.md#0061).
 */
export function isPlainPanel(
  boundaries: Uint8Array,
  width: number,
  panel: PanelCorner,
  margin: number,
  { grain = false, hiddenBelow = false }: { grain?: boolean | 'down'; hiddenBelow?: boolean } = {},
): boolean {
  const thickness = (from: number, step: number, limit: number) => {
    let k = 0;
    while (k < limit && boundaries[from + k * step]) k++;
    return k;
  };
  // Measured at a quarter, half and three quarters of each line, the thinnest: a streak of grain
  // meeting the line at one of them runs on far inside.
  const thinnest = (at: (quarter: number) => number) => min(at(1), at(2), at(3));
  const inset =
    margin +
    max(
      thinnest((q) =>
        thickness(panel.y * width + panel.x + ((q * panel.width) >> 2), width, panel.height >> 2),
      ),
      thinnest((q) =>
        thickness((panel.y + ((q * panel.height) >> 2)) * width + panel.x, 1, panel.width >> 2),
      ),
    );
  const [left, top] = [panel.x + inset, panel.y + inset];
  const w = panel.width - 2 * inset;
  const h = panel.height - 2 * inset;
  if (w <= 0 || h <= 0) return false;
  // Hot (every L a row's height is asked of): the window's lines copied out once, each cleared
  // as its blob is followed, on a typed stack.
  const area = w * h;
  const line = new Uint8Array(area);
  for (let y = 0; y < h; y++) {
    const from = (top + y) * width + left;
    for (let x = 0; x < w; x++) line[y * w + x] = boundaries[from + x] === 1 ? 1 : 0;
  }
  const stack = new Int32Array(area);
  let lines = 0;
  let handle = { pixels: 0, area: 0 };
  for (let start = 0; start < area; start++) {
    if (!line[start]) continue;
    line[start] = 0;
    stack[0] = start;
    let size = 1;
    let [pixels, minX, minY, maxX, maxY] = [0, w, h, 0, 0];
    while (size) {
      const j = stack[--size];
      const y = (j / w) | 0;
      const x = j - y * w;
      pixels++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x > 0 && line[j - 1]) {
        line[j - 1] = 0;
        stack[size++] = j - 1;
      }
      if (x + 1 < w && line[j + 1]) {
        line[j + 1] = 0;
        stack[size++] = j + 1;
      }
      if (y > 0 && line[j - w]) {
        line[j - w] = 0;
        stack[size++] = j - w;
      }
      if (y + 1 < h && line[j + w]) {
        line[j + w] = 0;
        stack[size++] = j + w;
      }
    }
    const across = min(maxX - minX + 1, maxY - minY + 1);
    const along = max(maxX - minX + 1, maxY - minY + 1);
    const downward = grain !== 'down' || maxY - minY > maxX - minX;
    const streak =
      grain && downward && (across <= GRAIN_STREAK || along >= STREAK_ELONGATION * across);
    if (streak || (hiddenBelow && maxY === h - 1 && minY > 0)) continue;
    lines += pixels;
    if (pixels > handle.pixels) {
      handle = { pixels, area: (maxX - minX + 1) * (maxY - minY + 1) };
    }
  }
  return lines - handle.pixels <= STRAY_LINES * w * h && handle.area <= HANDLE_SHARE * w * h;
}
