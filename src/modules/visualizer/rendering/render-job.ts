/** What crosses the worker boundary: plain data only (transferable byte arrays). */
import type { FrontOutline } from './front-outlines.js';

/** How the bytes are decoded: sharp knows most formats; HEIC and BMP need JS decoders. */
export type SourceDecoder = 'sharp' | 'heic' | 'bmp';

/**
 * Which detector finds the fronts: OpenCV's staged pipeline (src/modules/visualizer/detection),
 * the segmentation model asked at grid points (`sam`) or at OpenCV's candidates (`hybrid`), or
 * the older rule engine. Set by VISUALIZER_DETECTOR; see docs/decisions/0107-front-detection-on-opencv.md.
 */
export type FrontDetector = 'hybrid' | 'sam' | 'opencv' | 'rules';
export const FRONT_DETECTORS: readonly FrontDetector[] = ['hybrid', 'sam', 'opencv', 'rules'];
export const DEFAULT_FRONT_DETECTOR: FrontDetector = 'rules';

export interface RenderSource {
  image: Uint8Array;
  decoder: SourceDecoder;
  /** The default detector when left out. */
  detector?: FrontDetector;
}

export interface LocalRenderJob extends RenderSource {
  kind: 'local';
  /** Seamless pattern tile (JPEG). */
  texture: Uint8Array;
  /** Tests ask for the full-resolution coverage mask to measure detection quality. */
  includeMask?: boolean;
  /** The fronts the visitor confirmed; without them the fronts are detected. */
  fronts?: FrontOutline[];
}

export interface HostedPrepareJob extends RenderSource {
  kind: 'hosted-prepare';
  fronts?: FrontOutline[];
}

/** Finds the fronts only, for the visitor to check before a render. */
export interface DetectJob extends RenderSource {
  kind: 'detect';
}

export type RenderJob = LocalRenderJob | HostedPrepareJob | DetectJob;

export interface LocalRenderOutput {
  kind: 'local';
  /** The upload re-encoded from pixels only (no EXIF, GPS or other metadata), upright. */
  original: Uint8Array;
  rendered: Uint8Array;
  width: number;
  height: number;
  fronts: number;
  /** Share of the picture covered by the pattern, 0..1. */
  coverage: number;
  /** 0..255 per pixel at full resolution, only when asked for. */
  mask?: Uint8Array;
}

export interface HostedPrepareOutput {
  kind: 'hosted-prepare';
  original: Uint8Array;
  width: number;
  height: number;
  /** The photo at the size sent to the provider (PNG). */
  image: Uint8Array;
  /** Same size, transparent where the provider may paint (PNG with alpha). */
  mask: Uint8Array;
  fronts: number;
}

export interface DetectOutput {
  kind: 'detect';
  width: number;
  height: number;
  /** Empty when nothing was found: the visitor marks the fronts by hand. */
  outlines: FrontOutline[];
}

export type RenderOutput = LocalRenderOutput | HostedPrepareOutput | DetectOutput;

/** Failure reasons a caller turns into an answer for the visitor. */
export type RenderFailure = 'undecodable' | 'no-cabinets' | 'internal';

export class RenderError extends Error {
  constructor(
    readonly reason: RenderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}
