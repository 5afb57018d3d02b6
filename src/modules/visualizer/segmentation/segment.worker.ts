import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { runSegmentJob, type SegmentJob, type SegmentOutput } from './segment-jobs.js';

export interface SegmentRequest {
  id: number;
  job: SegmentJob;
}

export type SegmentResponse =
  { id: number; ok: true; output: SegmentOutput } | { id: number; ok: false; message: string };

// One photo at a time, each read once: libvips' cache and threads would only hold memory.
sharp.cache(false);
sharp.concurrency(1);

/** The model runs here so the HTTP event loop keeps answering while a photo is encoded. */
parentPort?.on('message', (request: SegmentRequest) => {
  void runSegmentJob(request.job).then(
    (output) => {
      const transfer = 'embedding' in output ? [output.embedding.buffer as ArrayBuffer] : [];
      parentPort?.postMessage(
        { id: request.id, ok: true, output } satisfies SegmentResponse,
        transfer,
      );
    },
    (error: Error) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        message: error.message,
      } satisfies SegmentResponse),
  );
});
