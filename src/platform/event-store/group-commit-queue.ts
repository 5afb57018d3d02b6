/**
 * Group commit: items submitted while every slot is busy wait, and the next free slot takes all
 * of them (up to `maxSize`) as one batch, so concurrent writers share one transaction and its
 * round trips. An item whose key is already in a running batch, or twice in one, waits for a
 * later batch: batches never contend with each other for the same key.
 */
export class GroupCommitQueue<T> {
  private readonly waiting: T[] = [];
  private readonly keysInFlight = new Set<string>();
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly runBatch: (batch: T[]) => Promise<void>,
    private readonly keyOf: (item: T) => string,
    private readonly options: { maxBatches: number; maxSize: number },
  ) {}

  push(item: T): void {
    this.waiting.push(item);
    this.startBatches();
  }

  /** Resolves once nothing waits and no batch runs. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private startBatches(): void {
    while (this.running < this.options.maxBatches) {
      const batch = this.takeBatch();
      if (batch.length === 0) break;
      this.running++;
      const keys = batch.map(this.keyOf);
      for (const key of keys) this.keysInFlight.add(key);
      // runBatch settles its own items; a throw here would be a bug, and must not stall the queue.
      void this.runBatch(batch)
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          for (const key of keys) this.keysInFlight.delete(key);
          this.startBatches();
          if (this.running === 0 && this.waiting.length === 0) this.notifyIdle();
        });
    }
  }

  private takeBatch(): T[] {
    const batch: T[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.waiting.length && batch.length < this.options.maxSize;) {
      const key = this.keyOf(this.waiting[i]);
      if (this.keysInFlight.has(key) || keys.has(key)) {
        i++;
        continue;
      }
      keys.add(key);
      batch.push(this.waiting.splice(i, 1)[0]);
    }
    return batch;
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
