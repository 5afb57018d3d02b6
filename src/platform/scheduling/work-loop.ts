/**
 * Runs a worker's `work` when woken, and again `pollMs` after each run as the safety net. A wake
 * during a run asks for one more run right after it, so nothing woken for is missed and runs
 * never overlap. `work` handles its own errors: the loop only keeps time.
 */
export class WorkLoop {
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly pollMs: number,
  ) {}

  get started(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
    this.wake();
  }

  /** Stops polling and resolves once a run in flight has ended. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.loop;
  }

  /** Runs now instead of at the next poll (or right after the run in flight). */
  wake(): void {
    if (!this.running) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.loop = this.runWhileWoken().finally(() => {
      this.loop = null;
      if (this.running) this.timer = setTimeout(() => this.wake(), this.pollMs);
    });
  }

  /** Resolves once no run is in flight. */
  async idle(): Promise<void> {
    while (this.loop) await this.loop;
  }

  private async runWhileWoken(): Promise<void> {
    do {
      this.again = false;
      await this.work();
    } while (this.running && this.again);
  }
}
