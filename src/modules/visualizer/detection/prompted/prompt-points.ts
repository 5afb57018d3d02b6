/**
 * Stage 1 of the model-prompted detector: where to ask the model. Cell centres of ever finer
 * grids, coarse first, so that the larger fronts are found first and the finer points that fall
 * on them are skipped (see prompted-masks.ts); and beside each front found, where its neighbours
 * would be: fronts come in rows of like widths and stacks of like heights.
 */

/** A prompt point as shares (0..1) of the frame's width and height. */
export interface PromptPoint {
  x: number;
  y: number;
}

/** The cell centres of grids of these many columns in turn; rows follow the frame's aspect. */
export function gridPrompts(
  size: { width: number; height: number },
  levelsColumns: readonly number[],
): PromptPoint[] {
  const points: PromptPoint[] = [];
  for (const columns of [...new Set(levelsColumns)]) {
    const rows = Math.max(1, Math.round((columns * size.height) / size.width));
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        points.push({ x: (column + 0.5) / columns, y: (row + 0.5) / rows });
      }
    }
  }
  return points;
}

/**
 * The centres of the places beside a region (frame pixels), one of its widths and a gap of
 * `gapShare` of it away, left and right; those on the frame. (Above and below were tried: in a
 * photo they fall on the backsplash and the worktop far more often than on a drawer.)
 */
export function besidePrompts(
  region: { minX: number; minY: number; maxX: number; maxY: number },
  size: { width: number; height: number },
  gapShare: number,
): PromptPoint[] {
  const cx = (region.minX + region.maxX) / 2;
  const cy = (region.minY + region.maxY) / 2;
  const dx = (region.maxX - region.minX) * (1 + gapShare);
  return [cx - dx, cx + dx]
    .filter((x) => x >= 0 && x < size.width)
    .map((x) => ({ x: x / size.width, y: cy / size.height }));
}
