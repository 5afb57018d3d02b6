/**
 * Lines on near-black fronts. A pixel's own gap and step tests drown there: sensor noise and JPEG
 * artefacts are as large as the gap between two black doors (a few levels), so the tests either
 * miss the gap (at the usual sensitivity) or break the door into specks (at a finer one). A gap
 * or an edge is a long line, though: averaged along its direction over a dozen pixels the noise
 * falls to a third while the line stays as deep. In dark parts of the picture the lines are
 * therefore looked for on such means (across x for lines running down, across y for lines
 * running across), and they replace the pixel-wise ones, in a noisy picture only: in a clean one
 * those still hold fine lines the means blur. A finer pass takes less of an offset before the
 * logarithm, not a lower threshold: faint gaps show, and the noise left in a mean stays below
 * the threshold.
 *
 * Wood grain on a black door is a streak in every column, each as deep as the gap between two
 * doors and as long and straight as it: means along the line keep it. It is irregular across,
 * though, and one or two pixels wide, where a gap is a few pixels wide and even. Where the dark
 * parts are streaked down, the means are therefore also taken over a few pixels across the line:
 * the streaks fall to about half, a gap keeps its depth in its middle and is looked for that much
 * further out.
 */

import { nthSmallest } from './numbers.js';

const { abs, min } = Math;

/** Luminance (as (r + 2g + b) / 4) below which the pixel-wise tests are replaced. */
export const DARK_LUMINANCE = 40;
/** Half the length of the mean taken along a line (13 pixels in all). */
const ALONG = 6;
/**
 * Added to brightness before its logarithm at the first pass (times the pass's sensitivity at
 * the finer ones): less than the pixel-wise tests add (16), as a mean carries less noise.
 */
const MEAN_OFFSET = 12;
/** A gap: this much darker (log brightness) than both sides, within GAP_REACH px. */
const GAP_RATIO = Math.exp(0.09);
const GAP_REACH = 3;
/** Half the width of the mean across the line where the dark parts are grained (5 pixels). */
const ACROSS = 2;
/**
 * Grained: the means along y change from one column to the next this many times as much as the
 * means along x from one row to the next (compared at the upper quartile of the dark pixels). A
 * painted door's noise changes both alike; a groove or a drawer's gap changes the means along x.
 */
const STREAKED = 1.3;
/** Grain is measured on every other row and every fourth pixel of it: plenty for a quartile. */
const SAMPLE_EVERY = 4;
/** A step: this much in log brightness between the means STEP_REACH px either side. */
const STEP_RATIO = Math.exp(0.12);
const STEP_REACH = 2;
/**
 * Noise level in the dark parts (as the detector measures it) from which the pixel-wise lines
 * there are mostly specks. Below it (a render, a photo scaled far down) they hold fine lines the
 * means blur (a one-pixel gap beside a handleless door's grip line) and are left as they are.
 */
const NOISY = 0.5;

export interface DarkMeans {
  width: number;
  height: number;
  /** 1 where the picture is dark enough for these lines to replace the pixel-wise ones. */
  dark: Uint8Array;
  /** Luminance averaged along x (for lines running across) and along y (lines running down). */
  alongX: Float32Array;
  alongY: Float32Array;
  /** How far out from a line its sides are looked for (further where the means are wider). */
  reach: number;
}

/**
 * Once per picture: `rgb` is the (smoothed) picture the pixel-wise lines are found on; null for a
 * picture whose dark parts have less than NOISY `noise`, whose pixel-wise lines are kept.
 */
export function darkMeans(
  rgb: Uint8Array,
  width: number,
  height: number,
  noise: number,
): DarkMeans | null {
  if (noise < NOISY) return null;
  const pixels = width * height;
  const luminance = new Float32Array(pixels);
  const dark = new Uint8Array(pixels);
  for (let i = 0, p = 0; i < pixels; i++, p += 3) {
    luminance[i] = (rgb[p] + 2 * rgb[p + 1] + rgb[p + 2]) / 4;
    if (luminance[i] < DARK_LUMINANCE) dark[i] = 1;
  }
  const alongX = means(luminance, width, height, 1, width, ALONG);
  const alongY = means(luminance, height, width, width, 1, ALONG);
  if (!isStreakedDown(alongX, alongY, dark, width, height)) {
    return { width, height, dark, alongX, alongY, reach: GAP_REACH };
  }
  return {
    width,
    height,
    dark,
    alongX: means(alongX, height, width, width, 1, ACROSS),
    alongY: means(alongY, width, height, 1, width, ACROSS),
    reach: GAP_REACH + ACROSS,
  };
}

