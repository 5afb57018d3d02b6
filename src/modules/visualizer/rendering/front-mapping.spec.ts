import { FRONT_WIDTH_CM, frontTransforms, TILE_CM } from './front-mapping.js';
import type { FrontOutline } from './front-outlines.js';

/** Texture pixel (tx, ty) that photo pixel (x, y) of front k samples. */
function sample(transforms: Float64Array, k: number, x: number, y: number): [number, number] {
  const m = transforms.subarray(k * 9, k * 9 + 9);
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

const tile = { width: 500, height: 500 };
// A 1000 x 1000 photo: a 200 x 400 px door facing the camera, and one seen at an angle whose
// far (right) side is shorter.
const facing: FrontOutline = [
  [0.1, 0.2],
  [0.3, 0.2],
  [0.3, 0.6],
  [0.1, 0.6],
];
const angled: FrontOutline = [
  [0.5, 0.2],
  [0.7, 0.25],
  [0.7, 0.55],
  [0.5, 0.6],
];

describe(frontTransforms.name, () => {
  const transforms = frontTransforms([facing, angled, facing], 1000, 1000, tile);
  // The median front (200 px) is 60 cm; one tile is 50 cm: 1.2 tiles across, 2.4 down.
  const across = (tile.width * FRONT_WIDTH_CM) / TILE_CM;
  const down = 2 * across;

  it('should lay the pattern on a front facing the camera at real-world scale', () => {
    expect(sample(transforms, 0, 100, 200)).toEqual([expect.closeTo(0, 6), expect.closeTo(0, 6)]);
    expect(sample(transforms, 0, 300, 600)).toEqual([
      expect.closeTo(across, 6),
      expect.closeTo(down, 6),
    ]);
    // Straight mapping: half way across the door is half way across its pattern.
    expect(sample(transforms, 0, 200, 400)[0]).toBeCloseTo(across / 2, 6);
  });

  it('should map the corners of an angled front onto the pattern rectangle', () => {
    const [, , bottomRight] = angled;
    const corner = sample(transforms, 1, bottomRight[0] * 1000, bottomRight[1] * 1000);
    expect(corner[0]).toBeGreaterThan(across * 0.9);
    expect(corner[1]).toBeGreaterThan(0);
    // In perspective the door's middle on the photo is nearer its far edge on the pattern.
    const middle = sample(transforms, 1, 600, 400);
    expect(middle[0]).not.toBeCloseTo(corner[0] / 2, 1);
    // The grain runs down the door: the top and bottom edge stay at 0 and at the door's height.
    expect(sample(transforms, 1, 700, 250)[1]).toBeCloseTo(0, 6);
  });
});
