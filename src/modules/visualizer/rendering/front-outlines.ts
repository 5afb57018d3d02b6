/**
 * Front outlines: what the visitor sees and corrects on the photo, and what a render paints when
 * the visitor sent them. Four corners each, clockwise from the top left, as shares (0..1) of the
 * photo's width and height, so they fit the photo at any size.
 */
import { isInsideOutline, toShare } from '#src/contract/visualizer.js';
import type { CabinetDetection, RgbImage } from './cabinet-detector.js';

export type Point = [number, number];
export type FrontOutline = Point[];

/** More outlines than any kitchen has fronts: a request with more is refused. */
export const MAX_FRONTS = 80;
export const OUTLINE_CORNERS = 4;

/** Corners of a region: the pixels farthest along each diagonal, pushed out by `grow` pixels. */
export class CornerTracker {
  /** Best x + y (least), x - y, x + y and y - x (most) so far. */
  private readonly best = [Infinity, -Infinity, -Infinity, -Infinity];
  private readonly corners: Point[] = [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ];

  /** A pixel of the region (its top-left corner at x, y). */
  add(x: number, y: number): void {
    const sum = x + y;
    const difference = x - y;
    if (sum < this.best[0]) this.set(0, sum, x, y);
    if (difference > this.best[1]) this.set(1, difference, x + 1, y);
    if (sum > this.best[2]) this.set(2, sum, x + 1, y + 1);
    if (-difference > this.best[3]) this.set(3, -difference, x, y + 1);
  }

  outline(width: number, height: number, grow: number): FrontOutline {
    const cx = this.corners.reduce((sum, [x]) => sum + x, 0) / OUTLINE_CORNERS;
    const cy = this.corners.reduce((sum, [, y]) => sum + y, 0) / OUTLINE_CORNERS;
    return this.corners.map(([x, y]) => {
      const length = Math.hypot(x - cx, y - cy) || 1;
      const gx = x + ((x - cx) / length) * grow * Math.SQRT2;
      const gy = y + ((y - cy) / length) * grow * Math.SQRT2;
      return [toShare(gx / width), toShare(gy / height)];
    });
  }

  /** The corners so far, clockwise from the top left. */
  get points(): readonly Point[] {
    return this.corners;
  }

  /** In place: a region's pixels come by the million, a new point for each would be garbage. */
  private set(corner: number, value: number, x: number, y: number): void {
    this.best[corner] = value;
    const point = this.corners[corner];
    point[0] = x;
    point[1] = y;
  }
}

/**
 * The fronts the visitor confirmed, as a detection would give them: the mask inside the outlines,
 * and each front's own mean brightness as its finish.
 */
export function rasteriseOutlines(outlines: FrontOutline[], image: RgbImage): CabinetDetection {
  const { width, height, data } = image;
  const mask = new Uint8Array(width * height);
  const finishLuminance = new Uint8Array(width * height);
  const frontIndex = new Uint16Array(width * height);
  const widths: number[] = [];
  for (const [k, outline] of outlines.entries()) {
    const corners = outline.map(([x, y]): Point => [x * width, y * height]);
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
    const pixels: number[] = [];
    let sum = 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (!isInsideOutline(corners, x + 0.5, y + 0.5)) continue;
        const i = y * width + x;
        pixels.push(i);
        sum += (77 * data[i * 3] + 150 * data[i * 3 + 1] + 29 * data[i * 3 + 2]) >> 8;
      }
    }
    if (!pixels.length) continue;
    const finish = Math.max(1, Math.round(sum / pixels.length));
    for (const i of pixels) {
      mask[i] = 255;
      finishLuminance[i] = finish;
      frontIndex[i] = k + 1;
    }
    const [[xa], [xb], [xc], [xd]] = corners;
    widths.push((xb - xa + (xc - xd)) / 2);
  }
  widths.sort((a, b) => a - b);
  return {
    mask,
    finishLuminance,
    frontIndex,
    fronts: widths.length,
    medianFrontWidth: widths.length ? widths[widths.length >> 1] : width / 8,
    outlines,
  };
}
