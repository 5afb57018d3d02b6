/** The visualizer's limits and messages both the upload screen and the server apply (docs/product.md#visualizer). */

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Refused from the header alone, before anything is decoded: a decompression bomb stops here. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Longest side accepted: a 40,000,000 × 1 image passes the pixel cap but no image library
 * handles it sensibly (JPEG stops at 65,535, WebP at 16,383), and no camera makes one.
 */
export const MAX_INPUT_SIDE = 16_384;

/** Image types a kitchen photo may be, by media type, with the file name extensions they go by. */
export const UPLOAD_IMAGE_TYPES = {
  'image/jpeg': ['jpeg', 'jpg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'image/heif': ['heif'],
  'image/avif': ['avif'],
  'image/bmp': ['bmp'],
  'image/tiff': ['tiff', 'tif'],
  'image/gif': ['gif'],
} as const satisfies Record<string, readonly string[]>;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

export const FREE_RENDERS_PER_VISITOR = 3;
/** Corrections and re-renders of one upload this long after its first render are free. */
export const FREE_RERENDER_WINDOW_MS = 15 * 60 * 1000;

/** The 12 patterns the visualizer offers; the catalogue always contains them. */
export const VISUALIZER_PATTERN_CODES = [
  'AG20',
  'AT04',
  'CT24',
  'CT69',
  'I10',
  'MK14',
  'NH10',
  'NH11',
  'R11',
  'R13',
  'M5',
  'NE83',
] as const;

/** Four [x, y] corners, clockwise from the top left, as shares (0..1) of the photo's sides. */
export type FrontOutline = [number, number][];

/** A share of a side (0..1), rounded to four places so outlines travel short. */
export const toShare = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1e4) / 1e4;

/** Is the point inside the outline (even-odd rule)? Shares or pixels alike. */
export function isInsideOutline(outline: FrontOutline, x: number, y: number): boolean {
  let result = false;
  for (let a = 0, b = outline.length - 1; a < outline.length; b = a++) {
    const [xa, ya] = outline[a];
    const [xb, yb] = outline[b];
    if (ya > y !== yb > y && x < ((xb - xa) * (y - ya)) / (yb - ya) + xa) result = !result;
  }
  return result;
}

/** The photo as base64 without data-URL prefix, and a pattern code. */
export interface VisualizationRequest {
  kitchenImage: string;
  patternId: string;
  /** The fronts the visitor confirmed; without them the server finds them. */
  fronts?: FrontOutline[];
}

export interface DetectFrontsRequest {
  kitchenImage: string;
}

export interface DetectedFronts {
  /** The photo as stored: upright, in pixels. */
  width: number;
  height: number;
  fronts: FrontOutline[];
  /** Names the photo to `POST /api/visualize/taps` for the correction window; absent without the tap model. */
  uploadId?: string;
}

/** Taps answered per upload; past this the visitor outlines by hand or uploads again. */
export const MAX_TAPS_PER_UPLOAD = 50;
/** Points one tap request may carry (the new one and the ones before it on the same front). */
export const MAX_POINTS_PER_TAP = 10;

/** A point on the photo, as shares (0..1) of its sides; `include: false` marks what is not the front. */
export interface TapPoint {
  x: number;
  y: number;
  include: boolean;
}

/** Points and/or a box ([x0, y0, x1, y1] as shares) around one front the detector missed. */
export interface TapRequest {
  uploadId: string;
  points?: TapPoint[];
  box?: [number, number, number, number];
}

export interface TapAnswer {
  /** The region found, as four corners like every other front. */
  front: FrontOutline;
}

export interface VisualizationAnswer {
  imageUrl: string;
}

export interface VisualizerStatus {
  /** Free renders left for this browser. */
  remaining: number;
  /** Signed-in staff render without limits. */
  unlimited: boolean;
}
