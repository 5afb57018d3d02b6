import { grainedDrawerColumns } from './grained-drawers.js';

const WIDTH = 600;
const HEIGHT = 400;
/** Two columns of three drawers, grained across, with a gap between the columns. */
const COLUMNS = [
  { minX: 100, maxX: 259 },
  { minX: 266, maxX: 425 },
];
const DRAWERS = [
  { minY: 110, maxY: 169 },
  { minY: 173, maxY: 229 },
  { minY: 233, maxY: 290 },
];
/** A door beside them, grained down its length. */
const DOOR = { minX: 440, maxX: 560 };

/** A seeded sequence: the same picture on every run. */
function sequence(length: number, seed: number, top: number): Int8Array {
  let state = seed;
  return Int8Array.from({ length }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 24) % top;
  });
}

/** Noise per pixel, as a photo's sensor gives: a few levels. */
const NOISE = sequence(WIDTH * HEIGHT, 12345, 5);
/** The grain: an offset of up to 8 levels either way per row (across) or column (down). */
const GRAIN = sequence(Math.max(WIDTH, HEIGHT), 777, 17).map((v) => v - 8);
const streak = (k: number) => GRAIN[k];

/**
 * A pale wall; a countertop over the drawers and a plinth under them, both plain; the drawers
 * near-black, every row a streak of its own shade; the door beside them grained down; below the
 * plinth a floor of planks grained along their length, to the picture's bottom edge.
 */
function kitchen(drawerFace = true): Uint8Array {
  const grey = new Uint8Array(WIDTH * HEIGHT).fill(180);
  const paint = (
    x0: number,
    x1: number,
    y0: number,
    y1: number,
    shade: (x: number, y: number) => number,
  ) => {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) grey[y * WIDTH + x] = shade(x, y);
    }
  };
  paint(90, 580, 90, 105, () => 120);
  paint(95, 430, 106, 295, () => 10);
  for (const column of COLUMNS) {
    for (const drawer of drawerFace
      ? DRAWERS
      : [{ minY: DRAWERS[0].minY, maxY: DRAWERS[2].maxY }]) {
      paint(column.minX, column.maxX, drawer.minY, drawer.maxY, (_, y) => 40 + streak(y));
    }
  }
  paint(DOOR.minX, DOOR.maxX, 110, 290, (x) => 40 + streak(x));
  paint(95, 580, 296, 310, () => 15);
  paint(0, WIDTH - 1, 320, HEIGHT - 1, (_, y) => ((y - 320) % 25 < 2 ? 70 : 110 + streak(y)));
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let i = 0; i < grey.length; i++) {
    const value = Math.min(255, grey[i] + NOISE[i]);
    rgb.fill(value, i * 3, i * 3 + 3);
  }
  return rgb;
}

describe('grainedDrawerColumns', () => {
  it('finds each column of drawers grained across and cuts it at its gaps', () => {
    const columns = grainedDrawerColumns(kitchen(), WIDTH, HEIGHT);

    expect(columns).toHaveLength(2);
    columns.forEach((column, k) => {
      expect(Math.abs(column.minX - COLUMNS[k].minX)).toBeLessThanOrEqual(8);
      expect(Math.abs(column.maxX - COLUMNS[k].maxX)).toBeLessThanOrEqual(8);
      expect(column.drawers).toHaveLength(3);
      column.drawers.forEach((drawer, d) => {
        expect(Math.abs(drawer.minY - DRAWERS[d].minY)).toBeLessThanOrEqual(3);
        expect(Math.abs(drawer.maxY - DRAWERS[d].maxY)).toBeLessThanOrEqual(3);
      });
    });
  });

  it('takes neither the countertop, the plinth, the door grained down nor the floor', () => {
    const columns = grainedDrawerColumns(kitchen(), WIDTH, HEIGHT);

    for (const column of columns) {
      expect(column.minY).toBeGreaterThanOrEqual(106);
      expect(column.maxY).toBeLessThanOrEqual(295);
      expect(column.maxX).toBeLessThan(DOOR.minX);
    }
  });

  it('cuts no front grained across that has no gaps, only streaks', () => {
    expect(grainedDrawerColumns(kitchen(false), WIDTH, HEIGHT)).toEqual([]);
  });
});
