/**
 * Shaker panels that stand in a row of doors already implied by their panels, but have no
 * neighbour of their kind close by: a door far along the run (a window or a drawer stack between
 * it and its like), or one a plant or a chair hides in part. A run of doors shares its top and
 * bottom lines and its frame, so the row's panels say how tall such a door's panel is and how
 * wide its frame; behind the thing in front of it the door goes on.
 */
import type { RgbImage } from './cabinet-detector.js';
import type { PanelCorner, PanelDoor } from './panel-rows.js';
import type { Box } from './box.js';

const { abs, round } = Math;

/**
 * A panel's side line cut short by something in front of it still runs at least this share of
 * its row's panels' height: less is too little of a door to go on (a drawer's panel, a leaf).
 */
export const MIN_SEEN_SHARE = 0.3;

/** A door implied from its row, with the part of its panel seen (the L as it was found). */
export interface RowDoor extends PanelDoor {
  seen: PanelCorner;
}

/**
 * The door round each panel (an L) that is level with the panel of a door in `row` (one already
 * implied and painted) and either as tall as that panel, whatever its width (drawer columns and
 * doors differ) and however far from it, or cut short: its side line runs less than the row's
 * panel's height but at least `MIN_SEEN_SHARE` of it, and its panel is then as tall as the row's.
 * Its frame is as wide as that door's. Panels of the row themselves are left out.
 */
export function doorsAlongPanelRows(
  corners: PanelCorner[],
  row: PanelDoor[],
  tolerance: number,
): RowDoor[] {
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const inRow = new Set(row.map(({ panel }) => `${panel.x},${panel.y}`));
  return corners.flatMap((corner) => {
    if (inRow.has(`${corner.x},${corner.y}`)) return [];
    const door = row
      .filter(({ panel }) => near(corner.y, panel.y) && heightInRow(corner, panel) !== null)
      .reduce<PanelDoor | null>((a, b) => (a && a.panel.height >= b.panel.height ? a : b), null);
    if (!door) return [];
    const frame = round(
      (door.panel.x - door.minX + door.maxX - (door.panel.x + door.panel.width - 1)) / 2,
    );
    const panel = { ...corner, height: heightInRow(corner, door.panel)! };
    return [
      {
        panel,
        seen: corner,
        minX: panel.x - frame,
        minY: panel.y - frame,
        maxX: panel.x + panel.width - 1 + frame,
        maxY: panel.y + panel.height - 1 + frame,
      },
    ];
  });

  /** As tall as the row's panel, its own height; cut short, the row's; else none. */
  function heightInRow(corner: PanelCorner, panel: PanelCorner): number | null {
    if (near(corner.height, panel.height)) return corner.height;
    const cutShort = corner.height < panel.height && corner.height >= MIN_SEEN_SHARE * panel.height;
    return cutShort ? panel.height : null;
  }
}

/**
 * The median of each channel over a box: the finish of a panel part hidden by leaves, which a
 * mean would take on.
 */
export function medianColour(image: RgbImage, box: Box): { r: number; g: number; b: number } {
  const { width, data } = image;
  const counts = [0, 1, 2].map(() => new Uint32Array(256));
  for (let y = box.minY; y <= box.maxY; y++) {
    for (let i = (y * width + box.minX) * 3; i <= (y * width + box.maxX) * 3; i += 3) {
      for (let channel = 0; channel < 3; channel++) counts[channel][data[i + channel]]++;
    }
  }
  const half = ((box.maxX - box.minX + 1) * (box.maxY - box.minY + 1)) / 2;
  const [r, g, b] = counts.map((count) => {
    let value = 0;
    for (let below = count[0]; below < half; below += count[++value]);
    return value;
  });
  return { r, g, b };
}

/** The share of a box's pixels that are not the door's (`isDoor` says which are). */
export function hiddenShare(box: Box, isDoor: (x: number, y: number) => boolean): number {
  let hidden = 0;
  for (let y = box.minY; y <= box.maxY; y++) {
    for (let x = box.minX; x <= box.maxX; x++) if (!isDoor(x, y)) hidden++;
  }
  return hidden / ((box.maxX - box.minX + 1) * (box.maxY - box.minY + 1));
}
