import sharp, { type Sharp } from 'sharp';
import { detectFrontOutlines } from '../detection/detect-fronts.js';
import { detectHybridOutlines } from '../detection/prompted/detect-hybrid.js';
import { detectPromptedOutlines } from '../detection/prompted/detect-prompted.js';
import { detectCabinetFronts, type CabinetDetection, type RgbImage } from './cabinet-detector.js';
import { openPhoto, readForAnalysis, type ForAnalysis } from './decode-image.js';
import { FRONT_WIDTH_CM, frontTransforms, TILE_CM } from './front-mapping.js';
import { rasteriseOutlines, type FrontOutline } from './front-outlines.js';
import {
  DEFAULT_FRONT_DETECTOR,
  RenderError,
  type DetectJob,
  type FrontDetector,
  type DetectOutput,
  type HostedPrepareJob,
  type HostedPrepareOutput,
  type LocalRenderJob,
  type LocalRenderOutput,
  type RenderJob,
  type RenderOutput,
} from './render-job.js';
import { luminanceOf, transferTexture } from './texture-transfer.js';

const JPEG_QUALITY = 88;
/** Soft edges: the mask is blurred this much (analysis pixels) before it is scaled up. */
const FEATHER_SIGMA = 1;

export async function runRenderJob(job: RenderJob): Promise<RenderOutput> {
  switch (job.kind) {
    case 'local':
      return renderLocally(job);
    case 'hosted-prepare':
      return prepareForHostedEdit(job);
    case 'detect':
      return detectFronts(job);
  }
}

/** The fronts found in the photo, outlined, for the visitor to check and correct. */
export async function detectFronts(job: DetectJob): Promise<DetectOutput> {
  const photo = await openPhoto(job);
  const { outlines } = await detectWith(job.detector, await readForAnalysis(photo));
  return { kind: 'detect', width: photo.width, height: photo.height, outlines };
}

/**
 * The whole local render: find the fronts at ~1 MP, then decode the photo at full size, paint
 * them and encode. The full-size pixels are decoded only once the fronts are found, so they and
 * the detector's working memory are never held at once.
 */
export async function renderLocally(job: LocalRenderJob): Promise<LocalRenderOutput> {
  const photo = await openPhoto(job);
  const { width, height } = photo;
  const forAnalysis = await readForAnalysis(photo);
  // Decoded and encoded again as it goes, beside the detection (no full-size copy held).
  const originalPromise = photo.read(encodeJpeg);
  const { analysis } = forAnalysis;
  const detection = await findFronts(forAnalysis, job);
  const [light, feathered, texture] = await Promise.all([
    smoothedFrontLight(analysis, detection.mask),
    blurChannel(detection.mask, analysis, FEATHER_SIGMA),
    // One tile on the photo is about as many pixels as it is wide in real life (no resampling
    // later: the transforms sample it one to one on a front facing the camera).
    loadTexture(
      job.texture,
      (((detection.medianFrontWidth * width) / analysis.width) * TILE_CM) / FRONT_WIDTH_CM,
    ),
  ]);
  const transforms = frontTransforms(detection.outlines, width, height, texture);
  const original = await originalPromise;
  const pixels = await photo.read();
  const painted = transferTexture(
    {
      width,
      height,
      photo: pixels,
      maps: {
        width: analysis.width,
        height: analysis.height,
        mask: feathered,
        light,
        finish: detection.finishLuminance,
        front: detection.frontIndex,
      },
      texture,
      transforms,
    },
    job.includeMask,
  );
  const rendered = await encodeJpeg(
    sharp(painted.pixels, { raw: { width, height, channels: 3 } }),
  ).toBuffer();
  return {
    kind: 'local',
    original,
    rendered,
    width,
    height,
    fronts: detection.fronts,
    coverage: painted.covered / (width * height),
    mask: painted.mask,
  };
}

