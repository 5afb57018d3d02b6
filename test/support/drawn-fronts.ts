/** Front candidates and drawn pictures for the tests of front detection's stages. */
import type { RgbImage } from '#src/modules/visualizer/rendering/cabinet-detector.js';
import type { Candidate } from '#src/modules/visualizer/detection/detection-types.js';

/** An upright candidate box with a uniform interior of the given grey (Lab neutral). */
export function boxCandidate(
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  grey = 200,
): Candidate {
  return {
    quad: [
      [minX, minY],
      [maxX, minY],
      [maxX, maxY],
      [minX, maxY],
    ],
    area: (maxX - minX) * (maxY - minY),
    minX,
    minY,
    maxX,
    maxY,
    edgeShare: 0,
    grey,
    lab: [grey, 128, 128],
    rimLab: [grey, 128, 128],
  };
}

/**
 * A grid of `count` equal tiles of `size`, `columns` to a row from `at`, each `step` from the next
 * (across, down): as [minX, minY, maxX, maxY].
 */
export function tileGrid(
  count: number,
  columns: number,
  at: [x: number, y: number],
  size: [width: number, height: number],
  step: [across: number, down: number],
): [number, number, number, number][] {
  return Array.from({ length: count }, (_, k) => {
    const minX = at[0] + (k % columns) * step[0];
    const minY = at[1] + Math.floor(k / columns) * step[1];
    return [minX, minY, minX + size[0], minY + size[1]];
  });
}

/** A box to paint, corners inclusive. */
export interface DrawnBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  rgb: [number, number, number];
}

/** `count` doors of one colour in a row from `at`, each `step` pixels right of the last. */
export function doorRow(
  count: number,
  at: [x: number, y: number],
  size: [width: number, height: number],
  step: number,
  rgb: [number, number, number] = [240, 240, 236],
): DrawnBox[] {
  return Array.from({ length: count }, (_, k) => ({
    minX: at[0] + k * step,
    minY: at[1],
    maxX: at[0] + k * step + size[0],
    maxY: at[1] + size[1],
    rgb,
  }));
}

/** A light wall with the given boxes painted on it, each edged by a dark one-pixel-wide gap. */
export function drawnPicture(
  width: number,
  height: number,
  boxes: DrawnBox[],
  wall: [number, number, number] = [225, 222, 215],
): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(wall, i * 3);
  for (const { minX, minY, maxX, maxY, rgb } of boxes) {
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const rim = x === minX || x === maxX || y === minY || y === maxY;
        data.set(rim ? [90, 88, 85] : rgb, (y * width + x) * 3);
      }
    }
  }
  return { width, height, data };
}
