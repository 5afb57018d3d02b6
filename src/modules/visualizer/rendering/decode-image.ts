import decodeBmp from 'decode-bmp';
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '../visualizer.constants.js';
import { RenderError, type RenderSource } from './render-job.js';

export interface RawRgb {
  width: number;
  height: number;
  /** Interleaved RGB, sRGB. */
  data: Buffer;
}

/**
 * Decodes an upload to upright sRGB pixels. Only pixels leave this function: EXIF (GPS, camera,
 * owner), ICC profiles and comments are dropped, and the EXIF orientation is applied first so
 * the picture does not turn sideways once its metadata is gone.
 */
export async function decodeToRgb(source: RenderSource): Promise<RawRgb> {
  try {
    const input = await toSharpInput(source);
    const { data, info } = await input
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch (error) {
    if (error instanceof RenderError) throw error;
    throw new RenderError('undecodable', (error as Error).message);
  }
}

async function toSharpInput(source: RenderSource): Promise<Sharp> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  if (source.decoder === 'sharp') return sharp(source.image, options);
  const rgba =
    source.decoder === 'heic'
      ? await decodeHeic({ buffer: source.image })
      : decodeBmp(source.image);
  if (rgba.width * rgba.height > MAX_INPUT_PIXELS) {
    throw new RenderError('undecodable', 'image exceeds the pixel limit');
  }
  const pixels = Buffer.from(rgba.data.buffer, rgba.data.byteOffset, rgba.data.byteLength);
  return sharp(pixels, {
    ...options,
    raw: { width: rgba.width, height: rgba.height, channels: 4 },
  });
}
