import { quadArea } from '../quadrilaterals.js';
import { maskRegion } from './mask-region.js';

const size = { width: 40, height: 30 };

/** Logits of +4 inside the given boxes, −4 elsewhere. */
function logitsWith(...boxes: [number, number, number, number][]): Float32Array {
  const logits = new Float32Array(size.width * size.height).fill(-4);
  for (const [x0, y0, x1, y1] of boxes) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) logits[y * size.width + x] = 4;
  }
  return logits;
}

describe('maskRegion', () => {
  it('should read the part under the seed: its box, corners, fill and stability', () => {
    const region = maskRegion(logitsWith([5, 4, 15, 24], [25, 4, 35, 10]), size, [8, 10], 0.9, 1);
    expect(region).toMatchObject({
      area: 200,
      minX: 5,
      minY: 4,
      maxX: 15,
      maxY: 24,
      predictedIou: 0.9,
      stability: 1,
    });
    expect(region!.quad).toEqual([
      [5, 4],
      [15, 4],
      [15, 24],
      [5, 24],
    ]);
    expect(region!.fill).toBeCloseTo(1);
  });

  it('should list a region reached round a bend in raster order', () => {
    // A U: the fill goes down one arm, along the bottom and up the other.
    const region = maskRegion(
      logitsWith([5, 4, 8, 20], [5, 17, 20, 20], [17, 4, 20, 20]),
      size,
      [6, 5],
      0.9,
      1,
    )!;
    expect(region.area).toBe(3 * 16 + 3 * 16 + 15 * 3 - 9 - 9);
    expect([...region.pixels]).toEqual([...region.pixels].sort((a, b) => a - b));
    expect(region).toMatchObject({ minX: 5, minY: 4, maxX: 20, maxY: 20 });
  });

  it('should give nothing when the seed is off the mask', () => {
    expect(maskRegion(logitsWith([5, 4, 15, 24]), size, [30, 20], 0.9, 1)).toBeNull();
  });

  it('should fill an L-shaped region poorly', () => {
    const region = maskRegion(logitsWith([5, 4, 10, 24], [5, 19, 30, 24]), size, [6, 6], 0.9, 1)!;
    expect(region.fill).toBeLessThan(0.7);
  });
});

describe('quadArea', () => {
  it('should be the shoelace area', () => {
    expect(
      quadArea([
        [0, 0],
        [4, 0],
        [4, 3],
        [0, 3],
      ]),
    ).toBe(12);
  });
});
