import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { runRenderJob } from './local-render.js';
import { RenderError, type RenderJob, type RenderOutput } from './render-job.js';

export interface WorkerRequest {
  id: number;
  job: RenderJob;
}

export type WorkerResponse =
  | { id: number; ok: true; output: RenderOutput }
  | { id: number; ok: false; reason: RenderError['reason']; message: string };

// Every render reads new pixels: libvips' operation cache would only hold on to old ones. One
// libvips thread per worker: the pool already runs one render per core, and fewer threads mean
// fewer malloc arenas holding freed pixel memory.
sharp.cache(false);
sharp.concurrency(1);

/** Pixel loops run here so the HTTP event loop keeps answering while a photo is painted. */
parentPort?.on('message', (request: WorkerRequest) => {
  void handle(request).then((response) => parentPort?.postMessage(response));
});

async function handle(request: WorkerRequest): Promise<WorkerResponse> {
  try {
    return { id: request.id, ok: true, output: await runRenderJob(request.job) };
  } catch (error) {
    const reason = error instanceof RenderError ? error.reason : 'internal';
    return { id: request.id, ok: false, reason, message: (error as Error).message };
  }
}
