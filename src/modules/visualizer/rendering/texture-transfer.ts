/**
 * Luminance-preserving texture transfer: the pattern takes the place of the front's paint while
 * the photo's light stays. Large-scale light (a window on one side, shade under the worktop)
 * comes from the photo's smoothed luminance over the fronts relative to their finish's mean;
 * small details (handles, bevels, shadows in the gaps) from each pixel relative to that light.
 *
 * The maps come at analysis resolution and are sampled bilinearly per photo pixel here, which
 * is cheaper than scaling three full-size maps up first. Each front's pattern is placed by its
 * own projective transform (see front-mapping.ts): flat on the door, at real-world scale.
 */
import type { FrontTransforms } from './front-mapping.js';

/** How much of the fine detail carries over; a little less than all keeps sensor noise down. */
const DETAIL = 0.7;
const MIN_SHADE = 0.2;
const MAX_SHADE = 1.8;

export interface AnalysisMaps {
  width: number;
  height: number;
  /** 0..255 pattern opacity (feathered at the edges). */
  mask: Uint8Array;
  /** Smoothed luminance of the fronts (0..255). */
  light: Uint8Array | Uint8ClampedArray;
  /** Mean luminance of each pixel's front finish: its paint, as opposed to its light. */
  finish: Uint8Array;
  /** 1 + the index of the pixel's front (its transform); 0 off the fronts. */
  front: Uint16Array;
}

export interface TransferInput {
  width: number;
  height: number;
  /** Photo, interleaved RGB, full resolution; painted over in place. */
  photo: Uint8Array;
  maps: AnalysisMaps;
  texture: { width: number; height: number; data: Uint8Array };
  transforms: FrontTransforms;
}

export interface TransferOutput {
  pixels: Uint8ClampedArray;
  /** Photo pixels at least half covered by the pattern. */
  covered: number;
  /** Pattern opacity per photo pixel, only when asked for (tests measure detection with it). */
  mask?: Uint8Array;
}

/** Source index and weight along one axis, pixel centres aligned (as image scalers do). */
function axisSamples(target: number, source: number) {
  const first = new Int32Array(target);
  const second = new Int32Array(target);
  const weight = new Float32Array(target);
  const scale = source / target;
  for (let t = 0; t < target; t++) {
    const position = Math.min(source - 1, Math.max(0, (t + 0.5) * scale - 0.5));
    const low = Math.floor(position);
    first[t] = low;
    second[t] = Math.min(source - 1, low + 1);
    weight[t] = position - low;
  }
  return { first, second, weight };
}

/**
 * Per row of `mask`, the span from its first to its last set column (first > last for none), and
 * per source column the first and last target column whose samples reach it: a target pixel
 * outside its rows' spans has no opacity (docs/decisions/0062-detection-hot-loops.md).
 */
function maskSpans(mask: Uint8Array, width: number, height: number) {
  const first = new Int32Array(height).fill(width);
  const last = new Int32Array(height).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (!mask[i]) continue;
      if (first[y] === width) first[y] = x;
      last[y] = x;
    }
  }
  return { first, last };
}

function reachingColumns(columns: { first: Int32Array; second: Int32Array }, source: number) {
  const target = columns.first.length;
  const firstReaching = new Int32Array(source);
  const lastReaching = new Int32Array(source);
  for (let c = 0, t = 0; c < source; c++) {
    while (columns.second[t] < c) t++;
    firstReaching[c] = t;
  }
  for (let c = source - 1, t = target - 1; c >= 0; c--) {
    while (columns.first[t] > c) t--;
    lastReaching[c] = t;
  }
  return { firstReaching, lastReaching };
}

