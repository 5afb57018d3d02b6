/**
 * The segmentation model's view of a photo: scaled so its longest side is MODEL_SIDE pixels,
 * placed at the top left of a MODEL_SIDE square, the rest zero (docs/decisions/0108-tap-segmentation-model.md).
 * Taps travel as shares of the photo's sides, so the frame maps them without the photo's own size.
 */
import type { TapPoint } from '#src/contract/visualizer.js';

export const MODEL_SIDE = 1024;
/** The encoder's per-channel mean and spread (RGB, 0..255), as the model was trained with. */
const PIXEL_MEAN = [123.675, 116.28, 103.53];
const PIXEL_STD = [58.395, 57.12, 57.375];

/** The decoder's point labels: 1 the front, 0 not the front, 2 and 3 a box's corners, -1 padding. */
const LABEL = { include: 1, exclude: 0, boxTopLeft: 2, boxBottomRight: 3, padding: -1 } as const;

export interface ModelFrame {
  /** The scaled photo in pixels; at most MODEL_SIDE each, one of them exactly. */
  width: number;
  height: number;
}

export interface TapPrompt {
  points: TapPoint[];
  /** [x0, y0, x1, y1] as shares of the photo's sides. */
  box?: [number, number, number, number];
}

export function modelFrame(photoWidth: number, photoHeight: number): ModelFrame {
  const scale = MODEL_SIDE / Math.max(photoWidth, photoHeight);
  return {
    width: Math.max(1, Math.min(MODEL_SIDE, Math.round(photoWidth * scale))),
    height: Math.max(1, Math.min(MODEL_SIDE, Math.round(photoHeight * scale))),
  };
}

/** RGB pixels of the frame (width × height × 3) as the encoder's normalised, padded planes. */
export function encoderInput(rgb: Uint8Array, frame: ModelFrame): Float32Array {
  const plane = MODEL_SIDE * MODEL_SIDE;
  const input = new Float32Array(3 * plane);
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const from = (y * frame.width + x) * 3;
      const to = y * MODEL_SIDE + x;
      for (let c = 0; c < 3; c++) {
        input[c * plane + to] = (rgb[from + c] - PIXEL_MEAN[c]) / PIXEL_STD[c];
      }
    }
  }
  return input;
}

/** A point given as shares, in the frame's pixels. */
export const toFramePixels = (frame: ModelFrame, x: number, y: number): [number, number] => [
  x * frame.width,
  y * frame.height,
];

/** The decoder's point_coords and point_labels; a prompt without a box ends with a padding point. */
export function promptInput(
  prompt: TapPrompt,
  frame: ModelFrame,
): { coords: Float32Array; labels: Float32Array; count: number } {
  const coords: number[] = [];
  const labels: number[] = [];
  for (const point of prompt.points) {
    coords.push(...toFramePixels(frame, point.x, point.y));
    labels.push(point.include ? LABEL.include : LABEL.exclude);
  }
  if (prompt.box) {
    const [x0, y0, x1, y1] = prompt.box;
    coords.push(...toFramePixels(frame, Math.min(x0, x1), Math.min(y0, y1)));
    coords.push(...toFramePixels(frame, Math.max(x0, x1), Math.max(y0, y1)));
    labels.push(LABEL.boxTopLeft, LABEL.boxBottomRight);
  } else {
    coords.push(0, 0);
    labels.push(LABEL.padding);
  }
  return {
    coords: Float32Array.from(coords),
    labels: Float32Array.from(labels),
    count: labels.length,
  };
}

/** Where the front is surely inside: the first point on it, else the box's centre. */
export function promptSeed(prompt: TapPrompt, frame: ModelFrame): [number, number] | null {
  const included = prompt.points.find((point) => point.include);
  if (included) return toFramePixels(frame, included.x, included.y);
  if (!prompt.box) return null;
  const [x0, y0, x1, y1] = prompt.box;
  return toFramePixels(frame, (x0 + x1) / 2, (y0 + y1) / 2);
}
