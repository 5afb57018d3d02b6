/**
 * The encoder's embedding: 256 channels over a 64 × 64 grid of the 1024 square. Apart from
 * sam-model.ts so that what counts embeddings does not load the model's runtime.
 */
export const EMBEDDING_DIMS = [1, 256, 64, 64] as const;
export const EMBEDDING_BYTES =
  EMBEDDING_DIMS.reduce<number>((size, dim) => size * dim, 1) * Float32Array.BYTES_PER_ELEMENT;
