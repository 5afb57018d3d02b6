/**
 * Shaker panels found as fronts. A shaker door's recessed panel is bounded by lines all round (its
 * shaded and lit edges), so the line passes can close the panel as a region of its own and take it
 * for the front, leaving the frame round it bare. The door its panel's L and a neighbour imply
 * (docs/decisions/0036-shaker-panels-on-their-own.md) then overlaps that front and was refused.
 * A front that is that very panel is no other door in the way: the door is the front, grown to its
 * frame (docs/decisions/0061-panels-found-as-fronts-and-grout-below-a-panel.md).
 */
import type { PanelCorner } from './panel-rows.js';

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const { abs, max, min, round } = Math;

/**
 * Of the door's height, the share along which each of its sides shows a line (the gap to the
 * next door, or to the wall): a front found whose box a bigger box merely takes in (a flat door
 * whose outline passed for a panel, the next one's half round it) has no gap there.
 */
export const MIN_SIDE_LINED = 0.5;

/** Whether a front's box is the panel's (each side within `tolerance` of the L's box). */
export function isPanelFront(front: Box, panel: PanelCorner, tolerance: number): boolean {
  return (
    abs(front.minX - panel.x) <= tolerance &&
    abs(front.minY - panel.y) <= tolerance &&
    abs(front.maxX - (panel.x + panel.width - 1)) <= tolerance &&
    abs(front.maxY - (panel.y + panel.height - 1)) <= tolerance
  );
}

/**
 * Whether the door's left and right sides show as lines (within `reach` pixels of where the box
 * puts them) along `MIN_SIDE_LINED` of its height, its top and bottom rows left out.
 */
export function sidesLined(
  boundaries: Uint8Array,
  width: number,
  door: Box,
  reach: number,
): boolean {
  const height = boundaries.length / width;
  const lined = (x: number) => {
    let rows = 0;
    let hits = 0;
    for (let y = max(0, door.minY + reach); y <= min(height - 1, door.maxY - reach); y++) {
      rows++;
      for (let dx = -reach; dx <= reach; dx++) {
        const at = x + dx;
        if (at >= 0 && at < width && boundaries[y * width + at]) {
          hits++;
          break;
        }
      }
    }
    return rows > 0 && hits >= round(MIN_SIDE_LINED * rows);
  };
  return lined(door.minX) && lined(door.maxX);
}
