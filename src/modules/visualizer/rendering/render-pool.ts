import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runRenderJob } from './local-render.js';
import {
  RenderError,
  type FrontDetector,
  type RenderJob,
  type RenderOutput,
} from './render-job.js';
import type { WorkerRequest, WorkerResponse } from './render.worker.js';

export class RenderQueueFullError extends Error {
  constructor() {
    super('render queue is full');
    this.name = 'RenderQueueFullError';
  }
}

export interface RenderPoolOptions {
  /** Renders running at once (one worker thread each). */
  concurrency: number;
  /** Renders allowed to wait; one more is refused at once rather than left hanging. */
  queueLimit: number;
  /** The detector every job of this pool uses unless the job names its own. */
  detector?: FrontDetector;
}

interface Pending {
  job: RenderJob;
  resolve: (output: RenderOutput) => void;
  reject: (error: Error) => void;
}

const WORKER_FILE = fileURLToPath(new URL('./render.worker.js', import.meta.url));
/**
 * Detection allocates many short-lived typed arrays of the analysis picture. V8 sizes a thread's
 * young generation by the machine's memory (its heap reached 80 MB for 20 MB of live objects),
 * and the dead arrays' pixel memory is freed only when it is collected: a small young
 * generation is collected often, and cheaply, as little in it is still alive. See
 * docs/decisions/0058-render-workers-young-generation.md.
 */
const YOUNG_GENERATION_MB = 3;

/**
 * A bounded render queue over a few worker threads. Without the compiled worker file (tests
 * running the TypeScript sources) jobs run in this thread instead; behaviour is otherwise equal.
 */
export class RenderPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Pending[] = [];
  private readonly inFlight = new Map<number, Pending & { worker?: Worker }>();
  private readonly workers: Worker[] = [];
  private running = 0;
  private nextId = 1;
  private closed = false;
  /** Closes waiting for the running renders to end. */
  private readonly onIdle: (() => void)[] = [];
  readonly usesWorkers: boolean;

  /** `runHere` replaces the worker threads (tests of the queue itself). */
  constructor(
    private readonly options: RenderPoolOptions,
    private readonly runHere_: ((job: RenderJob) => Promise<RenderOutput>) | null = null,
  ) {
    this.usesWorkers = !runHere_ && existsSync(WORKER_FILE);
  }

  /** Queued renders, not counting the ones running. */
  get queued(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  run(job: RenderJob): Promise<RenderOutput> {
    if (this.closed) return Promise.reject(new Error('render pool closed'));
    if (
      this.running >= this.options.concurrency &&
      this.waiting.length >= this.options.queueLimit
    ) {
      return Promise.reject(new RenderQueueFullError());
    }
    return new Promise<RenderOutput>((resolve, reject) => {
      const detector = job.detector ?? this.options.detector;
      this.waiting.push({ job: detector ? { ...job, detector } : job, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Refuses the waiting renders and lets the running ones finish first: terminating a thread
   * inside a model run aborts the whole process
   * (docs/decisions/0124-worker-threads-end-between-jobs.md).
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new Error('render pool closed'));
    if (this.running > 0) await new Promise<void>((done) => this.onIdle.push(done));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.running < this.options.concurrency && this.waiting.length) {
      const pending = this.waiting.shift()!;
      this.running++;
      if (this.usesWorkers) this.runInWorker(pending);
      else this.runHere(pending);
    }
  }

  private runHere(pending: Pending): void {
    // The slot is free before the caller hears back, so its next request finds room.
    (this.runHere_ ?? runRenderJob)(pending.job).then(
      (output) => {
        this.finish();
        pending.resolve(output);
      },
      (error: Error) => {
        this.finish();
        pending.reject(error);
      },
    );
  }

  private runInWorker(pending: Pending): void {
    const worker = this.idle.pop() ?? this.spawn();
    // Busy workers keep the process alive; idle ones do not hold up an exit.
    worker.ref();
    const id = this.nextId++;
    this.inFlight.set(id, { ...pending, worker });
    const request: WorkerRequest = { id, job: pending.job };
    worker.postMessage(request);
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_FILE, {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.workers.push(worker);
    worker.on('message', (response: WorkerResponse) => {
      const pending = this.inFlight.get(response.id);
      if (!pending) return;
      this.inFlight.delete(response.id);
      worker.unref();
      this.idle.push(worker);
      this.finish();
      if (response.ok) pending.resolve(response.output);
      else pending.reject(new RenderError(response.reason, response.message));
    });
    worker.on('error', (error) => this.abandon(worker, error));
    worker.on('exit', (code) =>
      this.abandon(worker, new Error(`render worker exited with ${code}`)),
    );
    return worker;
  }

  /** A crashed worker fails only its own job; the next job gets a fresh worker. */
  private abandon(worker: Worker, error: Error): void {
    const index = this.workers.indexOf(worker);
    if (index < 0) return;
    this.workers.splice(index, 1);
    const idleIndex = this.idle.indexOf(worker);
    if (idleIndex >= 0) this.idle.splice(idleIndex, 1);
    for (const [id, pending] of this.inFlight) {
      if (pending.worker !== worker) continue;
      this.inFlight.delete(id);
      this.finish();
      pending.reject(new RenderError('internal', error.message));
    }
  }

  private finish(): void {
    this.running--;
    this.dispatch();
    if (this.running === 0) for (const done of this.onIdle.splice(0)) done();
  }
}