export function transferTexture(input: TransferInput, keepMask = false): TransferOutput {
  const { width, height, photo, maps, texture, transforms } = input;
  // Painted in place: a 12 MP photo is 36 MB, and the caller is done with the unpainted pixels.
  const out = new Uint8ClampedArray(photo.buffer, photo.byteOffset, photo.length);
  const fullMask = keepMask ? new Uint8Array(width * height) : undefined;
  const columns = axisSamples(width, maps.width);
  const rows = axisSamples(height, maps.height);
  const { mask, light, finish, front } = maps;
  const tw = texture.width;
  const th = texture.height;
  const tex = texture.data;
  const spans = maskSpans(mask, maps.width, maps.height);
  const { firstReaching, lastReaching } = reachingColumns(columns, maps.width);
  let covered = 0;
  for (let y = 0; y < height; y++) {
    const spanStart = Math.min(spans.first[rows.first[y]], spans.first[rows.second[y]]);
    const spanEnd = Math.max(spans.last[rows.first[y]], spans.last[rows.second[y]]);
    if (spanStart > spanEnd) continue;
    const top = rows.first[y] * maps.width;
    const bottom = rows.second[y] * maps.width;
    const wy = rows.weight[y];
    const nearestRow = wy < 0.5 ? top : bottom;
    const xEnd = lastReaching[spanEnd];
    for (let x = firstReaching[spanStart], i = y * width + x; x <= xEnd; x++, i++) {
      const left = columns.first[x];
      const right = columns.second[x];
      const m00 = mask[top + left];
      const m01 = mask[top + right];
      const m10 = mask[bottom + left];
      const m11 = mask[bottom + right];
      if ((m00 | m01 | m10 | m11) === 0) continue;
      const wx = columns.weight[x];
      const upper = m00 + (m01 - m00) * wx;
      const opacity = upper + (m10 + (m11 - m10) * wx - upper) * wy;
      if (opacity < 1) continue;
      if (fullMask) fullMask[i] = opacity;
      if (opacity > 127) covered++;
      const l00 = light[top + left];
      const l01 = light[top + right];
      const lUpper = l00 + (l01 - l00) * wx;
      const local =
        lUpper +
        (light[bottom + left] + (light[bottom + right] - light[bottom + left]) * wx - lUpper) * wy +
        1;
      const nearest = nearestRow + (wx < 0.5 ? left : right);
      const paint = finish[nearest] || local;
      // At the feathered rim the nearest sample may be just off the front: take any corner's.
      const index =
        front[nearest] ||
        front[top + left] ||
        front[top + right] ||
        front[bottom + left] ||
        front[bottom + right];
      let t: number;
      if (index) {
        const m = (index - 1) * 9;
        const w = transforms[m + 6] * x + transforms[m + 7] * y + transforms[m + 8];
        const u = (transforms[m] * x + transforms[m + 1] * y + transforms[m + 2]) / w;
        const v = (transforms[m + 3] * x + transforms[m + 4] * y + transforms[m + 5]) / w;
        const tu = (u | 0) % tw;
        const tv = (v | 0) % th;
        t = ((tv < 0 ? tv + th : tv) * tw + (tu < 0 ? tu + tw : tu)) * 3;
      } else {
        t = ((y % th) * tw + (x % tw)) * 3;
      }
      const p = i * 3;
      const red = out[p];
      const green = out[p + 1];
      const blue = out[p + 2];
      const luminance = (77 * red + 150 * green + 29 * blue) >> 8;
      let shade = (local / paint) * (1 + DETAIL * ((luminance + 1) / local - 1));
      if (shade < MIN_SHADE) shade = MIN_SHADE;
      else if (shade > MAX_SHADE) shade = MAX_SHADE;
      const alpha = opacity / 255;
      out[p] = red + (tex[t] * shade - red) * alpha;
      out[p + 1] = green + (tex[t + 1] * shade - green) * alpha;
      out[p + 2] = blue + (tex[t + 2] * shade - blue) * alpha;
    }
  }
  return { pixels: out, covered, mask: fullMask };
}

/** Luminance of interleaved RGB (Rec. 601 weights, integer maths). */
export function luminanceOf(rgb: Uint8Array, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  for (let i = 0, p = 0; i < pixels; i++, p += 3) {
    out[i] = (77 * rgb[p] + 150 * rgb[p + 1] + 29 * rgb[p + 2]) >> 8;
  }
  return out;
}
