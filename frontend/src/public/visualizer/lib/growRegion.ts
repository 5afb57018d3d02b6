import { type FrontOutline, toShare } from '#src/contract/visualizer';

/** RGBA pixels, as a canvas gives them. */
export type Pixels = Pick<ImageData, 'width' | 'height' | 'data'>;

/** Brightness steps (log scale) that end a front: its gaps, edges and handles. */
const EDGE_STEP = 0.09;
/** How far brightness may drift from the tapped point within one front (light falling across). */
const MAX_DRIFT = 0.35;
/** Smaller than this (share of the photo) is a handle or a speck; larger is the wall. */
const MIN_AREA = 0.001;
const MAX_AREA = 0.3;

function logLight(pixels: Pixels): Float32Array {
  const { width, height, data } = pixels;
  const out = new Float32Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 4) {
    out[i] = Math.log((data[p] + 2 * data[p + 1] + data[p + 2]) / 4 + 16);
  }
  return out;
}

/** A pixel on a line or step: brighter or darker than a neighbour across by EDGE_STEP. */
function edges(light: Float32Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(light.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = light[i];
      if (
        Math.abs(light[i + 1] - v) >= EDGE_STEP ||
        Math.abs(light[i - 1] - v) >= EDGE_STEP ||
        Math.abs(light[i + width] - v) >= EDGE_STEP ||
        Math.abs(light[i - width] - v) >= EDGE_STEP
      ) {
        out[i] = 1;
      }
    }
  }
  return out;
}

/**
 * The front under a tap: the region grown from the tapped point up to the nearest edges, as its
 * outline (the pixels farthest along each diagonal). Null when the tap was on an edge or the
 * region is no front's size (it ran into the wall through a gap too faint to see).
 */
export function growRegion(pixels: Pixels, x: number, y: number): FrontOutline | null {
  const { width, height } = pixels;
  const light = logLight(pixels);
  const edge = edges(light, width, height);
  const seedX = Math.min(width - 1, Math.max(0, Math.round(x * width)));
  const seedY = Math.min(height - 1, Math.max(0, Math.round(y * height)));
  const seed = seedY * width + seedX;
  if (edge[seed]) return null;
  const seen = new Uint8Array(width * height);
  const stack = [seed];
  seen[seed] = 1;
  const best = [Infinity, -Infinity, -Infinity, -Infinity];
  const corners: [number, number][] = [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ];
  let area = 0;
  const limit = MAX_AREA * width * height;
  while (stack.length) {
    const i = stack.pop()!;
    area++;
    if (area > limit) return null;
    const px = i % width;
    const py = (i - px) / width;
    const keys = [px + py, px - py, px + py, py - px];
    if (keys[0] < best[0]) [best[0], corners[0]] = [keys[0], [px, py]];
    if (keys[1] > best[1]) [best[1], corners[1]] = [keys[1], [px + 1, py]];
    if (keys[2] > best[2]) [best[2], corners[2]] = [keys[2], [px + 1, py + 1]];
    if (keys[3] > best[3]) [best[3], corners[3]] = [keys[3], [px, py + 1]];
    const neighbours = [
      px > 0 ? i - 1 : -1,
      px < width - 1 ? i + 1 : -1,
      py > 0 ? i - width : -1,
      py < height - 1 ? i + width : -1,
    ];
    for (const j of neighbours) {
      if (j < 0 || seen[j] || edge[j] || Math.abs(light[j] - light[seed]) > MAX_DRIFT) continue;
      seen[j] = 1;
      stack.push(j);
    }
  }
  if (area < MIN_AREA * width * height) return null;
  // One pixel out on each side: the region stops just short of the edge it grew to.
  const grow = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ];
  return corners.map(([cx, cy], k) => [
    toShare((cx + grow[k][0]) / width),
    toShare((cy + grow[k][1]) / height),
  ]);
}

/** When nothing could be grown: a door-sized box centred on the tap. */
export function boxAround(x: number, y: number, width: number, height: number): FrontOutline {
  const left = toShare(x - width / 2);
  const right = toShare(x + width / 2);
  const top = toShare(y - height / 2);
  const bottom = toShare(y + height / 2);
  return [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
}

/** The photo scaled to at most `maxSide` pixels, read back from a canvas. */
export async function loadPixels(url: string, maxSide = 800): Promise<Pixels> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}
