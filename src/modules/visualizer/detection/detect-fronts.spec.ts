import { drawnPicture, tileGrid } from '#test/support/drawn-fronts.js';
import { detectFrontOutlines } from './detect-fronts.js';

type Rgb = [number, number, number];
const box = (minX: number, minY: number, maxX: number, maxY: number, rgb: Rgb) => ({
  minX,
  minY,
  maxX,
  maxY,
  rgb,
});

describe('detectFrontOutlines', () => {
  it('should outline a row of white doors and leave out the tiles above them and the oven beside them', async () => {
    const white: Rgb = [238, 237, 232];
    const doors = [0, 1, 2, 3].map((k) => box(60 + k * 130, 330, 185 + k * 130, 540, white));
    const oven = box(590, 330, 715, 540, [40, 40, 42]);
    const tiles = tileGrid(36, 12, [60, 200], [50, 26], [54, 30]).map(([minX, minY, maxX, maxY]) =>
      box(minX, minY, maxX, maxY, white),
    );
    const outlines = await detectFrontOutlines(drawnPicture(800, 600, [...doors, oven, ...tiles]));
    const lefts = outlines.map(([[x]]) => Math.round(x * 800)).sort((a, b) => a - b);
    expect(lefts).toHaveLength(4);
    for (const [k, left] of lefts.entries())
      expect(Math.abs(left - doors[k].minX)).toBeLessThanOrEqual(4);
    for (const outline of outlines) {
      expect(outline[0][1] * 600).toBeCloseTo(330, -1);
      expect(outline[2][1] * 600).toBeCloseTo(540, -1);
    }
  });

  it('should find nothing on a bare wall', async () => {
    expect(await detectFrontOutlines(drawnPicture(640, 480, []))).toEqual([]);
  });
});
