/**
 * Something standing in front of a run of fronts (a plant, a bin, a chair, a bag) hides part of
 * it: the regions of the doors behind it run into the thing and into one another, and are lost.
 * The doors still continue behind it, between the run's top and bottom lines. A thing standing
 * on the floor shows as one surface, not of the run's finish, running on down across the run's
 * bottom line where that line is gone; an oven or a dishwasher in the run ends at the run's lines.
 * Between the nearest fronts found on either side of such a crossing, the pixels of the run's
 * finish between its lines are the doors behind it; the thing itself and a rim round it are left
 * alone.
 */
import type { CabinetDetection, RgbImage } from './cabinet-detector.js';
import { CornerTracker, type FrontOutline, type Point } from './front-outlines.js';

const { abs, max, min, round } = Math;

interface Colour {
  r: number;
  g: number;
  b: number;
}

export interface BehindRules {
  /** How far apart (pixels) two corners may lie and still be on one line. */
  tolerance: number;
  /** The narrowest stretch (pixels) of a line that a thing in front must cross. */
  minCrossing: number;
  /** Whether a pixel is of a run's finish, the shade falling across a run allowed. */
  ofFinish(pixel: Colour, finish: Colour): boolean;
  /** Whether two colours are one surface under one light. */
  oneSurface(a: Colour, b: Colour): boolean;
  /** Daylight through a window: no thing in front. */
  overexposed(colour: Colour): boolean;
}

/** A run's top or bottom line, from its left end to its right one, in pixels. */
type Line = [Point, Point];

interface Band {
  top: Line;
  bottom: Line;
  minX: number;
  maxX: number;
}

/** Columns of a band where fronts found fill at least this share stop the doors behind. */
const FOUND_COLUMN = 0.9;
/** Pixels above and below a line whose colours are compared. */
const SIDE_FROM = 3;
const SIDE_TO = 6;
/** Crossing columns may be apart by this many pixels and still be one stretch. */
const CROSSING_BREAK = 2;
/** Pixels within this of the thing in front are left: its outline blends into the door. */
const OBJECT_RIM = 2;
/** Share of a hidden stretch along which each of the run's lines must be seen or crossed. */
const RUNS_ON = 0.8;
/** Share of a band's height a line down it must run to be a front's side. */
const SIDE_LINE = 0.9;
/** Share of a column lined at most where it is bare wall past the run's end. */
const BARE_COLUMN = 0.1;
/** Share of a column that may be of something in front where a front's side is looked for. */
const CLEAR_COLUMN = 0.05;
/** Within this many pixels of a line a column counts as lined. */
const LINE_REACH = 3;

/** Adds, as one front each, the doors hidden behind things standing in front of a run. */
export function paintFrontsBehind(
  base: CabinetDetection,
  boundaries: Uint8Array,
  image: RgbImage,
  rules: BehindRules,
): void {
  const found = base.mask.slice();
  for (const band of runBands(base.outlines, image, rules.tolerance)) {
    const finish = bandFinish(band, found, image);
    if (!finish) continue;
    const lines = new BandLines(band, boundaries, image, finish, rules);
    for (const [from, to] of lines.crossings()) {
      const [left, right] = lines.hiddenStretch(found, from, to);
      if (lines.runsOn(left, right)) paintBehind(base, band, image, finish, rules, left, right);
    }
  }
}

