/**
 * The last result of a measure over a picture's maps, given again while the maps are unchanged.
 * Detection's steps ask for the same measure of the fronts found one after another, mostly with
 * nothing painted in between; comparing the maps with copies of them is a small part of reading
 * them through again (docs/decisions/0062-detection-hot-loops.md). What the measure reads
 * besides the maps is named by `keys`, compared by identity.
 */
export class LastMeasure<T> {
  private keys: unknown[] = [];
  private copies: Uint8Array[] = [];
  private result: T | undefined;

  of(keys: unknown[], maps: ArrayBufferView[], measure: () => T): T {
    const views = maps.map((map) => new Uint8Array(map.buffer, map.byteOffset, map.byteLength));
    const unchanged =
      this.result !== undefined &&
      keys.length === this.keys.length &&
      keys.every((key, k) => key === this.keys[k]) &&
      views.length === this.copies.length &&
      views.every((view, k) => Buffer.compare(view, this.copies[k]) === 0);
    if (unchanged) return this.result!;
    this.result = measure();
    this.keys = keys;
    this.copies = views.map((view, k) => {
      const copy =
        this.copies[k]?.length === view.length ? this.copies[k] : new Uint8Array(view.length);
      copy.set(view);
      return copy;
    });
    return this.result;
  }

  /** Lets go of the maps' copies and of what the keys name. */
  forget(): void {
    this.keys = [];
    this.copies = [];
    this.result = undefined;
  }
}
