import { darkMeans, withDarkLines } from './dark-lines.js';

const WIDTH = 300;
const HEIGHT = 200;
/** Two near-black doors side by side, the gap between them four pixels wide. */
const DOORS = { left: 20, gapFrom: 148, gapTo: 152, right: 280 };
const DOOR = 14;
const GAP = 8;
const WALL = 90;
/** Sensor noise, as the detector measures it, above what counts as a noisy picture. */
const NOISE = 1;

/** A fixed pseudo-random sequence in -0.5..0.5, the same every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296 - 0.5;
  };
}

/**
 * The doors with sensor noise and, if `grain` is given, wood grain down them: every column a
 * streak up to that many levels lighter or darker than the door, straight and as long as it.
 */
function blackDoors(grain: number): Uint8Array {
  const random = seededRandom(5);
  const streaks = Array.from({ length: WIDTH }, () => grain * 2 * random());
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const onDoors = x >= DOORS.left && x < DOORS.right && y >= 20 && y < HEIGHT - 20;
      const inGap = x >= DOORS.gapFrom && x < DOORS.gapTo;
      const base = !onDoors ? WALL : inGap ? GAP : DOOR + streaks[x];
      const value = Math.round(base + 4 * random());
      rgb.fill(Math.max(0, Math.min(255, value)), (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
    }
  }
  return rgb;
}

function linesOn(rgb: Uint8Array): Uint8Array {
  const means = darkMeans(rgb, WIDTH, HEIGHT, NOISE);
  return withDarkLines(new Uint8Array(WIDTH * HEIGHT), means, 1);
}

/** Share of the rows between the doors' top and bottom where a column in `from..to` is marked. */
function rowsMarked(lines: Uint8Array, from: number, to: number): number {
  let rows = 0;
  for (let y = 40; y < HEIGHT - 40; y++) {
    let marked = false;
    for (let x = from; x < to; x++) marked ||= lines[y * WIDTH + x] === 1;
    if (marked) rows++;
  }
  return rows / (HEIGHT - 80);
}

/** Share of the doors' inner pixels (away from the gap and their edges) marked as a line. */
function doorsMarked(lines: Uint8Array): number {
  let marked = 0;
  let pixels = 0;
  for (let y = 40; y < HEIGHT - 40; y++) {
    for (let x = DOORS.left + 10; x < DOORS.right - 10; x++) {
      if (x >= DOORS.gapFrom - 10 && x < DOORS.gapTo + 10) continue;
      pixels++;
      marked += lines[y * WIDTH + x];
    }
  }
  return marked / pixels;
}

describe('dark lines', () => {
  it('should find the gap between two grained black doors and not their grain', () => {
    const lines = linesOn(blackDoors(3));

    expect(rowsMarked(lines, DOORS.gapFrom - 2, DOORS.gapTo + 2)).toBeGreaterThanOrEqual(0.9);
    expect(doorsMarked(lines)).toBeLessThan(0.1);
  });

  it('should find the gap between two painted black doors and nothing on them', () => {
    const lines = linesOn(blackDoors(0));

    expect(rowsMarked(lines, DOORS.gapFrom - 2, DOORS.gapTo + 2)).toBeGreaterThanOrEqual(0.9);
    expect(doorsMarked(lines)).toBeLessThan(0.01);
  });
});
