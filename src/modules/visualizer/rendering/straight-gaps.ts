/**
 * Gaps and edges too faint to see pixel by pixel under a photo's noise: a one-pixel gap a few per
 * cent lighter or darker than the doors either side, a door's edge a step of two per cent from
 * the wall. Noise is no line, a gap is: long and straight, along a row or a column. So
 * brightness is averaged along each row (for lines running across) and each column (for lines
 * running down) before a gap or a step is looked for across it, and only a line that runs on
 * straight for as long as a front's shortest side is kept. See
 * test/bench/visualizer-tuning-log.md#0037.
 */

import type { RgbImage } from './cabinet-detector.js';
import { logLightMap } from './log-light.js';

const { abs, max, min, round } = Math;

/** Pixels either side averaged along a line: noise falls to a quarter, a slanted gap stays put. */
const ALONG = 8;
/** A gap is at least this much lighter or darker (log brightness, averaged) than both sides. */
const DEPTH = 0.03;
/** Across the line, sides this far out are compared (a gap scaled up is two or three wide). */
const REACH = 3;
/** A step at least this much (log brightness, averaged) from one pixel to the next but one. */
const EDGE = 0.015;
/**
 * A step is sharp: most of what changes over SOFT pixels either side changes right there. A
 * shadow's or a lamp's soft edge spreads over many.
 */
const SOFT = 3;
const SHARPNESS = 0.6;
/** Kept when the line runs on this share of the picture's height (a front's shortest side). */
const MIN_RUN_FRACTION = 0.05;
/** How far a kept line may wander across its length (a row's line slants in an angled view). */
const MAX_WANDER = 0.35;
/** How far past its ends, as a share of its length, a line running down is looked along. */
const EXTEND = 1;
/**
 * A line across is marked this many pixels either side of a line running down where it crosses
 * it; a line running down alone is narrower.
 */
const CROSSING = 4;

/**
 * 1 on the long straight lines found (thickened by a pixel across), 0 elsewhere. `boundaries`
 * are the lines found already: a line running down part of a door's edge is drawn on to meet
 * them (see `extendDown`). `spread` is how many pixels one pixel of the photo as it came spans
 * in `image` (a small photo is scaled up for analysis): a sharp step of the photo is that much
 * wider here.
 */
export function findStraightGaps(image: RgbImage, boundaries: Uint8Array, spread = 1): Uint8Array {
  const { width, height } = image;
  const light = logLightMap(image.data, image.width * image.height);
  // Averaging smears a line over ALONG pixels past each end: a speck is no line.
  const minRun = max(4 * ALONG, round(MIN_RUN_FRACTION * height));
  const lines = new Uint8Array(width * height);
  for (const horizontal of [true, false]) {
    const averaged = averagedAlong(light, width, height, horizontal);
    const found = linesAcross(averaged, width, height, horizontal, spread);
    const pieces = markLongRuns(found, width, height, horizontal, minRun, lines);
    if (!horizontal) extendDown(pieces, lines, boundaries, width, height);
  }
  return lines;
}
/**
 * A running mean over 2 * ALONG + 1 pixels along each row (`horizontal`) or each column (summed
 * row by row, which reads the pixels in the order they lie in memory).
 */
function averagedAlong(
  light: Float32Array,
  width: number,
  height: number,
  horizontal: boolean,
): Float32Array {
  const out = new Float32Array(light.length);
  if (horizontal) {
    for (let y = 0; y < height; y++) {
      const row = y * width;
      let sum = 0;
      let count = 0;
      for (let x = 0; x < min(ALONG, width); x++, count++) sum += light[row + x];
      for (let x = 0; x < width; x++) {
        if (x + ALONG < width) {
          sum += light[row + x + ALONG];
          count++;
        }
        if (x - ALONG - 1 >= 0) {
          sum -= light[row + x - ALONG - 1];
          count--;
        }
        out[row + x] = sum / count;
      }
    }
    return out;
  }
  const sums = new Float64Array(width);
  let count = 0;
  const addRow = (y: number, sign: number) => {
    for (let x = 0, i = y * width; x < width; x++, i++) sums[x] += sign * light[i];
    count += sign;
  };
  for (let y = 0; y < min(ALONG, height); y++) addRow(y, 1);
  for (let y = 0; y < height; y++) {
    if (y + ALONG < height) addRow(y + ALONG, 1);
    if (y - ALONG - 1 >= 0) addRow(y - ALONG - 1, -1);
    for (let x = 0, i = y * width; x < width; x++, i++) out[i] = sums[x] / count;
  }
  return out;
}

/**
 * Pixels where the averaged brightness is a thin valley or ridge across the line, or a sharp
 * step: rows for lines running across (`horizontal`), columns for lines running down. A lit gap
 * counts only between two sides that differ less than it stands out: a bevel catching the light
 * has a front on one side and a dark gap on the other.
 */
