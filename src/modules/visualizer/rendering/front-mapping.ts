/**
 * Where on the pattern each photo pixel of a front falls: a projective map per front from the
 * photo onto the front's own rectangle, so the pattern lies flat on a door photographed at an
 * angle and its grain runs along the door, not along the picture. Printed at real-world scale:
 * a typical front is about 60 cm wide and one texture tile is 50 cm of vinyl.
 */
import type { FrontOutline, Point } from './front-outlines.js';

export const FRONT_WIDTH_CM = 60;
export const TILE_CM = 50;

/** Nine numbers per front, row-major: photo pixel (x, y, 1) to texture pixel (tx, ty, w). */
export type FrontTransforms = Float64Array;

/** Projective map from the unit square to a quadrilateral (row-major 3x3, Heckbert's form). */
export function squareToQuad([[x0, y0], [x1, y1], [x2, y2], [x3, y3]]: Point[]): number[] {
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const det = dx1 * dy2 - dx2 * dy1 || 1e-9;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

/** The inverse of a row-major 3x3 matrix. */
export function invert3x3([a, b, c, d, e, f, g, h, i]: number[]): number[] {
  const A = e * i - f * h;
  const B = f * g - d * i;
  const C = d * h - e * g;
  const det = a * A + b * B + c * C || 1e-9;
  return [
    A / det,
    (c * h - b * i) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    (c * d - a * f) / det,
    C / det,
    (b * g - a * h) / det,
    (a * e - b * d) / det,
  ];
}

const length = ([xa, ya]: Point, [xb, yb]: Point) => Math.hypot(xb - xa, yb - ya);

/**
 * One transform per outline for a photo of `width` x `height` pixels and a texture tile of
 * `tile` pixels. The median front's width sets the photo's centimetres per pixel.
 */
export function frontTransforms(
  outlines: FrontOutline[],
  width: number,
  height: number,
  tile: { width: number; height: number },
): FrontTransforms {
  const quads = outlines.map((outline) => outline.map(([x, y]): Point => [x * width, y * height]));
  const widths = quads.map(([a, b, c, d]) => (length(a, b) + length(d, c)) / 2);
  const sorted = [...widths].sort((a, b) => a - b);
  const cmPerPixel = FRONT_WIDTH_CM / (sorted[sorted.length >> 1] || width / 8);
  const transforms = new Float64Array(quads.length * 9);
  quads.forEach((quad, k) => {
    const [a, b, c, d] = quad;
    const frontHeight = (length(a, d) + length(b, c)) / 2;
    const across = (widths[k] * cmPerPixel * tile.width) / TILE_CM;
    const down = (frontHeight * cmPerPixel * tile.height) / TILE_CM;
    const toUnit = invert3x3(squareToQuad(quad));
    const scaled = [
      ...toUnit.slice(0, 3).map((value) => value * across),
      ...toUnit.slice(3, 6).map((value) => value * down),
      ...toUnit.slice(6),
    ];
    transforms.set(scaled, k * 9);
  });
  return transforms;
}
