import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runSegmentJob, type SegmentJob, type SegmentOutput } from './segment-jobs.js';
import type { SegmentRequest, SegmentResponse } from './segment.worker.js';

export class SegmentQueueFullError extends Error {
  constructor() {
    super('segmentation queue is full');
    this.name = 'SegmentQueueFullError';
  }
}

const WORKER_FILE = fileURLToPath(new URL('./segment.worker.js', import.meta.url));
const YOUNG_GENERATION_MB = 3;

interface Pending {
  job: SegmentJob;
  resolve: (output: SegmentOutput) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread running one job at a time, the rest waiting in order: two uploads at once
 * encode one after the other, so the model's peak memory is paid once. Without the compiled
 * worker file (tests from source) jobs run in this thread, still one at a time.
 */
export class SerialWorker {
  private readonly waiting: Pending[] = [];
  private running: Pending | null = null;
  private worker: Worker | null = null;
  private closed = false;
  /** Closes waiting for the running job to settle. */
  private readonly onSettled: (() => void)[] = [];
  private readonly usesWorker = existsSync(WORKER_FILE);

  constructor(private readonly queueLimit: number) {}

  /** Jobs waiting or running. */
  get depth(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  run(job: SegmentJob): Promise<SegmentOutput> {
    if (this.closed) return Promise.reject(new Error('segmentation is shutting down'));
    if (this.waiting.length >= this.queueLimit) return Promise.reject(new SegmentQueueFullError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.next();
    });
  }

  /**
   * Refuses the waiting jobs and lets the running one finish first: terminating a thread inside
   * a model run aborts the whole process (docs/decisions/0124-worker-threads-end-between-jobs.md).
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new Error('segmentation closed'));
    if (this.running) await new Promise<void>((done) => this.onSettled.push(done));
    await this.worker?.terminate();
    this.worker = null;
  }

  private next(): void {
    if (this.running) return;
    const pending = this.waiting.shift();
    if (!pending) return;
    this.running = pending;
    if (!this.usesWorker) {
      runSegmentJob(pending.job).then(
        (output) => this.settle(pending, () => pending.resolve(output)),
        (error: Error) => this.settle(pending, () => pending.reject(error)),
      );
      return;
    }
    const worker = this.worker ?? this.spawn();
    worker.ref();
    worker.postMessage({ id: 0, job: pending.job } satisfies SegmentRequest);
  }

  private settle(pending: Pending, answer: () => void): void {
    if (this.running !== pending) return;
    this.running = null;
    answer();
    for (const done of this.onSettled.splice(0)) done();
    this.next();
  }

  private spawn(): Worker {
    // A small young generation, as the render threads have: each job drops a 12 MB encoder input
    // or a 4 MB embedding (docs/decisions/0058-render-workers-young-generation.md, 0132).
    const worker = new Worker(WORKER_FILE, {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker = worker;
    worker.on('message', (response: SegmentResponse) => {
      const pending = this.running;
      if (!pending) return;
      worker.unref();
      if (response.ok) this.settle(pending, () => pending.resolve(response.output));
      else this.settle(pending, () => pending.reject(new Error(response.message)));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const pending = this.running;
      if (pending) this.settle(pending, () => pending.reject(error));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`segmentation worker exited with ${code}`)));
    return worker;
  }
}
