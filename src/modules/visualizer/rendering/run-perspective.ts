/**
 * How a run's fronts shrink along the picture in a photo taken at an angle
 * (test/bench/visualizer-tuning-log.md#0087): the far end of the
 * run stands smaller than the near one, so a fridge-freezer at the far end measures no taller
 * than a drawer stack at the near end, though it is much taller than any front beside it. Each
 * front's outline shows the shrinking itself: its far side is shorter than its near side.
 */
import type { Box } from './box.js';
import type { FrontOutline } from './front-outlines.js';

const { exp, log } = Math;

/** Narrower outlines than this (of the picture's width) measure their sides too close together. */
const MIN_WIDTH = 0.04;

/**
 * How a front's height changes across the picture: the median over the outlines wide enough of
 * ln(right side's height / left side's height) per picture width (0 facing the run; negative
 * where the run recedes to the right). Outlines are [top left, top right, bottom right, bottom
 * left] in fractions of the picture.
 */
export function heightFalloff(outlines: FrontOutline[]): number {
  const slopes: number[] = [];
  for (const outline of outlines) {
    if (outline.length !== 4) continue;
    const [topLeft, topRight, bottomRight, bottomLeft] = outline;
    const left = bottomLeft[1] - topLeft[1];
    const right = bottomRight[1] - topRight[1];
    const across = (topRight[0] + bottomRight[0] - topLeft[0] - bottomLeft[0]) / 2;
    if (across < MIN_WIDTH || left <= 0 || right <= 0) continue;
    slopes.push(log(right / left) / across);
  }
  if (!slopes.length) return 0;
  slopes.sort((a, b) => a - b);
  const middle = slopes.length >> 1;
  return slopes.length % 2 ? slopes[middle] : (slopes[middle - 1] + slopes[middle]) / 2;
}

/**
 * The height (pixels) `box` would stand at column `x` of a picture `width` pixels wide, the run
 * shrinking by `falloff` (`heightFalloff`) across it.
 */
export function heightAt(box: Box, x: number, width: number, falloff: number): number {
  const height = box.maxY - box.minY + 1;
  if (!falloff) return height;
  const centre = (box.minX + box.maxX) / 2;
  return height * exp((falloff * (x - centre)) / width);
}
