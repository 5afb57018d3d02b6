import { gapsOverStreaks, grainedDrawerColumns, inRowWithColumn } from './grained-drawers.js';

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

/** How far a line across the first column drops from its left side to `x`, seen at an angle. */
const dropAt = (x: number, rise: number) =>
  Math.round(((x - COLUMNS[0].minX) * rise) / (COLUMNS[0].maxX - COLUMNS[0].minX));

/**
 * One column of wooden drawers (warm brown, grained across) seen at an angle, every line across
 * it dropping `rise` pixels from its left side to its right; a thin plinth under it, then a grey
 * floor of planks as bright as the drawers, grained along, that stops at a dark skirting short of
 * the picture's edge.
 */
function woodenColumn(rise: number): Uint8Array {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  const put = (x: number, y: number, [r, g, b]: number[]) => {
    const noise = NOISE[y * WIDTH + x];
    rgb.set([r + noise, g + noise, b + noise], (y * WIDTH + x) * 3);
  };
  const { minX, maxX } = COLUMNS[0];
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const drop = x >= minX - 5 && x <= maxX + 5 ? dropAt(x, rise) : 0;
      const drawer = DRAWERS.find(({ minY, maxY }) => y >= minY + drop && y <= maxY + drop);
      const inColumn = x >= minX && x <= maxX;
      if (inColumn && drawer)
        put(
          x,
          y,
          [140, 100, 65].map((v) => v + streak(y - drop)),
        );
      else if (x >= minX - 5 && x <= maxX + 5 && y >= 106 + drop && y <= 295 + drop)
        put(x, y, [20, 16, 12]);
      else if (y >= 90 && y <= 105) put(x, y, [200, 200, 200]);
      else if (y >= 296 && y <= 303) put(x, y, [15, 15, 15]);
      else if (y >= 304 && y <= 360)
        put(
          x,
          y,
          [105, 105, 105].map((v) => v + streak(y)),
        );
      else if (y > 360) put(x, y, [40, 40, 40]);
      else put(x, y, [185, 180, 170]);
    }
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

  it('ends a column where a floor of another hue begins, however alike in brightness', () => {
    const columns = grainedDrawerColumns(woodenColumn(0), WIDTH, HEIGHT);

    expect(columns).toHaveLength(1);
    expect(columns[0].drawers).toHaveLength(3);
    expect(columns[0].maxY).toBeLessThanOrEqual(DRAWERS[2].maxY + 3);
  });

  it('draws the lines across a column seen at an angle as they slant', () => {
    const rise = 6;
    const [column] = grainedDrawerColumns(woodenColumn(rise), WIDTH, HEIGHT);

    // The stack's top line, its two gaps, its bottom line; each within the gap's thickness.
    expect(column.lines).toHaveLength(4);
    for (const line of column.lines) {
      expect(
        Math.abs(line.right - line.left - dropAt(column.maxX, rise) + dropAt(column.minX, rise)),
      ).toBeLessThanOrEqual(2);
    }
  });

  it('cuts no front grained across that has no gaps, only streaks', () => {
    expect(grainedDrawerColumns(kitchen(false), WIDTH, HEIGHT)).toEqual([]);
  });
});

/**
 * One column of near-black drawers, hard light across its middle drawer: there the streaks of
 * grain (2 rows each, every 7 rows) are as deep as the gaps nearly, the gaps (3 rows) a shade
 * darker; a pale wall, a countertop over the column, a plinth under it and a plain floor short of
 * the picture's edge.
 */
