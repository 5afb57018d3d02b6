import sharp from 'sharp';
import type { PatternFamily, PatternParams } from '#src/modules/patterns/domain/pattern.js';
import { createPainter } from './painters.js';

export const TEXTURE_SIZE = 1024;
const JPEG_QUALITY = 84;
/** Rows painted between yields: keeps each event-loop turn to a few milliseconds. */
const ROWS_PER_SLICE = 16;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Paints a seamless tile into raw RGB bytes. Sample points are x/size (not (x+0.5)/size), so the
 * pixel after the last column is u = 1 ≡ 0: the first column of the next tile.
 */
export async function renderPixels(
  family: PatternFamily,
  params: PatternParams,
  size = TEXTURE_SIZE,
): Promise<Buffer> {
  const paint = createPainter(family, params);
  const pixels = Buffer.alloc(size * size * 3);
  const colour = new Float64Array(3);
  for (let y = 0; y < size; y++) {
    if (y % ROWS_PER_SLICE === 0 && y > 0) await yieldToEventLoop();
    const v = y / size;
    let offset = y * size * 3;
    for (let x = 0; x < size; x++) {
      paint(x / size, v, colour);
      pixels[offset++] = colour[0] < 0 ? 0 : colour[0] > 255 ? 255 : colour[0];
      pixels[offset++] = colour[1] < 0 ? 0 : colour[1] > 255 ? 255 : colour[1];
      pixels[offset++] = colour[2] < 0 ? 0 : colour[2] > 255 ? 255 : colour[2];
    }
  }
  return pixels;
}

export async function renderTextureJpeg(
  family: PatternFamily,
  params: PatternParams,
  size = TEXTURE_SIZE,
  quality = JPEG_QUALITY,
): Promise<Buffer> {
  const pixels = await renderPixels(family, params, size);
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality, progressive: true })
    .toBuffer();
}
