/**
 * Group commit: an item waits for the next turn of the event loop, and for a free slot; then one
 * batch takes every item that waits (up to `maxSize`), so concurrent writers share one transaction
 * and its round trips. Starting on the next turn, not with the first item, keeps a free slot from
 * taking the first request of a burst alone. An item whose key is already in a running batch, or twice in one, waits for a
 * later batch: batches never contend with each other for the same key.
 */
export class GroupCommitQueue<T> {
  private readonly waiting: T[] = [];
  private readonly keysInFlight = new Set<string>();
  private running = 0;
  private startScheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly runBatch: (batch: T[]) => Promise<void>,
    private readonly keyOf: (item: T) => string,
    private readonly options: { maxBatches: number; maxSize: number },
  ) {}

  push(item: T): void {
    this.waiting.push(item);
    if (this.startScheduled) return;
    this.startScheduled = true;
    setImmediate(() => {
      this.startScheduled = false;
      this.startBatches();
    });
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

  /** One pass over what waits: the batch in arrival order, the rest left waiting in theirs. */
  private takeBatch(): T[] {
    const batch: T[] = [];
    const keys = new Set<string>();
    let kept = 0;
    for (const item of this.waiting) {
      const key = this.keyOf(item);
      if (batch.length < this.options.maxSize && !this.keysInFlight.has(key) && !keys.has(key)) {
        keys.add(key);
        batch.push(item);
      } else {
        this.waiting[kept++] = item;
      }
    }
    this.waiting.length = kept;
    return batch;
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