function linesAcross(
  averaged: Float32Array,
  width: number,
  height: number,
  horizontal: boolean,
  spread: number,
): Uint8Array {
  const out = new Uint8Array(averaged.length);
  const step = horizontal ? width : 1;
  const extent = horizontal ? height : width;
  // A step is measured across `spread` pixels either side, and is soft past that.
  const soft = SOFT + spread - 1;
  const stepAt = (i: number) => abs(averaged[i + spread * step] - averaged[i - spread * step]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const position = horizontal ? y : x;
      const i = y * width + x;
      const v = averaged[i];
      for (let d = 1; d <= REACH && position >= d && position + d < extent; d++) {
        const before = averaged[i - d * step];
        const after = averaged[i + d * step];
        const darker = min(before, after) - v >= DEPTH;
        const lighter = v - max(before, after) >= DEPTH && abs(before - after) <= DEPTH;
        if (darker || lighter) {
          out[i] = 1;
          break;
        }
      }
      if (out[i] || position < soft || position + soft >= extent) continue;
      const sharp = stepAt(i);
      // Most pixels are no step at all: the rest is measured only for those that are.
      if (sharp < EDGE) continue;
      const wide = abs(averaged[i + soft * step] - averaged[i - soft * step]);
      // The steepest point of the step, so the line stays thin.
      const steepest = sharp >= stepAt(i + step) && sharp >= stepAt(i - step);
      if (sharp >= SHARPNESS * wide && steepest) out[i] = 1;
    }
  }
  return out;
}

/**
 * Keeps the pieces of `gaps` (8-connected) that run on at least `minRun` pixels along the line
 * and wander little across it, marking them and a pixel either side across into `lines`.
 */
function markLongRuns(
  gaps: Uint8Array,
  width: number,
  height: number,
  horizontal: boolean,
  minRun: number,
  lines: Uint8Array,
): Piece[] {
  const pieces: Piece[] = [];
  const seen = new Uint8Array(gaps.length);
  const stack: number[] = [];
  const piece: number[] = [];
  for (let start = 0; start < gaps.length; start++) {
    if (!gaps[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    piece.length = 0;
    let lowAlong = Infinity;
    let highAlong = -1;
    let lowAcross = Infinity;
    let highAcross = -1;
    while (stack.length) {
      const i = stack.pop()!;
      piece.push(i);
      const x = i % width;
      const y = (i - x) / width;
      const along = horizontal ? x : y;
      const across = horizontal ? y : x;
      lowAlong = min(lowAlong, along);
      highAlong = max(highAlong, along);
      lowAcross = min(lowAcross, across);
      highAcross = max(highAcross, across);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (gaps[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    const run = highAlong - lowAlong + 1;
    if (run < minRun || highAcross - lowAcross + 1 > MAX_WANDER * run) continue;
    const across = horizontal ? width : 1;
    let startSum = 0;
    let startCount = 0;
    let endSum = 0;
    let endCount = 0;
    for (const i of piece) {
      lines[i] = 1;
      if (i - across >= 0) lines[i - across] = 1;
      if (i + across < lines.length) lines[i + across] = 1;
      const x = i % width;
      const y = (i - x) / width;
      const along = horizontal ? x : y;
      const position = horizontal ? y : x;
      if (along === lowAlong) {
        startSum += position;
        startCount++;
      }
      if (along === highAlong) {
        endSum += position;
        endCount++;
      }
    }
    pieces.push({
      horizontal,
      from: [lowAlong, startSum / startCount],
      to: [highAlong, endSum / endCount],
    });
  }
  return pieces;
}

/** A kept line: where it starts and ends, as (along, across) in its own direction. */
interface Piece {
  horizontal: boolean;
  from: [number, number];
  to: [number, number];
}

/**
 * A door's edge seen along part of its height is there along the rest (the wall beside it is
 * lit a shade differently from top to bottom): a line running down is drawn on to meet a line
 * found, above or below, no further off than EXTEND times its own length. Meeting nothing (open
 * wall) it is not drawn on. Lines running across are not: a row's top line drawn on past its
 * last unit would meet a window's frame and close off the wall between.
 */
function extendDown(
  pieces: Piece[],
  lines: Uint8Array,
  boundaries: Uint8Array,
  width: number,
  height: number,
): void {
  const drawn: number[] = [];
  const onLine = (i: number) => boundaries[i] === 1 || lines[i] === 1;
  // Averaging smears a line ALONG pixels past its end: one that ends where a line crosses it
  // (a wall unit's side at its top) shows as running on a little past it, and drawn on from
  // there it would cut the wall above into a door-shaped piece.
  const endsAtCrossing = (end: number, x0: number, direction: number, slope: number) => {
    for (let k = 0; k <= ALONG; k++) {
      const y = end - direction * k;
      const x = round(x0 - direction * k * slope);
      if (y < 0 || y >= height || x < CROSSING || x >= width - CROSSING) continue;
      const i = y * width + x;
      if (onLine(i - CROSSING) && onLine(i) && onLine(i + CROSSING)) return true;
    }
    return false;
  };
  for (const { from, to } of pieces) {
    const length = to[0] - from[0];
    const slope = length > 0 ? (to[1] - from[1]) / length : 0;
    for (const direction of [-1, 1]) {
      const [top, x0] = direction < 0 ? from : to;
      if (endsAtCrossing(top, x0, direction, slope)) continue;
      drawn.length = 0;
      for (let k = 1; k <= EXTEND * length; k++) {
        const y = top + direction * k;
        const x = round(x0 + direction * k * slope);
        if (y < 0 || y >= height || x < 1 || x >= width - 1) break;
        const i = y * width + x;
        if ([i - 1, i, i + 1].some((j) => boundaries[j] || lines[j])) {
          for (const j of drawn) lines[j] = 1;
          break;
        }
        drawn.push(i - 1, i, i + 1);
      }
    }
  }
}
