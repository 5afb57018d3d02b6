/**
 * A region's mean colour as CIE Lab in OpenCV's 8-bit scaling (L × 255 / 100, a + 128, b + 128),
 * the scale the finish grouping of not-fronts.ts compares in.
 */

export function meanLab(rgb: Uint8Array, pixels: Int32Array): [number, number, number] {
  if (!pixels.length) return [0, 128, 128];
  let [r, g, b] = [0, 0, 0];
  for (const i of pixels) {
    r += linear(rgb[i * 3]);
    g += linear(rgb[i * 3 + 1]);
    b += linear(rgb[i * 3 + 2]);
  }
  [r, g, b] = [r / pixels.length, g / pixels.length, b / pixels.length];
  // sRGB (D65) to XYZ, relative to the D65 white.
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  const lightness = 116 * fy - 16;
  return [(lightness * 255) / 100, 500 * (fx - fy) + 128, 200 * (fy - fz) + 128];
}

/** Mean grey (0..255) of a region, Rec. 601 weights. */
export function meanGrey(rgb: Uint8Array, pixels: Int32Array): number {
  let sum = 0;
  for (const i of pixels)
    sum += 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];
  return pixels.length ? sum / pixels.length : 0;
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function f(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116;
}