/** For an image-edit provider: the photo and a mask (transparent = paint here) at ~1 MP. */
export async function prepareForHostedEdit(job: HostedPrepareJob): Promise<HostedPrepareOutput> {
  const photo = await openPhoto(job);
  const original = await photo.read(encodeJpeg);
  const forAnalysis = await readForAnalysis(photo);
  const { analysis } = forAnalysis;
  const detection = await findFronts(forAnalysis, job);
  const pixels = analysis.width * analysis.height;
  const rgba = Buffer.alloc(pixels * 4, 255);
  for (let i = 0; i < pixels; i++) rgba[i * 4 + 3] = 255 - detection.mask[i];
  const raw = (channels: 3 | 4) => ({
    raw: { width: analysis.width, height: analysis.height, channels },
  });
  const [image, mask] = await Promise.all([
    sharp(analysis.data, raw(3)).png().toBuffer(),
    sharp(rgba, raw(4)).png().toBuffer(),
  ]);
  return {
    kind: 'hosted-prepare',
    original,
    width: photo.width,
    height: photo.height,
    image,
    mask,
    fronts: detection.fronts,
  };
}

/** The visitor's outlines when sent, else the detector's fronts. */
async function findFronts(
  forAnalysis: ForAnalysis,
  job: { fronts?: FrontOutline[]; detector?: FrontDetector },
): Promise<CabinetDetection> {
  const detection = job.fronts?.length
    ? rasteriseOutlines(job.fronts, forAnalysis.analysis)
    : await detectWith(job.detector, forAnalysis);
  if (detection.fronts === 0) throw new RenderError('no-cabinets', 'no cabinet fronts found');
  return detection;
}

async function detectWith(
  detector: FrontDetector = DEFAULT_FRONT_DETECTOR,
  { analysis, noiseFrom }: ForAnalysis,
): Promise<CabinetDetection> {
  if (detector === 'rules') return detectCabinetFronts(analysis, noiseFrom);
  if (detector === 'sam')
    return rasteriseOutlines(await detectPromptedOutlines(analysis), analysis);
  if (detector === 'hybrid')
    return rasteriseOutlines(await detectHybridOutlines(analysis), analysis);
  return rasteriseOutlines(await detectFrontOutlines(analysis), analysis);
}

/**
 * Luminance of the fronts blurred over a neighbourhood, counting only front pixels (a normalised
 * masked blur), so the dark gaps between fronts do not pull the light down at their edges.
 */
async function smoothedFrontLight(
  analysis: RgbImage,
  mask: Uint8Array,
): Promise<Uint8ClampedArray> {
  const pixels = analysis.width * analysis.height;
  const luminance = luminanceOf(analysis.data, pixels);
  const weighted = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) if (mask[i]) weighted[i] = luminance[i];
  const sigma = Math.max(2, analysis.width / 60);
  const [blurredLight, blurredMask] = await Promise.all([
    blurChannel(weighted, analysis, sigma),
    blurChannel(mask, analysis, sigma),
  ]);
  // Clamped array: the ratio can overshoot 255 by rounding where the mask is thin.
  const map = new Uint8ClampedArray(pixels);
  for (let i = 0; i < pixels; i++) {
    map[i] = blurredMask[i] > 4 ? (blurredLight[i] * 255) / blurredMask[i] : luminance[i];
  }
  return map;
}

async function blurChannel(
  channel: Uint8Array,
  size: { width: number; height: number },
  sigma: number,
): Promise<Buffer> {
  return sharp(channel, { raw: { width: size.width, height: size.height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

async function loadTexture(
  jpeg: Uint8Array,
  tilePixels: number,
): Promise<{ width: number; height: number; data: Buffer }> {
  const tileWidth = Math.round(Math.min(2048, Math.max(64, tilePixels)));
  const { data, info } = await sharp(jpeg)
    .resize({ width: tileWidth })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * Standard Huffman tables, not ones optimised for the picture: optimising makes libjpeg hold every
 * coefficient of the picture until the end (about 70 MB for 12 MP, per render running) for a file
 * about 13 % smaller.
 */
function encodeJpeg(pixels: Sharp): Sharp {
  return pixels.jpeg({ quality: JPEG_QUALITY, optimiseCoding: false });
}
