import type { FrontOutline } from './front-outlines.js';
import { heightAt, heightFalloff } from './run-perspective.js';

/** An outline whose left side is `left` tall and right side `right`, centred at y 0.5. */
const outline = (x0: number, x1: number, left: number, right: number): FrontOutline => [
  [x0, 0.5 - left / 2],
  [x1, 0.5 - right / 2],
  [x1, 0.5 + right / 2],
  [x0, 0.5 + left / 2],
];

describe('heightFalloff', () => {
  it('should be none for a run seen face on', () => {
    expect(heightFalloff([outline(0.1, 0.3, 0.3, 0.3), outline(0.4, 0.6, 0.2, 0.2)])).toBe(0);
  });

  it('should tell how fast the fronts shrink across the picture where the run recedes', () => {
    const falloff = heightFalloff([
      outline(0.1, 0.3, 0.3, 0.3 * Math.exp(-0.07)),
      outline(0.4, 0.6, 0.2, 0.2 * Math.exp(-0.07)),
      outline(0.7, 0.8, 0.25, 0.25 * Math.exp(-0.035)),
    ]);
    expect(falloff).toBeCloseTo(-0.35, 5);
  });

  it('should not be led by one front drawn askew among many face on', () => {
    const falloff = heightFalloff([
      outline(0.1, 0.3, 0.3, 0.3),
      outline(0.4, 0.6, 0.2, 0.2),
      outline(0.7, 0.8, 0.3, 0.15),
    ]);
    expect(falloff).toBe(0);
  });

  it('should leave out outlines too narrow to measure a slant on', () => {
    expect(heightFalloff([outline(0.1, 0.12, 0.3, 0.2)])).toBe(0);
  });
});

describe('heightAt', () => {
  const front = { minX: 100, minY: 200, maxX: 299, maxY: 399 };

  it('should be the front height where the run does not recede', () => {
    expect(heightAt(front, 900, 1000, 0)).toBe(200);
  });

  it('should shrink a front towards the far end and grow it towards the near end', () => {
    expect(heightAt(front, 699.5, 1000, -0.5)).toBeCloseTo(200 * Math.exp(-0.25), 5);
    expect(heightAt(front, 0, 1000, -0.5)).toBeGreaterThan(200);
  });
});
