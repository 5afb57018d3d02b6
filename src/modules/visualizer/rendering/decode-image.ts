import decodeBmp from 'decode-bmp';
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { ANALYSIS_PIXELS, MAX_INPUT_PIXELS } from '../visualizer.constants.js';
import type { RgbImage } from './cabinet-detector.js';
import { RenderError, type RenderSource } from './render-job.js';

/**
 * An upload ready to be decoded, at the size it shows upright. Each read decodes it again, so
 * that no stage holds the full-size pixels while another one works (a 12 MP photo is 36 MB, and
 * a JPEG decodes again in a tenth of the time the fronts take to find).
 *
 * Only pixels leave it: EXIF (GPS, camera, owner), ICC profiles and comments are dropped, and the
 * EXIF orientation is applied first so the picture does not turn sideways once its metadata is
 * gone.
 */
export interface OpenedPhoto {
  width: number;
  height: number;
  /** The upright sRGB pixels, shaped by `finish` (scaled, encoded) on their way out. */
  read(finish?: (pixels: Sharp) => Sharp): Promise<Buffer>;
}

/** A photo is scaled up for analysis when it is this much smaller (in width) than wanted. */
const UPSCALE_BELOW = 1.4;
const SHARP_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };

export async function openPhoto(source: RenderSource): Promise<OpenedPhoto> {
  const input = await undecodableOnError(() => toSharpInput(source));
  const { autoOrient } = await undecodableOnError(() => input().metadata());
  return {
    width: autoOrient.width,
    height: autoOrient.height,
    read: (finish = (pixels) => pixels.raw()) =>
      undecodableOnError(() =>
        finish(input().rotate().removeAlpha().toColourspace('srgb')).toBuffer(),
      ),
  };
}

/** The picture the fronts are looked for in, and the photo's own pixels when it was scaled up. */
export interface ForAnalysis {
  analysis: RgbImage;
  /** Scaling up smooths, so the noise of a small photo is measured on it as it came. */
  noiseFrom: RgbImage;
}

/**
 * The photo at about ANALYSIS_PIXELS: scaled down, or up when it is a small one, so that its
 * one-pixel gaps are two wide and its fronts as many pixels as the detector's sizes expect.
 * A large photo is scaled down as it is decoded, never held at full size; with the whole image
 * decoded first (no shrink on load) the pixels are the same as scaling down the decoded photo.
 */
export async function readForAnalysis(photo: OpenedPhoto): Promise<ForAnalysis> {
  const fit = Math.sqrt(ANALYSIS_PIXELS / (photo.width * photo.height));
  const scale = fit >= UPSCALE_BELOW ? fit : Math.min(1, fit);
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  const scaled = (data: Buffer): RgbImage => ({ width, height, data });
  if (scale < 1) {
    const analysis = scaled(
      await photo.read((pixels) =>
        pixels
          .resize(width, height, { kernel: 'linear', fit: 'fill', fastShrinkOnLoad: false })
          .raw(),
      ),
    );
    return { analysis, noiseFrom: analysis };
  }
  const asItCame = { width: photo.width, height: photo.height, data: await photo.read() };
  if (scale === 1) return { analysis: asItCame, noiseFrom: asItCame };
  const analysis = scaled(
    await sharp(asItCame.data, {
      raw: { width: asItCame.width, height: asItCame.height, channels: 3 },
    })
      .resize(width, height, { kernel: 'linear', fit: 'fill' })
      .raw()
      .toBuffer(),
  );
  return { analysis, noiseFrom: asItCame };
}

/**
 * A fresh sharp instance over the upload each time. sharp reads most formats from the bytes as
 * they came; HEIC and BMP are decoded by JS decoders once, and their raw pixels read from then on.
 */
async function toSharpInput(source: RenderSource): Promise<() => Sharp> {
  if (source.decoder === 'sharp') return () => sharp(source.image, SHARP_OPTIONS);
  const rgba =
    source.decoder === 'heic'
      ? await decodeHeic({ buffer: source.image })
      : decodeBmp(source.image);
  if (rgba.width * rgba.height > MAX_INPUT_PIXELS) {
    throw new RenderError('undecodable', 'image exceeds the pixel limit');
  }
  const pixels = Buffer.from(rgba.data.buffer, rgba.data.byteOffset, rgba.data.byteLength);
  const raw = { width: rgba.width, height: rgba.height, channels: 4 as const };
  return () => sharp(pixels, { ...SHARP_OPTIONS, raw });
}

async function undecodableOnError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RenderError) throw error;
    throw new RenderError('undecodable', (error as Error).message);
  }
}
