/**
 * Stage 1 of the model-prompted detector: where to ask the model. Cell centres of ever finer
 * grids (a quarter of the columns, a half, all of them), coarse first, so that the larger fronts
 * are found first and the finer points that fall on them are skipped (see prompted-masks.ts).
 */

/** A prompt point as shares (0..1) of the frame's width and height. */
export interface PromptPoint {
  x: number;
  y: number;
}

export function gridPrompts(
  size: { width: number; height: number },
  columnsCount: number,
): PromptPoint[] {
  const levels = [Math.max(1, columnsCount >> 2), Math.max(1, columnsCount >> 1), columnsCount];
  const points: PromptPoint[] = [];
  for (const columns of [...new Set(levels)]) {
    const rows = Math.max(1, Math.round((columns * size.height) / size.width));
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        points.push({ x: (column + 0.5) / columns, y: (row + 0.5) / rows });
      }
    }
  }
  return points;
}
