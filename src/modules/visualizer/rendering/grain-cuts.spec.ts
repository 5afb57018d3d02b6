import { GRAINED_DOORS } from '#test/support/rule-engine-scenes.js';
import { deepestDoorCuts, holdsStreak, pairsSplit, withoutGrain } from './grain-cuts.js';

const WIDTH = 500;
const HEIGHT = 300;
/** A share of the picture's height, so seldom a whole number of rows. */
const TOLERANCE = 5.4;
/** A door's shortest side, as the detector takes it: 5 % of the picture's height. */
const SHORTEST_SIDE = 15;
/** The streaks of grain are found as lines like the gaps. */
const { top: TOP, bottom: BOTTOM, gaps: GAPS, streaks: STREAKS } = GRAINED_DOORS;

/**
 * A row of near-black doors: gaps (luminance 10) and streaks (18, on doors of 30) both drawn as
 * lines three pixels wide from the row's top line to its bottom line. `oven` paints the second
 * door as an oven: a pale control strip over dark glass.
 */
function grainedRow(oven = false) {
  const boundaries = new Uint8Array(WIDTH * HEIGHT);
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3).fill(120);
  const paint = (x0: number, y0: number, x1: number, y1: number, grey: number, line: boolean) => {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        rgb.fill(grey, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
        if (line) boundaries[y * WIDTH + x] = 1;
      }
    }
  };
  paint(GAPS[0], TOP, GAPS[GAPS.length - 1], BOTTOM, 30, false);
  for (const x of STREAKS) paint(x - 1, TOP, x + 1, BOTTOM, 18, true);
  for (const x of GAPS) paint(x - 1, TOP - 2, x + 1, BOTTOM + 2, 10, true);
  paint(GAPS[0], TOP - 2, GAPS[GAPS.length - 1], TOP, 10, true);
  paint(GAPS[0], BOTTOM, GAPS[GAPS.length - 1], BOTTOM + 2, 10, true);
  if (oven) {
    paint(GAPS[1] + 2, TOP + 1, GAPS[2] - 2, TOP + 40, 200, false);
    paint(GAPS[1] + 2, TOP + 41, GAPS[2] - 2, BOTTOM - 1, 12, false);
  }
  return { boundaries, rgb, paint };
}

/**
 * The row of `grainedRow` seen at an angle: its top and bottom lines converge, so the sides of
 * the two doors on the right start `shift` rows lower and end as many higher than those on the
 * left, further than the lines' ends may lie apart and still be level.
 */
function angledRow(shift = 8) {
  const { boundaries, rgb, paint } = grainedRow();
  rgb.fill(120);
  boundaries.fill(0);
  const split = GAPS[2];
  const sides = (from: number, to: number, top: number, bottom: number) => {
    paint(from, top, to, bottom, 30, false);
    for (const x of STREAKS.filter((x) => x > from && x < to)) {
      paint(x - 1, top, x + 1, bottom, 18, true);
    }
    paint(from, top - 2, to, top, 10, true);
    paint(from, bottom, to, bottom + 2, 10, true);
    for (const x of GAPS.filter((x) => x >= from && x <= to)) {
      paint(x - 1, top - 2, x + 1, bottom + 2, 10, true);
    }
  };
  sides(split, GAPS[GAPS.length - 1], TOP + shift, BOTTOM - shift);
  sides(GAPS[0], split, TOP, BOTTOM);
  return { boundaries, rgb };
}

