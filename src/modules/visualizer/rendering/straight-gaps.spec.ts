import type { RgbImage } from './cabinet-detector.js';
import { findStraightGaps } from './straight-gaps.js';

const WIDTH = 300;
const HEIGHT = 200;
const DOOR = 220;
/** A one-pixel gap five per cent lighter than the doors: under the noise below pixel by pixel. */
const LIT_GAP = 231;
const NOISE = 16;

/** A flat door colour with sensor-like noise (a fixed sequence) and, if given, a gap down column `gapAt`. */
function noisyDoors(gapAt?: number, gapLength = HEIGHT): RgbImage {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  let state = 11;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296 - 0.5;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const base = x === gapAt && y < gapLength ? LIT_GAP : DOOR;
      for (let c = 0; c < 3; c++) {
        data[(y * WIDTH + x) * 3 + c] = Math.max(
          0,
          Math.min(255, base + Math.round(NOISE * random())),
        );
      }
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/**
 * A door (left) a step of three per cent darker than the wall beside it (right), as a small photo
 * scaled up twice shows it: the step spread over four pixels, under the same noise.
 */
function scaledUpStep(): RgbImage {
  const image = noisyDoors();
  const { data } = image;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 148; x < WIDTH; x++) {
      const rise = Math.round((7 * Math.min(4, x - 148)) / 4);
      for (let c = 0; c < 3; c++) data[(y * WIDTH + x) * 3 + c] += rise;
    }
  }
  return image;
}

const marked = (lines: Uint8Array) => lines.reduce((sum, value) => sum + value, 0);
const none = () => new Uint8Array(WIDTH * HEIGHT);
const rowsMarked = (lines: Uint8Array, x: number, from: number, to: number) => {
  let rows = 0;
  for (let y = from; y < to; y++) if (lines[y * WIDTH + x]) rows++;
  return rows;
};

describe('findStraightGaps', () => {
  it('should find a faint one-pixel gap under noise along its whole length', () => {
    const lines = findStraightGaps(noisyDoors(150), none());
    expect(rowsMarked(lines, 150, 0, HEIGHT)).toBeGreaterThanOrEqual(0.9 * HEIGHT);
  });

  it('should find no line in noise alone', () => {
    expect(marked(findStraightGaps(noisyDoors(), none()))).toBe(0);
  });

  it('should keep no gap shorter than a front could be', () => {
    expect(marked(findStraightGaps(noisyDoors(150, 6), none()))).toBe(0);
  });

  it('should draw a line seen down part of its length on to meet a line found below it', () => {
    const boundaries = none();
    boundaries.fill(1, 180 * WIDTH, 181 * WIDTH);
    const lines = findStraightGaps(noisyDoors(150, 110), boundaries);
    expect(rowsMarked(lines, 150, 120, 180)).toBe(60);
  });

  it("should find a step spread over as many pixels as the photo's own were scaled up", () => {
    const lines = findStraightGaps(scaledUpStep(), none(), 2);
    let rows = 0;
    for (let y = 0; y < HEIGHT; y++) {
      if ([148, 149, 150, 151, 152].some((x) => lines[y * WIDTH + x])) rows++;
    }
    expect(rows).toBeGreaterThanOrEqual(0.9 * HEIGHT);
  });

  it('should not draw a line on past a line across where it ends', () => {
    const boundaries = none();
    // A wall unit's top at row 60 (the line's own top end), the ceiling's edge at row 20.
    boundaries.fill(1, 60 * WIDTH, 61 * WIDTH);
    boundaries.fill(1, 20 * WIDTH, 21 * WIDTH);
    const image = noisyDoors(150);
    for (let y = 0; y < 60; y++)
      image.data.fill(DOOR, (y * WIDTH + 150) * 3, (y * WIDTH + 151) * 3);
    const lines = findStraightGaps(image, boundaries);
    expect(rowsMarked(lines, 150, 22, 50)).toBe(0);
  });

  it('should not draw a line on where it meets nothing', () => {
    const lines = findStraightGaps(noisyDoors(150, 110), none());
    expect(rowsMarked(lines, 150, 130, HEIGHT)).toBe(0);
  });
});