function hardLitColumn(): Uint8Array {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  const { minX, maxX } = COLUMNS[0];
  const shade = (y: number) => {
    const drawer = DRAWERS.findIndex(({ minY, maxY }) => y >= minY && y <= maxY);
    if (drawer < 0 || (y - DRAWERS[drawer].minY) % 7 < 3 || (y - DRAWERS[drawer].minY) % 7 > 4) {
      return 42;
    }
    return drawer === 1 ? 25 : 34;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const inColumn = x >= minX && x <= maxX;
      let value = 185;
      if (y >= 90 && y <= 105) value = 200;
      else if (inColumn && DRAWERS.some(({ minY, maxY }) => y >= minY && y <= maxY))
        value = shade(y);
      else if (x >= minX - 5 && x <= maxX + 5 && y >= 106 && y <= 295) value = 21;
      else if (y >= 296 && y <= 303) value = 12;
      else if (y >= 304 && y <= 360) value = 110;
      else if (y > 360) value = 60;
      const i = y * WIDTH + x;
      rgb.fill(Math.min(255, value + NOISE[i]), i * 3, i * 3 + 3);
    }
  }
  return rgb;
}

describe('grainedDrawerColumns in hard light', () => {
  it('cuts a column whose streaks are nearly as deep as its gaps at the gaps, which are wider', () => {
    const columns = grainedDrawerColumns(hardLitColumn(), WIDTH, HEIGHT);

    expect(columns).toHaveLength(1);
    expect(columns[0].drawers).toHaveLength(3);
    columns[0].drawers.forEach((drawer, d) => {
      expect(Math.abs(drawer.minY - DRAWERS[d].minY)).toBeLessThanOrEqual(3);
      expect(Math.abs(drawer.maxY - DRAWERS[d].maxY)).toBeLessThanOrEqual(3);
    });
  });
});

describe('gapsOverStreaks', () => {
  /** Depths by row: 0 but in the bands given as [from, to, depth]. */
  const profile = (...bands: [number, number, number][]) => {
    const depths = new Float64Array(60);
    for (const [from, to, depth] of bands) depths.fill(depth, from, to + 1);
    return (row: number) => depths[row];
  };

  it('takes cuts half as deep again as every streak for gaps', () => {
    const depthOf = profile([10, 11, 0.5], [30, 31, 0.5], [20, 20, 0.3]);
    expect(gapsOverStreaks([10, 30], [20], depthOf, 60)).toBe(true);
  });

  it('takes cuts as deep as the streaks nearly for gaps where their bands are that much darker in all (hard light on near-black grain)', () => {
    const depthOf = profile([8, 14, 0.26], [28, 33, 0.22], [20, 21, 0.21]);
    expect(gapsOverStreaks([11, 30], [20], depthOf, 60)).toBe(true);
  });

  it('takes no cuts a streak is as deep as, with a band as wide, for gaps', () => {
    const depthOf = profile([8, 14, 0.26], [28, 33, 0.22], [18, 22, 0.21]);
    expect(gapsOverStreaks([11, 30], [20], depthOf, 60)).toBe(false);
    expect(gapsOverStreaks([11, 30], [], depthOf, 60)).toBe(true);
  });
});

describe('inRowWithColumn', () => {
  /** A column 200 px wide seen at an angle: its lines rise 4 px across it, to the right. */
  const column = {
    minX: 600,
    maxX: 799,
    minY: 100,
    maxY: 300,
    drawers: [],
    lines: [
      { left: 104, right: 100 },
      { left: 184, right: 180 },
      { left: 304, right: 300 },
    ],
  };
  const near = (a: number, b: number) => Math.abs(a - b) <= 5;

  it('takes a door far along the row, on the column lines run on along their slant', () => {
    // 400–600 px left of the column the lines stand 8–12 px lower than at its left side.
    expect(inRowWithColumn({ minX: 0, maxX: 199, minY: 112, maxY: 316 }, [column], near)).toBe(
      true,
    );
  });

  it('takes no door level with the column box there, off its slanted lines', () => {
    expect(inRowWithColumn({ minX: 0, maxX: 199, minY: 100, maxY: 300 }, [column], near)).toBe(
      false,
    );
  });

  it('takes no front of another row, on one of the lines only', () => {
    expect(inRowWithColumn({ minX: 0, maxX: 199, minY: 112, maxY: 190 }, [column], near)).toBe(
      false,
    );
  });
});