describe('withoutGrain', () => {
  // A three-pixel gap is cut at its first darkest column: the cut stands a pixel left of its middle.
  it('should cut a grained row at its gaps, the deepest lines that leave door-sized pieces, and take the streaks out', () => {
    const { boundaries, rgb } = grainedRow();
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    expect(grain.pieces.map(({ minX, maxX }) => [minX, maxX])).toEqual([
      [42, 137],
      [141, 237],
      [241, 337],
      [341, 438],
    ]);
    const middle = ((TOP + BOTTOM) / 2) * WIDTH;
    for (const x of STREAKS) expect(grain.cleared[middle + x]).toBe(0);
    for (const x of GAPS) expect(grain.cleared[middle + x]).toBe(1);
    // The row's own top and bottom lines stay.
    expect(grain.cleared[(TOP - 1) * WIDTH + 100]).toBe(1);
    expect(grain.cleared[(BOTTOM + 1) * WIDTH + 100]).toBe(1);
  });

  it('should leave an oven in the row as it is: its glass and control strip are no grain', () => {
    const { boundaries, rgb } = grainedRow(true);
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    expect(grain.pieces.map(({ minX }) => minX)).toEqual([42, 241, 341]);
    expect(grain.cleared[((TOP + BOTTOM) / 2) * WIDTH + 165]).toBe(1);
  });

  it("should start the first door past a strip of wall between the run's first line and it", () => {
    const { boundaries, rgb, paint } = grainedRow();
    // The run's first line is a fridge's side; wall shows between it and the door, whose own
    // side stops short of the row's top, so it is no line spanning the row.
    paint(GAPS[0] + 2, TOP - 2, GAPS[0] + 7, BOTTOM + 2, 120, false);
    paint(GAPS[0] + 8, TOP + 20, GAPS[0] + 10, BOTTOM, 10, true);
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    expect(grain.pieces[0].minX).toBe(GAPS[0] + 11);
    // The strip and the door's side are drawn in: cleared of its side, the door would run into
    // the wall.
    const middle = ((TOP + BOTTOM) / 2) * WIDTH;
    for (let x = GAPS[0] + 2; x <= GAPS[0] + 10; x++) expect(grain.cleared[middle + x]).toBe(1);
    expect(grain.cleared[(TOP + 5) * WIDTH + GAPS[0] + 9]).toBe(1);
  });

  it('should cut the doors of a run seen at an angle that only a lower band of its lines spans, past those a taller band cut', () => {
    const { boundaries, rgb } = angledRow();
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    expect(grain.pieces.map(({ minX }) => minX)).toEqual([42, 141, 241, 341]);
    const middle = ((TOP + BOTTOM) / 2) * WIDTH;
    for (const x of STREAKS) expect(grain.cleared[middle + x]).toBe(0);
    for (const x of GAPS) expect(grain.cleared[middle + x]).toBe(1);
  });

  it("should end the last door at a thick outer line's darkest column: the gap, not the streaks run into it", () => {
    const { boundaries, rgb, paint } = grainedRow();
    // The last door's two streaks nearest its side run together with the gap into one line.
    const last = GAPS[GAPS.length - 1];
    paint(last - 16, TOP, last - 2, BOTTOM, 18, true);
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    // The gap's first darkest column is its first: the cut is the three columns round it.
    expect(grain.pieces[grain.pieces.length - 1].maxX).toBe(last - 3);
  });

  it("should start the first door at a thick outer line's outer edge where a streak run into it is darker than its gap", () => {
    const { boundaries, rgb, paint } = grainedRow();
    // The first door's streaks nearest its side run together with the gap into one line 16 px
    // thick, and one of them is darker than the gap (near-black grain beside a faint gap).
    paint(GAPS[0] + 2, TOP, GAPS[0] + 14, BOTTOM, 27, true);
    paint(GAPS[0] + 12, TOP, GAPS[0] + 12, BOTTOM, 4, true);
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;

    expect(grain.pieces[0].minX).toBeLessThanOrEqual(GAPS[0] + 6);
  });

  it("should keep a door's own side just inside the run's outer line: it is no grain", () => {
    const { boundaries, rgb, paint } = grainedRow();
    // The last door's side, a line of its own beside the gap's (the two a few pixels apart at
    // other rows in a photo), of the door's colour.
    const last = GAPS[GAPS.length - 1];
    paint(last - 4, TOP, last - 2, BOTTOM, 30, true);
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    const middle = ((TOP + BOTTOM) / 2) * WIDTH;
    expect(grain.cleared[middle + last - 4]).toBe(1);
    // The streaks inside the door are taken out all the same.
    expect(grain.cleared[middle + STREAKS[STREAKS.length - 1]]).toBe(0);
  });

  it("should clear a line beside a cut where the run's end is a piece left as it is: only the run's own sides are kept", () => {
    const { boundaries, rgb, paint } = grainedRow();
    // The first door is an oven (a pale control strip over dark glass): the run's first piece is
    // left as it is, and the second door's side, beside the cut, is no side of the run.
    paint(GAPS[0] + 2, TOP + 1, GAPS[1] - 2, TOP + 40, 200, false);
    paint(GAPS[0] + 2, TOP + 41, GAPS[1] - 2, BOTTOM - 1, 12, false);
    paint(GAPS[1] + 2, TOP, GAPS[1] + 3, BOTTOM, 30, true);
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    expect(grain.pieces[0].minX).toBe(GAPS[1] + 1);
    expect(grain.cleared[((TOP + BOTTOM) / 2) * WIDTH + GAPS[1] + 3]).toBe(0);
  });

  it("should keep a shaded row's doors closed where its bottom line breaks into bits", () => {
    const { boundaries, rgb } = grainedRow();
    // The bottom line in bits 20 px long, every other one 4 rows lower: each shorter than a door
    // is wide, like a streak's end, and together closing the row.
    for (let x = GAPS[0] + 2; x < GAPS[GAPS.length - 1] - 1; x += 20) {
      if ((x - GAPS[0]) % 40 < 20) continue;
      for (let y = BOTTOM; y <= BOTTOM + 2; y++) {
        boundaries.fill(0, y * WIDTH + x, y * WIDTH + x + 20);
        boundaries.fill(1, (y + 4) * WIDTH + x - 1, (y + 4) * WIDTH + x + 21);
      }
    }
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    const closed = (x: number) =>
      [0, 1, 2, 3, 4, 5, 6].some((d) => grain.cleared[(BOTTOM + d) * WIDTH + x] === 1);
    for (const { minX, maxX } of grain.pieces) {
      for (let x = minX; x <= maxX; x++) expect(closed(x)).toBe(true);
    }
  });

  it('should take both doors of a pair cut at its middle as grained where only one holds a streak', () => {
    // Two doors 60 px wide and 150 tall, door-sized together; only the left one's streak spans
    // the row.
    const { boundaries, rgb, paint } = grainedRow();
    rgb.fill(120);
    boundaries.fill(0);
    paint(40, TOP, 160, BOTTOM, 30, false);
    paint(69, TOP, 71, BOTTOM, 18, true);
    for (const x of [40, 100, 160]) paint(x - 1, TOP - 2, x + 1, BOTTOM + 2, 10, true);
    paint(40, TOP - 2, 160, TOP, 10, true);
    paint(40, BOTTOM, 160, BOTTOM + 2, 10, true);
    const grain = withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)!;
    expect(grain.pieces.map(({ minX, maxX }) => [minX, maxX])).toEqual([
      [42, 97],
      [101, 158],
    ]);
  });

  it('should find nothing grained where a row has no more lines than its doors have sides', () => {
    const { boundaries, rgb } = grainedRow();
    for (const x of STREAKS) {
      for (let y = TOP; y <= BOTTOM; y++) boundaries.fill(0, y * WIDTH + x - 1, y * WIDTH + x + 2);
    }
    expect(withoutGrain(boundaries, rgb, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE)).toBeNull();
  });
});