function luminance({ r, g, b }: Colour): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** The y of a line at x (it slants in a photo taken at an angle). */
function yOn([[x0, y0], [x1, y1]]: Line, x: number): number {
  return x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/**
 * The bands between a run's top and bottom lines: a top line that two fronts or more share and a
 * bottom line that two or more share, with a front (a full-height door) on both.
 */
function runBands(outlines: FrontOutline[], image: RgbImage, tolerance: number): Band[] {
  const corners = outlines.map((outline) =>
    outline.map(([x, y]): Point => [x * image.width, y * image.height]),
  );
  const onLine = (line: Line, point: Point) => abs(yOn(line, point[0]) - point[1]) <= tolerance;
  const lineGroups = (left: number, right: number) => {
    const groups: number[][] = [];
    for (let a = 0; a < corners.length; a++) {
      const group = corners.flatMap((_, b) => {
        const line: Line = [corners[a][left], corners[a][right]];
        return onLine(line, corners[b][left]) && onLine(line, corners[b][right]) ? [b] : [];
      });
      const key = group.join();
      if (group.length >= 2 && !groups.some((other) => other.join() === key)) groups.push(group);
    }
    return groups;
  };
  /** The straight line best through the group's corners on that side (least squares). */
  const through = (group: number[], left: number, right: number): Line => {
    const points = group.flatMap((front) => [corners[front][left], corners[front][right]]);
    const n = points.length;
    const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
    const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
    const spread = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
    const slope = spread
      ? points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0) / spread
      : 0;
    const xs = points.map(([x]) => x);
    const [from, to] = [min(...xs), max(...xs)];
    return [
      [from, meanY + slope * (from - meanX)],
      [to, meanY + slope * (to - meanX)],
    ];
  };
  const bands: Band[] = [];
  for (const tops of lineGroups(0, 1)) {
    for (const bottoms of lineGroups(3, 2)) {
      if (!tops.some((front) => bottoms.includes(front))) continue;
      const members = [...new Set([...tops, ...bottoms])];
      bands.push({
        top: through(tops, 0, 1),
        bottom: through(bottoms, 3, 2),
        minX: max(0, round(min(...members.map((front) => corners[front][0][0])))),
        maxX: min(image.width - 1, round(max(...members.map((front) => corners[front][1][0])))),
      });
    }
  }
  return bands;
}

/** Each band column's pixel rows, inside its lines. */
function columnRows(band: Band, x: number, height: number): [number, number] {
  return [max(0, round(yOn(band.top, x)) + 1), min(height - 1, round(yOn(band.bottom, x)) - 1)];
}

/** The median colour of the fronts found in a band: the run's finish. */
function bandFinish(band: Band, found: Uint8Array, image: RgbImage): Colour | null {
  const counts = [0, 1, 2].map(() => new Uint32Array(256));
  let pixels = 0;
  for (let x = band.minX; x <= band.maxX; x++) {
    const [top, bottom] = columnRows(band, x, image.height);
    for (let y = top; y <= bottom; y++) {
      const i = y * image.width + x;
      if (!found[i]) continue;
      pixels++;
      for (let channel = 0; channel < 3; channel++) counts[channel][image.data[i * 3 + channel]]++;
    }
  }
  if (!pixels) return null;
  const [r, g, b] = counts.map((count) => {
    let value = 0;
    for (let below = count[0]; below < pixels / 2; below += count[++value]);
    return value;
  });
  return { r, g, b };
}

/** The mean colour of a few pixels of column x from row `from` to row `to`. */
function columnColour(image: RgbImage, x: number, from: number, to: number): Colour | null {
  if (from < 0 || to >= image.height) return null;
  const colour = { r: 0, g: 0, b: 0 };
  for (let y = from; y <= to; y++) {
    const i = (y * image.width + x) * 3;
    colour.r += image.data[i];
    colour.g += image.data[i + 1];
    colour.b += image.data[i + 2];
  }
  const n = to - from + 1;
  return { r: colour.r / n, g: colour.g / n, b: colour.b / n };
}

/**
 * A band's lines as the picture shows them: where each is lined, where something in front of the
 * run crosses it, and how far along the run they go past the fronts found.
 */
class BandLines {
  /** The columns the run reaches: past the fronts found, while its bottom line is lined or crossed. */
  readonly reach: [number, number];
  /** What the run's lines have beyond them where they are lined (the worktop, the plinth). */
  private readonly beyond: Map<Line, Colour | null>;

  constructor(
    private readonly band: Band,
    private readonly boundaries: Uint8Array,
    private readonly image: RgbImage,
    private readonly finish: Colour,
    private readonly rules: BehindRules,
  ) {
    this.beyond = new Map([
      [band.top, this.beyondLine(band.top, -1)],
      [band.bottom, this.beyondLine(band.bottom, 1)],
    ]);
    // A thing in front stands on the floor: the run goes on as far as its bottom line does.
    const goesOn = (x: number) => this.lined(band.bottom, x) || this.crossed(band.bottom, x);
    let left = band.minX;
    while (left > 0 && goesOn(left - 1)) left--;
    let right = band.maxX;
    while (right < image.width - 1 && goesOn(right + 1)) right++;
    this.reach = [left, right];
  }

