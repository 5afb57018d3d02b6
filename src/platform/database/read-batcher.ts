interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Coalesces concurrent point reads into one query per batch: while `maxInFlight` reads run, new
 * keys wait, and the next free slot reads all of them at once. A key only ever joins a read not
 * yet sent, so no answer predates the request that asked for it.
 */
export class ReadBatcher<V> {
  private pending = new Map<string, Waiter<V>[]>();
  private inFlight = 0;

  constructor(
    private readonly readMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly options: { maxInFlight: number; maxKeys: number },
  ) {}

  /** The value read for `key`, or undefined when the read found none. */
  load(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      this.startReads();
    });
  }

  private startReads(): void {
    while (this.inFlight < this.options.maxInFlight && this.pending.size > 0) {
      const batch = new Map<string, Waiter<V>[]>();
      for (const [key, waiters] of this.pending) {
        if (batch.size >= this.options.maxKeys) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) this.pending.delete(key);
      this.inFlight++;
      void this.readMany([...batch.keys()])
        .then(
          (found) => {
            for (const [key, waiters] of batch) {
              for (const waiter of waiters) waiter.resolve(found.get(key));
            }
          },
          (error: unknown) => {
            for (const waiters of batch.values()) {
              for (const waiter of waiters) waiter.reject(error);
            }
          },
        )
        .finally(() => {
          this.inFlight--;
          this.startReads();
        });
    }
  }
}
