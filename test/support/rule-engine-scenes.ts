import type { LineRow, Segment } from '#src/modules/visualizer/rendering/row-ends.js';

/** A front as the rule engine measures it: a box `width` px wide from `left`, and its shade. */
export const shadedBox = (
  left: number,
  width: number,
  top: number,
  bottom: number,
  shade: number,
) => ({ minX: left, minY: top, maxX: left + width - 1, maxY: bottom, shade });

/**
 * Four grained doors 100 px wide (two thirds as wide as tall) in a row from `top` to `bottom`,
 * between gaps at `gaps`; streaks of grain as long as the doors at `streaks`.
 */
export const GRAINED_DOORS = {
  top: 50,
  bottom: 200,
  gaps: [40, 140, 240, 340, 440],
  streaks: [60, 75, 110, 125, 165, 190, 215, 260, 290, 315, 365, 380, 410, 425],
};

/** A row of vertical lines at `xs`, each from `top` to `bottom`, with no spacing measured. */
export function lineRowOf(xs: number[], top: number, bottom: number): LineRow {
  return {
    lines: [...xs].sort((a, b) => a - b).map((x): Segment => ({ x, top, bottom })),
    top,
    bottom,
    spacing: NaN,
  };
}
