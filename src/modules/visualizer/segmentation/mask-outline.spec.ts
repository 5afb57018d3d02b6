import { binaryMask, maskOutline } from './mask-outline.js';

const frame = { width: 100, height: 80 };

/** A mask with the given pixel rectangles set ([x0, y0, x1, y1), exclusive ends). */
function maskOf(...rects: [number, number, number, number][]): Uint8Array {
  const mask = new Uint8Array(frame.width * frame.height);
  for (const [x0, y0, x1, y1] of rects) {
    for (let y = y0; y < y1; y++) mask.fill(1, y * frame.width + x0, y * frame.width + x1);
  }
  return mask;
}

describe('a mask as a front outline', () => {
  it('should threshold the logits at zero', () => {
    expect(Array.from(binaryMask(Float32Array.from([-3, 0, 0.01, 7])))).toEqual([0, 0, 1, 1]);
  });

  it('should outline the rectangle as four corners in shares, clockwise from the top left', () => {
    expect(maskOutline(maskOf([20, 10, 60, 70]), frame, [30, 30])).toEqual([
      [0.2, 0.125],
      [0.6, 0.125],
      [0.6, 0.875],
      [0.2, 0.875],
    ]);
  });

  it('should keep the region under the tap and drop the others', () => {
    const outline = maskOutline(maskOf([5, 5, 15, 15], [50, 20, 90, 60]), frame, [8, 8]);
    expect(outline).toEqual([
      [0.05, 0.0625],
      [0.15, 0.0625],
      [0.15, 0.1875],
      [0.05, 0.1875],
    ]);
  });

  it('should take the largest region when the tap fell just outside every one', () => {
    const outline = maskOutline(maskOf([5, 5, 15, 15], [50, 20, 90, 60]), frame, [30, 70]);
    expect(outline?.[0]).toEqual([0.5, 0.25]);
  });

  it('should follow a front seen at an angle', () => {
    // A parallelogram: each row shifted right by one pixel per two rows.
    const mask = new Uint8Array(frame.width * frame.height);
    for (let y = 10; y < 70; y++) {
      const shift = Math.floor(y / 2);
      mask.fill(1, y * frame.width + 10 + shift, y * frame.width + 40 + shift);
    }
    const outline = maskOutline(mask, frame, [30, 40])!;
    expect(outline[0][0]).toBeLessThan(outline[3][0]);
    expect(outline[1][0]).toBeLessThan(outline[2][0]);
  });

  it('should find nothing in an empty mask, a speck or a region the size of the wall', () => {
    expect(maskOutline(maskOf(), frame, [10, 10])).toBeNull();
    expect(maskOutline(maskOf([10, 10, 12, 12]), frame, [10, 10])).toBeNull();
    expect(maskOutline(maskOf([0, 0, 100, 60]), frame, [10, 10])).toBeNull();
  });
});
