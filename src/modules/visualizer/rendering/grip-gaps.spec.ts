import { gripGaps, inGripPiece, type GripPiece } from './grip-gaps.js';

/** Sensor-like noise in -0.5..0.5: a fixed pseudo-random sequence, the same every run. */
function seededNoise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296 - 0.5;
  };
}

const [WIDTH, HEIGHT] = [400, 200];
const MEASURES = { tolerance: 3, shortestSide: 20 };

interface RunOptions {
  /** The columns of the gaps between the doors (each 2 px wide). */
  gaps?: number[];
  /** The gaps' brightness against the doors' (1.08: lit a little). */
  gapShade?: number;
  /** Whether the lines found show the gaps down the doors already. */
  seen?: boolean;
  /** Lines across the doors every this many rows (grooves), each notched by the gaps too. */
  grooves?: number;
  /** Light falling on the picture right of this column (a hard light's edge). */
  lightFrom?: number;
}

/**
 * A run of handleless doors (grey, 70 of 255) from column 50 to 350 on a wall of their brightness
 * (72), under noise of 8 levels: a grip line (half the doors' brightness) along their top, rows 40
 * to 43, and a dark line under them at rows 159 to 161; the lines found are those two, run on
 * along the doors, and not the gaps or the run's sides.
 */
function handlelessRun({
  gaps = [150, 250],
  gapShade = 1.08,
  seen = false,
  grooves = 0,
  lightFrom = WIDTH,
}: RunOptions = {}) {
  const random = seededNoise(7);
  const light = new Float64Array(WIDTH * HEIGHT);
  const inRun = (x: number) => x >= 50 && x < 350;
  const inGap = (x: number) => gaps.some((gap) => x >= gap && x < gap + 2);
  const grooved = (y: number) => grooves > 0 && y > 44 && y < 159 && (y - 44) % grooves < 3;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let level = 72;
      if (inRun(x) && y >= 40 && y <= 161) {
        const face = y <= 43 || y >= 159 || grooved(y) ? 35 : 70;
        level = inGap(x) ? 70 * gapShade : face;
      }
      if (x >= lightFrom) level *= 2;
      light[y * WIDTH + x] = Math.log(Math.max(0, level + 8 * random()) + 16);
    }
  }
  const shows = (x: number, y: number) =>
    inRun(x) &&
    ((y >= 39 && y <= 44) ||
      (y >= 158 && y <= 162) ||
      grooved(y) ||
      (seen && y >= 40 && y <= 161 && gaps.some((gap) => Math.abs(x - gap) <= 1)));
  return { light: (x: number, y: number) => light[y * WIDTH + x], shows };
}

function gripsOf(options: RunOptions = {}) {
  const { light, shows } = handlelessRun(options);
  return gripGaps(light, shows, WIDTH, HEIGHT, MEASURES);
}

/** The columns of the lines drawn (each a line down from the grip line to the line under). */
function drawnColumns(lines: Uint8Array): { x: number; top: number; bottom: number }[] {
  const columns: { x: number; top: number; bottom: number }[] = [];
  for (let x = 0; x < WIDTH; x++) {
    let [top, bottom] = [-1, -1];
    for (let y = 0; y < HEIGHT; y++) {
      if (!lines[y * WIDTH + x]) continue;
      if (top < 0) top = y;
      bottom = y;
    }
    if (top >= 0) columns.push({ x, top, bottom });
  }
  return columns;
}

/**
 * A dark ceiling (35 of 255) over a lit wall (145), its edge slanting down a row at column 200:
 * left of it the ceiling's last row is 40, from 201 on 41, and the step's pixel on row 40 is lit
 * halfway by the wall under it (86), as a slanted edge is drawn. Under noise of 8 levels; the
 * lines found are the edge (a row either side) and a line across at rows 158 to 162.
 */
function slantedCeiling({ litRows = 1 }: { litRows?: number } = {}) {
  const random = seededNoise(11);
  const light = new Float64Array(WIDTH * HEIGHT);
  const last = (x: number) => (x <= 200 ? 40 : 41);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let level = y <= last(x) ? 35 : 145;
      if (x === 200 && y <= 40 && y > 40 - litRows) level = 86;
      if (y >= 159 && y <= 161) level = 60;
      light[y * WIDTH + x] = Math.log(Math.max(0, level + 8 * random()) + 16);
    }
  }
  const shows = (x: number, y: number) =>
    Math.abs(y - last(x)) <= 1 || Math.abs(y - last(x) + 1) <= 1 || (y >= 158 && y <= 162);
  return gripGaps((x, y) => light[y * WIDTH + x], shows, WIDTH, HEIGHT, MEASURES);
}

describe('grip-gaps', () => {
  it('should draw the lit gaps down from where they break the grip line, and the run its sides', () => {
    const found = gripsOf();
    expect(found).not.toBeNull();
    const columns = drawnColumns(found!.lines);
    expect(columns.map(({ x }) => x)).toEqual([
      expect.closeTo(50, -0.5),
      expect.closeTo(150, -0.5),
      expect.closeTo(250, -0.5),
      expect.closeTo(349, -0.5),
    ]);
    for (const { top, bottom } of columns) {
      expect(top).toBeGreaterThanOrEqual(38);
      expect(top).toBeLessThanOrEqual(44);
      expect(bottom).toBeGreaterThanOrEqual(158);
      expect(bottom).toBeLessThanOrEqual(163);
    }
    expect(found!.pieces).toHaveLength(3);
  });

  it('should find nothing where the gaps are as dark as the grip line (no notch in it)', () => {
    expect(gripsOf({ gapShade: 0.45 })).toBeNull();
  });

  it('should draw nothing where the lines found show the gaps already', () => {
    expect(gripsOf({ seen: true })).toBeNull();
  });

  it('should take notches closer than a door is wide for grain or streaks, not gaps', () => {
    expect(gripsOf({ gaps: [120, 132, 250] })).toBeNull();
  });

  it('should take notches of one column down grooves across for the grooves, not a grip line', () => {
    expect(gripsOf({ grooves: 30 })).toBeNull();
  });

  it('should take a light line whose sides are lit apart (the edge of a hard light) for no gap', () => {
    expect(gripsOf({ gaps: [200] })).not.toBeNull();
    expect(gripsOf({ gaps: [200], lightFrom: 206 })).toBeNull();
  });

  it('should take a slanted dark edge stepping down a row for no gap, one lit across it for one', () => {
    expect(slantedCeiling()).toBeNull();
    expect(slantedCeiling({ litRows: 3 })).not.toBeNull();
  });

  it('should hold a door filling a piece and a drawer across its width, not a box beyond it', () => {
    const pieces: GripPiece[] = [{ minX: 50, maxX: 150, minY: 40, maxY: 160 }];
    expect(inGripPiece({ minX: 52, maxX: 149, minY: 42, maxY: 158 }, pieces, 4)).toBe(true);
    expect(inGripPiece({ minX: 49, maxX: 152, minY: 90, maxY: 130 }, pieces, 4)).toBe(true);
    expect(inGripPiece({ minX: 150, maxX: 230, minY: 42, maxY: 158 }, pieces, 4)).toBe(false);
    expect(inGripPiece({ minX: 52, maxX: 149, minY: 20, maxY: 158 }, pieces, 4)).toBe(false);
  });
});