describe('holdsStreak', () => {
  const piece = { from: 100, to: 200 };

  it('should take a line within the piece, clear of its ends, for a streak', () => {
    expect(holdsStreak(piece, { from: 149, to: 151 })).toBe(true);
  });

  it("should take the gap's line at the piece's end, a streak beside it at most, for no streak", () => {
    expect(holdsStreak(piece, { from: 98, to: 101 })).toBe(false);
    expect(holdsStreak(piece, { from: 98, to: 106 })).toBe(false);
    expect(holdsStreak(piece, { from: 196, to: 202 })).toBe(false);
  });

  it("should take a line run on from the piece's end well into it for its streaks run into the gap", () => {
    expect(holdsStreak(piece, { from: 98, to: 130 })).toBe(true);
    expect(holdsStreak(piece, { from: 170, to: 202 })).toBe(true);
  });

  it('should take a line over the whole piece for no streak of it', () => {
    expect(holdsStreak(piece, { from: 90, to: 210 })).toBe(false);
  });
});

describe('deepestDoorCuts', () => {
  const line = (x: number) => ({ from: x - 1, to: x + 1 });

  it('should keep the deepest lines that leave door-sized pieces, not a streak between', () => {
    const lines = [0, 50, 100, 150, 200].map(line);
    expect(deepestDoorCuts(lines, [0, 0.2, 0.5, 0.3, 0], 100)).toEqual([2]);
  });

  it('should leave a pair of narrow doors, door-sized together, as one piece', () => {
    const lines = [0, 35, 70, 105, 140].map(line);
    expect(deepestDoorCuts(lines, [0, 0.2, 0.5, 0.25, 0], 150)).toEqual([]);
  });

  it('should cut the rest of the row at its own deepest lines where a shallow cut is forced', () => {
    // Nothing but the shallow line at 60 cuts the first stretch door-sized; past it, one streak
    // (at 150) would do as well as the two gaps, and any way through 60 is as shallow at its worst.
    const lines = [0, 60, 120, 150, 200, 240].map(line);
    expect(deepestDoorCuts(lines, [0, 0.05, 0.5, 0.2, 0.5, 0], 100)).toEqual([1, 2, 4]);
  });

  it('should give no cuts where no way leaves door-sized pieces', () => {
    const lines = [0, 20, 400].map(line);
    expect(deepestDoorCuts(lines, [0, 0.5, 0], 100)).toBeNull();
  });
});

describe('pairsSplit', () => {
  const line = (x: number) => ({ from: x - 1, to: x + 1 });
  // Two doors 70 px wide and 150 tall: the pair is door-sized too (0.93 times as wide as tall).
  const lines = [0, 35, 70, 105, 140].map(line);

  it('should cut a pair of doors at its deepest line where that stands at its middle', () => {
    expect(pairsSplit(lines, [0, 0.2, 0.5, 0.25, 0], [], 150)).toEqual([2]);
  });

  it('should leave a piece whole where its deepest line is off its middle: a streak in a wide door', () => {
    expect(pairsSplit(lines, [0, 0.5, 0.2, 0.25, 0], [], 150)).toEqual([]);
  });

  it('should keep the cuts made and split only the pieces two doors wide', () => {
    const run = [0, 35, 70, 105, 140, 180, 220].map(line);
    expect(pairsSplit(run, [0, 0.2, 0.5, 0.25, 0.6, 0.3, 0], [4], 150)).toEqual([2, 4]);
  });
});
