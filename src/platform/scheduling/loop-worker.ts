import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { WorkLoop } from './work-loop.js';

/**
 * A provider whose work loop runs from the app's bootstrap to its shutdown; the shutdown waits
 * for the run in flight, so no work is cut off half-way.
 */
export abstract class LoopWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly loop: WorkLoop;

  /** False leaves the loop stopped, as where the server the work needs is not configured. */
  protected shouldStart(): boolean {
    return true;
  }

  onApplicationBootstrap(): void {
    if (this.shouldStart()) this.loop.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }
}
