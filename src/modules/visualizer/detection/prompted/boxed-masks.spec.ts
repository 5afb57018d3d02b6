import { boxRegion, MASK_PICTURE } from '#test/support/mask-regions.js';
import { boxedRegions } from './boxed-masks.js';
import type { BoxPrompt } from './candidate-boxes.js';
import type { BoxDecoder } from './grown-regions.js';

const size = MASK_PICTURE;

/** A made-up model answering each box with the box itself; it counts its runs. */
function counting(): { decode: BoxDecoder; asked: BoxPrompt[] } {
  const asked: BoxPrompt[] = [];
  return {
    asked,
    decode: (box) => {
      asked.push(box);
      return Promise.resolve(boxRegion(...box));
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
