/**
 * What the segmentation worker threads do; the same functions run in the calling thread when
 * the compiled worker is absent (tests from source).
 */
import sharp from 'sharp';
import { openPhoto } from '../rendering/decode-image.js';
import type { FrontOutline } from '../rendering/front-outlines.js';
import type { FrontDetector, RenderSource } from '../rendering/render-job.js';
import { binaryMask, maskOutline } from './mask-outline.js';
import {
  encoderInput,
  modelFrame,
  promptSeed,
  type ModelFrame,
  type TapPrompt,
} from './model-frame.js';
import { hybridStages } from '../detection/prompted/detect-hybrid.js';
import { promptedOutlines } from '../detection/prompted/detect-prompted.js';
import { decode, decodeScored, encode } from './sam-model.js';

/** Quality of the frame kept for another instance to encode again: near the model's own input. */
const FRAME_JPEG_QUALITY = 90;

export type SegmentJob =
  | { kind: 'prepare'; source: RenderSource }
  | { kind: 'encode'; frameJpeg: Uint8Array }
  | { kind: 'tap'; embedding: Float32Array; prompt: TapPrompt; frame: ModelFrame }
  | {
      kind: 'detect';
      detector: ModelDetector;
      embedding: Float32Array;
      frameJpeg: Uint8Array;
      frame: ModelFrame;
    };

/** The detectors that run on the model's embedding (docs/decisions, the model-prompted ones). */
export type ModelDetector = Extract<FrontDetector, 'sam' | 'hybrid'>;

export type SegmentOutput =
  | {
      kind: 'prepare';
      photo: { width: number; height: number };
      frame: ModelFrame;
      frameJpeg: Uint8Array;
      embedding: Float32Array;
    }
  | { kind: 'encode'; embedding: Float32Array }
  | { kind: 'tap'; front: FrontOutline | null }
  | { kind: 'detect'; outlines: FrontOutline[] };

export async function runSegmentJob(job: SegmentJob): Promise<SegmentOutput> {
  if (job.kind === 'prepare') {
    const photo = await openPhoto(job.source);
    const frame = modelFrame(photo.width, photo.height);
    const frameJpeg = await photo.read((pixels) =>
      pixels
        .resize(frame.width, frame.height, { fit: 'fill' })
        .jpeg({ quality: FRAME_JPEG_QUALITY }),
    );
    // Encoded from the kept JPEG, so another instance encoding it again gets the same embedding.
    return {
      kind: 'prepare',
      photo: { width: photo.width, height: photo.height },
      frame,
      frameJpeg,
      embedding: await encodeJpeg(frameJpeg),
    };
  }
  if (job.kind === 'encode') return { kind: 'encode', embedding: await encodeJpeg(job.frameJpeg) };
  if (job.kind === 'detect') {
    const { embedding, frame } = job;
    const photo = {
      frame,
      rgb: await rgbOf(job.frameJpeg),
      decode: (prompt: TapPrompt) => decodeScored(embedding, prompt, frame),
    };
    const outlines =
      job.detector === 'hybrid'
        ? (await hybridStages(photo)).outlines
        : await promptedOutlines(photo);
    return { kind: 'detect', outlines };
  }
  const logits = await decode(job.embedding, job.prompt, job.frame);
  const front = maskOutline(binaryMask(logits), job.frame, promptSeed(job.prompt, job.frame));
  return { kind: 'tap', front };
}

async function encodeJpeg(frameJpeg: Uint8Array): Promise<Float32Array> {
  const { data, info } = await sharp(frameJpeg)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encode(encoderInput(data, { width: info.width, height: info.height }));
}

async function rgbOf(frameJpeg: Uint8Array): Promise<Uint8Array> {
  return sharp(frameJpeg).removeAlpha().raw().toBuffer();
}
