/**
 * Each pixel off the boundaries labelled by its 4-connected piece: the piece's first pixel in
 * reading order (its smallest index); boundary pixels get label -1. Hot (every pass and every
 * completing step labels a million pixels): the pieces are joined run by run, not pixel by pixel
 * (docs/decisions/0062-detection-hot-loops.md). Runs are numbered in reading order and a joined
 * set keeps its lowest number, so its label is the start of its first run.
 */
export function labelBetweenBoundaries(
  boundary: Uint8Array,
  width: number,
  height: number,
): Int32Array {
  let count = 0;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (!boundary[i] && (x === 0 || boundary[i - 1])) count++;
    }
  }
  const runStart = new Int32Array(count);
  const runEnd = new Int32Array(count);
  const parent = new Int32Array(count);
  const root = (run: number) => {
    let top = run;
    while (parent[top] !== top) top = parent[top];
    while (parent[run] !== top) {
      const next = parent[run];
      parent[run] = top;
      run = next;
    }
    return top;
  };
  let run = 0;
  let above = 0;
  for (let y = 0, rowStart = 0; y < height; y++, rowStart += width) {
    const first = run;
    const rowEnd = rowStart + width;
    for (let i = rowStart; i < rowEnd; i++) {
      if (boundary[i]) continue;
      runStart[run] = i;
      while (i < rowEnd && !boundary[i]) i++;
      runEnd[run] = i;
      parent[run] = run;
      // Join with every run of the row above that shares a column with it.
      const from = runStart[run] - width;
      const to = i - width;
      while (above < first && runEnd[above] <= from) above++;
      for (let k = above; k < first && runStart[k] < to; k++) {
        const a = root(k);
        const b = root(run);
        if (a < b) parent[b] = a;
        else if (b < a) parent[a] = b;
      }
      run++;
    }
    above = first;
  }
  const labels = new Int32Array(width * height).fill(-1);
  for (let k = 0; k < count; k++) labels.fill(runStart[root(k)], runStart[k], runEnd[k]);
  return labels;
}