  /**
   * Stretches [from, to] of columns where something not of the run's finish runs on, as one
   * surface, across the run's bottom line, and the line is gone there. Only the run's own bottom
   * line, with no front of its finish below it: an oven's glass runs across the line between two
   * drawers of the stack beside it, a thing standing on the floor runs down past the run.
   */
  crossings(): [number, number][] {
    if (!this.runsDownToItsEnd()) return [];
    const stretches: [number, number][] = [];
    let start = -1;
    let last = -Infinity;
    const close = () => {
      if (start >= 0 && last - start + 1 >= this.rules.minCrossing) stretches.push([start, last]);
    };
    for (let x = this.reach[0]; x <= this.reach[1]; x++) {
      if (!this.crossed(this.band.bottom, x)) continue;
      if (x - last > CROSSING_BREAK + 1) {
        close();
        start = x;
      }
      last = x;
    }
    close();
    return stretches;
  }

  /**
   * From a crossing out to the nearest columns on either side that fronts found fill; past the
   * fronts found, to the run's side: a line down the band's whole height.
   */
  hiddenStretch(found: Uint8Array, from: number, to: number): [number, number] {
    const { band, image } = this;
    const filled = (x: number) => {
      const [top, bottom] = columnRows(band, x, image.height);
      let covered = 0;
      for (let y = top; y <= bottom; y++) if (found[y * image.width + x]) covered++;
      return covered >= FOUND_COLUMN * (bottom - top + 1);
    };
    const ends = (x: number) =>
      filled(x) || this.paleSide(x) || ((x < band.minX || x > band.maxX) && this.runEnds(x));
    let left = from;
    while (left > this.reach[0] && !ends(left - 1)) left--;
    let right = to;
    while (right < this.reach[1] && !ends(right + 1)) right++;
    return [left, right];
  }

  /**
   * Whether column `x` is the pale side of something in the run (an oven's or a dishwasher's
   * frame), seen above and below the thing in front: lighter than the run's finish past its shade
   * at the band's top and at its bottom, and no more than a few pixels of the finish between them,
   * the rest the thing in front. A door's side is a gap of the finish, darker, and grain streaks
   * beside the thing are of the finish too; the doors behind the thing do not run on through the
   * frame (test/bench/visualizer-tuning-log.md#0104).
   */
  private paleSide(x: number): boolean {
    const { band, image, finish, rules } = this;
    const [top, bottom] = columnRows(band, x, image.height);
    if (bottom - top < 2 * SIDE_TO) return false;
    const pale = (from: number, to: number) => {
      const colour = columnColour(image, x, from, to);
      return !!colour && luminance(colour) > luminance(finish) && !rules.ofFinish(colour, finish);
    };
    if (!pale(top, top + SIDE_FROM) || !pale(bottom - SIDE_FROM, bottom)) return false;
    let ofFinish = 0;
    for (let y = top; y <= bottom; y++) {
      const i = (y * image.width + x) * 3;
      const pixel = { r: image.data[i], g: image.data[i + 1], b: image.data[i + 2] };
      if (rules.ofFinish(pixel, finish)) ofFinish++;
    }
    return ofFinish <= CLEAR_COLUMN * (bottom - top + 1);
  }

  /**
   * Whether both of the run's lines run on across columns `left` to `right`, seen or crossed by
   * the thing in front: doors hidden behind it still show their tops and bottoms beside it; the
   * wall between two runs of wall units (a window in it) does not.
   */
  runsOn(left: number, right: number): boolean {
    return [this.band.top, this.band.bottom].every((line) => {
      let seen = 0;
      for (let x = left; x <= right; x++) if (this.lined(line, x) || this.crossed(line, x)) seen++;
      return seen >= RUNS_ON * (right - left + 1);
    });
  }

  private lined(line: Line, x: number): boolean {
    const y = round(yOn(line, x));
    const { width, height } = this.image;
    for (let row = max(0, y - LINE_REACH); row <= min(height - 1, y + LINE_REACH); row++) {
      if (this.boundaries[row * width + x]) return true;
    }
    return false;
  }

  private crossed(line: Line, x: number): boolean {
    const y = round(yOn(line, x));
    if (this.lined(line, x)) return false;
    const above = columnColour(this.image, x, y - SIDE_TO, y - SIDE_FROM);
    const below = columnColour(this.image, x, y + SIDE_FROM, y + SIDE_TO);
    if (!above || !below) return false;
    const inFront = (side: Colour) =>
      !this.rules.ofFinish(side, this.finish) && !this.rules.overexposed(side);
    const beyond = this.beyond.get(line);
    const farSide = line === this.band.top ? above : below;
    return (
      inFront(above) &&
      inFront(below) &&
      this.rules.oneSurface(above, below) &&
      !(beyond && this.rules.oneSurface(farSide, beyond))
    );
  }