/**
 * Whether the dark parts are grained down: from one column to the next the means along y change
 * much more than the means along x do from one row to the next.
 */
function isStreakedDown(
  alongX: Float32Array,
  alongY: Float32Array,
  dark: Uint8Array,
  width: number,
  height: number,
): boolean {
  const acrossColumns = new Float32Array(dark.length >> 3);
  const acrossRows = new Float32Array(dark.length >> 3);
  let count = 0;
  for (let y = 0; y + 1 < height; y += 2) {
    for (let i = y * width, end = i + width - 1; i < end; i += SAMPLE_EVERY) {
      if (!dark[i]) continue;
      acrossColumns[count] = abs(alongY[i + 1] - alongY[i]);
      acrossRows[count++] = abs(alongX[i + width] - alongX[i]);
    }
  }
  const upperQuartile = (values: Float32Array) =>
    count ? nthSmallest(values, (3 * count) >> 2, count) : 0;
  return upperQuartile(acrossColumns) >= STREAKED * upperQuartile(acrossRows);
}

/**
 * The pixel-wise lines of a pass at `sensitivity`, with those in dark parts replaced by the lines
 * found on the means.
 */
export function withDarkLines(
  boundaries: Uint8Array,
  means: DarkMeans | null,
  sensitivity: number,
): Uint8Array {
  if (!means) return boundaries;
  const { width, height, dark, alongX, alongY, reach } = means;
  const offset = MEAN_OFFSET * sensitivity;
  const edges = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const lineDown =
        alongY[i] < DARK_LUMINANCE && isLine(alongY, i, 1, min(x, width - 1 - x), offset, reach);
      if (
        lineDown ||
        (alongX[i] < DARK_LUMINANCE &&
          isLine(alongX, i, width, min(y, height - 1 - y), offset, reach))
      ) {
        edges[i] = 1;
      }
    }
  }
  const lines = thicken(edges, width, height);
  for (let i = 0; i < lines.length; i++) lines[i] ||= dark[i] ? 0 : boundaries[i];
  return lines;
}

/**
 * A gap (darker than both sides, within `reach`) or a step, comparing means `stride` apart; `room`
 * is how many pixels the picture has on the nearer side. Compared as ratios of brightness plus `offset`: the
 * same as differences of its logarithm, without taking one.
 */
function isLine(
  means: Float32Array,
  i: number,
  stride: number,
  room: number,
  offset: number,
  reach: number,
): boolean {
  const v = means[i] + offset;
  for (let d = 1; d <= min(reach, room); d++) {
    if (min(means[i - d * stride], means[i + d * stride]) + offset >= GAP_RATIO * v) return true;
  }
  if (room < STEP_REACH) return false;
  const before = means[i - STEP_REACH * stride] + offset;
  const after = means[i + STEP_REACH * stride] + offset;
  return after >= STEP_RATIO * before || before >= STEP_RATIO * after;
}

/**
 * The mean over 2 * `half` + 1 pixels along one axis (shorter at the picture's edge): `length`
 * pixels a line, `step` apart; `lines` lines, `next` apart.
 */
function means(
  values: Float32Array,
  length: number,
  lines: number,
  step: number,
  next: number,
  half: number,
): Float32Array {
  const out = new Float32Array(values.length);
  for (let line = 0; line < lines; line++) {
    const start = line * next;
    let sum = 0;
    let count = 0;
    for (let k = 0; k < min(half, length); k++) {
      sum += values[start + k * step];
      count++;
    }
    for (let k = 0; k < length; k++) {
      if (k + half < length) {
        sum += values[start + (k + half) * step];
        count++;
      }
      if (k - half - 1 >= 0) {
        sum -= values[start + (k - half - 1) * step];
        count--;
      }
      out[start + k * step] = sum / count;
    }
  }
  return out;
}

/** One pixel of growth, so a line found on the means is as thick as a pixel-wise one. */
function thicken(edges: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(edges.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!edges[i]) continue;
      out[i] = 1;
      if (x > 0) out[i - 1] = 1;
      if (x + 1 < width) out[i + 1] = 1;
      if (y > 0) out[i - width] = 1;
      if (y + 1 < height) out[i + width] = 1;
    }
  }
  return out;
}
