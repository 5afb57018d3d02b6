/**
 * Shaker doors whose panels' side lines something in front of them (a plant, a chair, a bag) cut
 * short, all of them at once. Two such panels side by side bear each other out at the height they
 * were cut to, so the doors found round them stop where the thing in front begins. Their row says
 * otherwise: panels of the same width level with them, clear of the thing in front, run the
 * doors' full height, and doors of one run share their top and bottom lines.
 */
import type { PanelCorner, PanelDoor } from './panel-rows.js';
import { MIN_SEEN_SHARE, type RowDoor } from './row-panels.js';

const { abs } = Math;

/**
 * Panels apart along the row (their spans do not overlap) that must agree on a height: one L can
 * be found a pixel or two off several times over, and two lines of one panel are no row.
 */
const MIN_AGREEING_PANELS = 2;

/**
 * The doors of `doors` (doors round panels, with the panels' L's in `corners`) whose panel's L is
 * shorter than the height its row agrees on: that height, with the part of the panel seen (the L
 * as found), for the test of what stands in front. The frame stays as it was found. `isPanel` says
 * which L's bound a plain panel (grain let off): only those have a say in the row's height, not
 * tiles' grout or the grooves of a noisy dark run.
 */
export function doorsToRowHeight(
  doors: PanelDoor[],
  corners: PanelCorner[],
  tolerance: number,
  isPanel: (corner: PanelCorner) => boolean,
): RowDoor[] {
  return doors.flatMap((door) => {
    const seen = corners.find(({ x, y }) => x === door.panel.x && y === door.panel.y);
    const height = seen && agreedRowHeight(seen, corners, tolerance, isPanel);
    if (!seen || !height || height <= door.panel.height + tolerance) return [];
    const frame = door.panel.x - door.minX;
    return [
      {
        panel: { ...seen, height },
        seen,
        minX: door.minX,
        minY: door.minY,
        maxX: door.maxX,
        maxY: seen.y + height - 1 + frame,
      },
    ];
  });
}

/**
 * The tallest height that at least `MIN_AGREEING_PANELS` panels (by `isPanel`) level with `corner`
 * and as wide share, when it is taller than `corner`'s own and its own line runs at least
 * `MIN_SEEN_SHARE` of it; null when none. Panels of another width are another row's (drawers, an
 * appliance's side).
 */
export function agreedRowHeight(
  corner: PanelCorner,
  corners: PanelCorner[],
  tolerance: number,
  isPanel: (corner: PanelCorner) => boolean,
): number | null {
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const taller = corners.filter(
    (other) =>
      near(other.y, corner.y) &&
      near(other.width, corner.width) &&
      other.height > corner.height + tolerance &&
      corner.height >= MIN_SEEN_SHARE * other.height &&
      isPanel(other),
  );
  let agreed: number | null = null;
  for (const { height } of taller) {
    const asTall = taller.filter((other) => near(other.height, height));
    if (panelsApart(asTall) >= MIN_AGREEING_PANELS && (agreed === null || height > agreed)) {
      agreed = height;
    }
  }
  return agreed;
}

/** How many of `corners` stand apart along the row: L's whose spans overlap are one panel's. */
function panelsApart(corners: PanelCorner[]): number {
  const apart: PanelCorner[] = [];
  for (const corner of corners) {
    const overlaps = (other: PanelCorner) =>
      other.x < corner.x + corner.width && corner.x < other.x + other.width;
    if (!apart.some(overlaps)) apart.push(corner);
  }
  return apart.length;
}
