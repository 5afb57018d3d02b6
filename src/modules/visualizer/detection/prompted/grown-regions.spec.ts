import { boxRegion as box, MASK_PICTURE } from '#test/support/mask-regions.js';
import { growBox, grownRegions, type BoxDecoder } from './grown-regions.js';
import type { MaskRegion } from './mask-region.js';
import { PROMPTED_PARAMETERS } from './prompted-parameters.js';

const size = MASK_PICTURE;

/** A white picture with a grey rectangle (an oven's frame) round (100..140, 20..80). */
function picture(): Uint8Array {
  const rgb = new Uint8Array(size.width * size.height * 3).fill(240);
  for (let y = 15; y < 85; y++) {
    for (let x = 95; x < 145; x++) {
      if (x >= 100 && x < 140 && y >= 20 && y < 80) continue;
      rgb.fill(90, (y * size.width + x) * 3, (y * size.width + x) * 3 + 3);
    }
  }
  return rgb;
}

/** A model that answers a box with whatever `answers` gives for the point's region. */
const decoderOf =
  (answer: (box: readonly number[]) => MaskRegion | null): BoxDecoder =>
  (asked) =>
    Promise.resolve(answer(asked));

describe('grownRegions', () => {
  const all = () => true;

  it('should grow a panel to the door round it, of the same colour, inside the box', async () => {
    const panel = box(25, 25, 45, 75);
    const door = box(23, 20, 47, 80);
    const [grown] = await grownRegions(
      [panel],
      decoderOf(() => door),
      picture(),
      size,
      PROMPTED_PARAMETERS,
      all,
    );
    expect(grown).toBe(door);
  });

  it('should keep the region when the answer is cut by the box (two fronts run together)', async () => {
    const door = box(20, 20, 50, 80);
    const [kept] = await grownRegions(
      [door],
      decoderOf((asked) => box(Math.ceil(asked[0]), 20, Math.floor(asked[2]), 80)),
      picture(),
      size,
      PROMPTED_PARAMETERS,
      all,
    );
    expect(kept).toBe(door);
  });

  it('should keep the glass of an oven, not take its frame of another colour', async () => {
    const glass = box(100, 20, 140, 80);
    const oven = box(95, 15, 145, 85);
    const [kept] = await grownRegions(
      [glass],
      decoderOf(() => oven),
      picture(),
      size,
      PROMPTED_PARAMETERS,
      all,
    );
    expect(kept).toBe(glass);
  });

  it('should keep the region when the answer is the same, runs past the box, or is no front', async () => {
    const door = box(60, 20, 90, 80);
    for (const [answer, isFront] of [
      [box(60, 20, 90, 80), true],
      [box(50, 20, 100, 80), true],
      [box(57, 17, 93, 83), false],
    ] as const) {
      const [kept] = await grownRegions(
        [door],
        decoderOf(() => answer),
        picture(),
        size,
        PROMPTED_PARAMETERS,
        () => isFront,
      );
      expect(kept).toBe(door);
    }
  });
});

describe('growBox', () => {
  it('should push the bounds out by the share of the region, within the frame', () => {
    expect(growBox(box(20, 20, 60, 80), size, 0.25)).toEqual([10, 5, 70, 95]);
    expect(growBox(box(0, 0, 40, 40), size, 0.25)).toEqual([0, 0, 50, 50]);
  });
});
