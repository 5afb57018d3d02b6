/** The middle value (the upper one of an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[sorted.length >> 1] : NaN;
}

/**
 * The `n`th smallest (from 0) of the first `count` values, as sorting them would give, without
 * sorting: a quickselect on a copy, in time linear in `count` (a front's pixels are many, and
 * each pass asks for their median hue). NaN for none.
 */
export function nthSmallest(
  values: Float32Array | Float64Array,
  n: number,
  count = values.length,
): number {
  if (n < 0 || n >= count) return NaN;
  const copy = values.slice(0, count);
  let [low, high] = [0, count - 1];
  while (low < high) {
    const pivot = copy[(low + high) >> 1];
    let [i, j] = [low, high];
    while (i <= j) {
      while (copy[i] < pivot) i++;
      while (copy[j] > pivot) j--;
      if (i <= j) {
        const swapped = copy[i];
        copy[i] = copy[j];
        copy[j] = swapped;
        i++;
        j--;
      }
    }
    // Left of i nothing is larger than the pivot, right of j nothing smaller; between, all equal it.
    if (n <= j) high = j;
    else if (n >= i) low = i;
    else return copy[n];
  }
  return copy[n];
}
