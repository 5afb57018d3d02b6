import { gapLinesAcross, gapsAcross, middleMean, profileDips } from './across-gaps.js';

/** Sensor-like noise in -0.5..0.5: a fixed pseudo-random sequence, the same every run. */
function seededNoise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296 - 0.5;
  };
}

const REGION = { minX: 0, minY: 0, maxX: 399, maxY: 199 };
const SHORTEST_SIDE = 40;

/**
 * Log brightness of a region 400 x 200 px of near-black doors (12 of 255) under noise of 12 levels:
 * grooves across every `pitch` rows (3 px at 4), and dark columns (4 px wide at `columnShade`)
 * at `columns`, in light falling off from left to right. The lines found: the grooves, and the
 * dark columns between every other pair of grooves (in pieces) unless `unseen`.
 */
function groovedRegion(columns: number[], columnShade: number, pitch = 32, unseen = false) {
  const random = seededNoise(11);
  const light = new Float64Array(400 * 200);
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 400; x++) {
      const grooved = pitch > 0 && y % pitch >= pitch - 3;
      const dark = columns.some((column) => x >= column - 2 && x < column + 2);
      const shade = grooved ? 4 : dark ? columnShade : 12;
      const level = Math.max(0, Math.round(shade * (1.3 - x / 800) + 12 * random()));
      light[y * 400 + x] = Math.log(level + 16);
    }
  }
  const shows = (x: number, y: number) =>
    (pitch > 0 && y % pitch >= pitch - 3) ||
    (!unseen && y % 64 < 32 && columns.some((column) => Math.abs(x - column) <= 1));
  return { light: (x: number, y: number) => light[y * 400 + x], shows };
}

/** The columns at which the region parts. */
function gapsOf(region: ReturnType<typeof groovedRegion>): number[] {
  return gapsAcross(REGION, region.light, region.shows, SHORTEST_SIDE);
}

describe('across-gaps', () => {
  it('should take the mean of the middle half of the values, whatever lies beyond', () => {
    expect(middleMean([0, 4, 5, 6, 7, 100])).toBe(5.5);
    expect(middleMean([1, 2, 3, 1000])).toBe(2.5);
  });

  it('should measure a dip as its depth below the brighter side summed over its width', () => {
    const profile = Array.from({ length: 41 }, (_, k) => (k === 20 || k === 21 ? 1 : 1.2));
    const [dip] = profileDips(profile);
    expect(profileDips(profile)).toHaveLength(1);
    expect(dip.from).toBe(20);
    expect(dip.to).toBe(21);
    expect(dip.area).toBeCloseTo(0.4);
  });

  it('should part near-black doors grooved across at their gaps, a few levels darker under noise', () => {
    const gaps = gapsOf(groovedRegion([100, 200, 300], 9));
    expect(gaps).toHaveLength(3);
    [100, 200, 300].forEach((gap, k) => expect(Math.abs(gaps[k] - gap)).toBeLessThanOrEqual(2));
  });

  it('should leave a region with no lines across whole: a window, a wall, a plain door', () => {
    expect(gapsOf(groovedRegion([100, 200, 300], 9, 0))).toEqual([]);
  });

  it('should leave a region whole whose dark columns stand closer than a door is wide, as grain does', () => {
    const streaks = Array.from({ length: 19 }, (_, k) => 20 + 20 * k);
    expect(gapsOf(groovedRegion(streaks, 6))).toEqual([]);
  });

  it('should take no dark column along which no line was found for a gap: a shade, a reflection', () => {
    expect(gapsOf(groovedRegion([100, 200, 300], 9, 32, true))).toEqual([]);
  });

  it("should take no dark column along the region's own sides for a gap", () => {
    expect(gapsOf(groovedRegion([20, 385], 6))).toEqual([]);
  });

  it("should draw each gap down its region's box, and nothing where no region parts", () => {
    const { light, shows } = groovedRegion([200], 8);
    const lines = gapLinesAcross([REGION], light, shows, SHORTEST_SIDE, 400, 200)!;
    const drawn = Array.from({ length: 400 }, (_, x) => x).filter((x) => lines[100 * 400 + x]);
    expect(drawn.length).toBe(3);
    expect(Math.abs(drawn[1] - 200)).toBeLessThanOrEqual(2);
    expect(lines[drawn[1]]).toBe(1);
    expect(lines[199 * 400 + drawn[1]]).toBe(1);
    const plain = groovedRegion([], 12);
    expect(gapLinesAcross([REGION], plain.light, plain.shows, SHORTEST_SIDE, 400, 200)).toBeNull();
  });
});
