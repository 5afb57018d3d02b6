/**
 * Gaps too faint to see pixel by pixel under a photo's noise: a one-pixel gap a few per cent
 * lighter or darker than the doors either side. Noise is no line, a gap is: long and straight,
 * along a row or a column. So brightness is averaged along each row (for gaps running across)
 * and each column (for gaps running down) before a gap is looked for across it, and only a gap
 * that runs on straight for as long as a front's shortest side is kept.
 */

const { abs, max, min } = Math;

/** Added to brightness before its logarithm, as for the other lines. */
const LIGHT_OFFSET = 16;
/** Pixels either side averaged along a line: noise falls to a quarter, a slanted gap stays put. */
const ALONG = 8;
/** A gap is at least this much lighter or darker (log brightness, averaged) than both sides. */
const DEPTH = 0.03;
/** Across the line, sides this far out are compared (a gap scaled up is two or three wide). */
const REACH = 3;
/** Kept when the gap runs on this share of the picture's height (a front's shortest side). */
const MIN_RUN_FRACTION = 0.05;
/** How far a kept line may wander across its length (a row's line slants in an angled view). */
const MAX_WANDER = 0.35;

export interface StraightGapImage {
  width: number;
  height: number;
  /** Interleaved RGB. */
  data: Uint8Array;
}

/**
 * 1 on the long straight gaps found (thickened by a pixel across), 0 elsewhere. Lit gaps count
 * only between two sides that differ less than the gap stands out: a bevel catching the light has
 * a front on one side and a dark gap on the other.
 */
export function findStraightGaps(image: StraightGapImage): Uint8Array {
  const { width, height } = image;
  const light = logLight(image);
  const minRun = max(8, Math.round(MIN_RUN_FRACTION * height));
  const lines = new Uint8Array(width * height);
  const across = averagedAlong(light, width, height, true);
  markLongRuns(gapsAcross(across, width, height, true), width, height, true, minRun, lines);
  const down = averagedAlong(light, width, height, false);
  markLongRuns(gapsAcross(down, width, height, false), width, height, false, minRun, lines);
  return lines;
}

function logLight({ width, height, data }: StraightGapImage): Float32Array {
  const table = Float32Array.from({ length: 1021 }, (_, sum) => Math.log(sum / 4 + LIGHT_OFFSET));
  const out = new Float32Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 3) {
    out[i] = table[data[p] + 2 * data[p + 1] + data[p + 2]];
  }
  return out;
}

/** A running mean over 2 * ALONG + 1 pixels along each row (`horizontal`) or each column. */
function averagedAlong(
  light: Float32Array,
  width: number,
  height: number,
  horizontal: boolean,
): Float32Array {
  const out = new Float32Array(light.length);
  const lines = horizontal ? height : width;
  const length = horizontal ? width : height;
  const step = horizontal ? 1 : width;
  for (let line = 0; line < lines; line++) {
    const start = horizontal ? line * width : line;
    let sum = 0;
    let count = 0;
    for (let k = 0; k < min(ALONG, length); k++) {
      sum += light[start + k * step];
      count++;
    }
    for (let k = 0; k < length; k++) {
      const ahead = k + ALONG;
      if (ahead < length) {
        sum += light[start + ahead * step];
        count++;
      }
      const behind = k - ALONG - 1;
      if (behind >= 0) {
        sum -= light[start + behind * step];
        count--;
      }
      out[start + k * step] = sum / count;
    }
  }
  return out;
}

/**
 * Pixels where the averaged brightness is a thin valley or ridge across the line: rows for
 * gaps running across (`horizontal`), columns for gaps running down.
 */
function gapsAcross(
  averaged: Float32Array,
  width: number,
  height: number,
  horizontal: boolean,
): Uint8Array {
  const out = new Uint8Array(averaged.length);
  const step = horizontal ? width : 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const position = horizontal ? y : x;
      const extent = horizontal ? height : width;
      const i = y * width + x;
      const v = averaged[i];
      for (let d = 1; d <= REACH; d++) {
        if (position < d || position + d >= extent) break;
        const before = averaged[i - d * step];
        const after = averaged[i + d * step];
        const darker = min(before, after) - v >= DEPTH;
        const lighter = v - max(before, after) >= DEPTH && abs(before - after) <= DEPTH;
        if (darker || lighter) {
          out[i] = 1;
          break;
        }
      }
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
): void {
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
    for (const i of piece) {
      lines[i] = 1;
      if (i - across >= 0) lines[i - across] = 1;
      if (i + across < lines.length) lines[i + across] = 1;
    }
  }
}
