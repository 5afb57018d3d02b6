import type { FrontOutline } from './front-outlines.js';
import type { Slant } from './neighbour-doors.js';

/**
 * How far a front's top and bottom fall per pixel to the right, from its outline's corners
 * (clockwise from the top left, as shares of a `width` × `height` picture): photographed at an
 * angle a run's lines slant, and a door beside it lies along them
 * (test/bench/visualizer-tuning-log.md#0080).
 */
export function outlineSlant(outline: FrontOutline, width: number, height: number): Slant {
  const [topLeft, topRight, bottomRight, bottomLeft] = outline.map(([x, y]) => [
    x * width,
    y * height,
  ]);
  const fall = ([x0, y0]: number[], [x1, y1]: number[]) => (x1 > x0 ? (y1 - y0) / (x1 - x0) : 0);
  return { top: fall(topLeft, topRight), bottom: fall(bottomLeft, bottomRight) };
}
