import type { MaskRegion } from '#src/modules/visualizer/detection/prompted/mask-region.js';

/** The picture the prompted detector's specs draw their regions on. */
export const MASK_PICTURE = { width: 200, height: 100 };

/** A sure, solid rectangular mask over x0..x1, y0..y1 of `MASK_PICTURE`. */
export function boxRegion(x0: number, y0: number, x1: number, y1: number, iou = 0.95): MaskRegion {
  const pixels: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) pixels.push(y * MASK_PICTURE.width + x);
  }
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
    predictedIou: iou,
    stability: 0.95,
  };
}
