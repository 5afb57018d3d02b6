import { boxedRegions } from './boxed-masks.js';
import type { BoxPrompt } from './candidate-boxes.js';
import type { BoxDecoder } from './grown-regions.js';
import type { MaskRegion } from './mask-region.js';

const size = { width: 100, height: 60 };

function region([x0, y0, x1, y1]: BoxPrompt): MaskRegion {
  const pixels: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) pixels.push(y * size.width + x);
  return {
    pixels: Int32Array.from(pixels),
    area: pixels.length,
    minX: x0,
    minY: y0,
    maxX: x1,
    maxY: y1,
    quad: [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    fill: 1,
    predictedIou: 0.95,
    stability: 0.95,
  };
}

/** A made-up model answering each box with the box itself; it counts its runs. */
function counting(): { decode: BoxDecoder; asked: BoxPrompt[] } {
  const asked: BoxPrompt[] = [];
  return {
    asked,
    decode: (box) => {
      asked.push(box);
      return Promise.resolve(region(box));
    },
  };
}

const door: BoxPrompt = [10, 10, 40, 50];
const panel: BoxPrompt = [15, 15, 35, 45];
const other: BoxPrompt = [50, 10, 80, 50];

describe('boxedRegions', () => {
  it('should skip a box whose centre lies in a region that settled, asking each other once', async () => {
    const { decode, asked } = counting();
    const { regions, runs } = await boxedRegions(
      decode,
      [door, panel, other],
      size,
      16,
      () => true,
    );
    expect(asked).toEqual([door, other]);
    expect(runs).toBe(2);
    expect(regions.map(({ minX }) => minX)).toEqual([10, 50]);
  });

  it('should still ask the boxes inside a region that does not settle (a whole run)', async () => {
    const { decode, asked } = counting();
    await boxedRegions(decode, [door, panel], size, 16, (answer) => answer.area < 500);
    expect(asked).toEqual([door, panel]);
  });

  it('should stop at the limit of decoder runs', async () => {
    const { decode, asked } = counting();
    const { runs } = await boxedRegions(decode, [door, other, panel], size, 1, () => false);
    expect(runs).toBe(1);
    expect(asked).toEqual([door]);
  });
});