  /**
   * Whether the band's bottom line is where the run ends: along most of it where it is lined,
   * what is below (a plinth, the floor) is not of one surface with the front above it, as the
   * next drawer of a stack would be.
   */
  private runsDownToItsEnd(): boolean {
    const { bottom } = this.band;
    let lined = 0;
    let ends = 0;
    for (let x = this.band.minX; x <= this.band.maxX; x++) {
      if (!this.lined(bottom, x)) continue;
      const y = round(yOn(bottom, x));
      const above = columnColour(this.image, x, y - SIDE_TO, y - SIDE_FROM);
      const below = columnColour(this.image, x, y + SIDE_FROM, y + SIDE_TO);
      if (!above || !below) continue;
      lined++;
      if (!this.rules.oneSurface(above, below)) ends++;
    }
    return ends > lined / 2;
  }

  /** The median colour beyond a line (`side` -1 above it, 1 below) where it is lined. */
  private beyondLine(line: Line, side: -1 | 1): Colour | null {
    const channels: number[][] = [[], [], []];
    for (let x = this.band.minX; x <= this.band.maxX; x++) {
      if (!this.lined(line, x)) continue;
      const y = round(yOn(line, x));
      const [from, to] = side < 0 ? [y - SIDE_TO, y - SIDE_FROM] : [y + SIDE_FROM, y + SIDE_TO];
      const colour = columnColour(this.image, x, from, to);
      if (!colour) continue;
      channels[0].push(colour.r);
      channels[1].push(colour.g);
      channels[2].push(colour.b);
    }
    if (!channels[0].length) return null;
    const [r, g, b] = channels.map((values) => values.sort((p, q) => p - q)[values.length >> 1]);
    return { r, g, b };
  }

  /**
   * The run's end at x: a line down most of the band's height (give or take a pixel), a front's
   * side, or bare wall.
   */
  private runEnds(x: number): boolean {
    const { width, height } = this.image;
    const [top, bottom] = columnRows(this.band, x, height);
    let lined = 0;
    let inFront = 0;
    for (let y = top; y <= bottom; y++) {
      const i = (y * width + x) * 3;
      const pixel = { r: this.image.data[i], g: this.image.data[i + 1], b: this.image.data[i + 2] };
      if (!this.boundaries[y * width + x] && !this.rules.ofFinish(pixel, this.finish)) inFront++;
      for (let column = max(0, x - 1); column <= min(width - 1, x + 1); column++) {
        if (this.boundaries[y * width + column]) {
          lined++;
          break;
        }
      }
    }
    // The thing in front has sides of its own; a front's side has the run's finish beside it.
    // Bare wall past the run's end has no lines but the run's own two.
    const rows = bottom - top + 1;
    if (inFront > CLEAR_COLUMN * rows) return false;
    return lined >= SIDE_LINE * rows || lined <= BARE_COLUMN * rows;
  }
}

/** Paints, as one front, the band's pixels of its finish from `left` to `right` not yet found. */
function paintBehind(
  base: CabinetDetection,
  band: Band,
  image: RgbImage,
  finish: Colour,
  rules: BehindRules,
  left: number,
  right: number,
): void {
  const { width, height, data } = image;
  const pixel = (x: number, y: number): Colour => {
    const i = (y * width + x) * 3;
    return { r: data[i], g: data[i + 1], b: data[i + 2] };
  };
  const clearOfThing = (x: number, y: number) => {
    for (let dy = -OBJECT_RIM; dy <= OBJECT_RIM; dy++) {
      for (let dx = -OBJECT_RIM; dx <= OBJECT_RIM; dx++) {
        const px = min(width - 1, max(0, x + dx));
        const py = min(height - 1, max(0, y + dy));
        if (!rules.ofFinish(pixel(px, py), finish)) return false;
      }
    }
    return true;
  };
  const index = base.outlines.length + 1;
  const luminance = max(1, round(0.299 * finish.r + 0.587 * finish.g + 0.114 * finish.b));
  const corners = new CornerTracker();
  let painted = 0;
  for (let x = left; x <= right; x++) {
    const [top, bottom] = columnRows(band, x, height);
    for (let y = top; y <= bottom; y++) {
      const i = y * width + x;
      if (base.mask[i] || !clearOfThing(x, y)) continue;
      base.mask[i] = 255;
      base.frontIndex[i] = index;
      base.finishLuminance[i] = luminance;
      corners.add(x, y);
      painted++;
    }
  }
  if (!painted) return;
  base.outlines.push(corners.outline(width, height, 0));
  base.fronts = base.outlines.length;
}
