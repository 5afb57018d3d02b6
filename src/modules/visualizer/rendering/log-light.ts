/**
 * Log brightness, as the lines are measured: (r + 2g + b) / 4 with light added before the
 * logarithm, so the same gap counts the same in shade as in full light.
 */
const LIGHT_OFFSET = 16;

/** Log brightness by r + 2g + b (1021 quarter steps): a table, as it is read per pixel. */
const LOG_LIGHT = Float64Array.from({ length: 1021 }, (_, sum) => Math.log(sum / 4 + LIGHT_OFFSET));

/** Log brightness of the pixel at byte `p` of `rgb`. */
export function logLightAt(rgb: Uint8Array, p: number): number {
  return LOG_LIGHT[rgb[p] + 2 * rgb[p + 1] + rgb[p + 2]];
}

/** Log brightness of each of the first `pixels` pixels of `rgb`. */
export function logLightMap(rgb: Uint8Array, pixels: number): Float32Array {
  const light = new Float32Array(pixels);
  for (let i = 0, p = 0; i < pixels; i++, p += 3) light[i] = logLightAt(rgb, p);
  return light;
}
