/**
 * Shaker panels found as fronts. A shaker door's recessed panel is bounded by lines all round (its
 * shaded and lit edges), so the line passes can close the panel as a region of its own and take it
 * for the front, leaving the frame round it bare. The door its panel's L and a neighbour imply
 * (test/bench/visualizer-tuning-log.md#0036) then overlaps that front and was refused.
 * A front that is that very panel is no other door in the way: the door is the front, grown to its
 * frame (test/bench/visualizer-tuning-log.md#0061).
 */
import type { PanelCorner } from './panel-rows.js';
import type { Box } from './box.js';

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
  const along = { from: door.minY, to: door.maxY };
  const lined = (x: number) =>
    edgeLined(boundaries, width, { ...along, at: x }, reach, true, [-reach, reach]);
  return lined(door.minX) && lined(door.maxX);
}

/**
 * Whether the door's top and bottom show as lines (within `reach` pixels of where the box puts
 * them, or up to `inward` pixels inside it) along `MIN_SIDE_LINED` of its width, its side columns
 * left out: a row's top and bottom lines, which grain down the doors does not cross out
 * (test/bench/visualizer-tuning-log.md#0072). A door implied from its
 * panel may have its frame narrower than half the space between panels: its ends then lie inside
 * the box (test/bench/visualizer-tuning-log.md#0083).
 */
export function endsLined(
  boundaries: Uint8Array,
  width: number,
  door: Box,
  reach: number,
  inward = reach,
): boolean {
  const along = { from: door.minX, to: door.maxX };
  const lined = (y: number, offsets: [number, number]) =>
    edgeLined(boundaries, width, { ...along, at: y }, reach, false, offsets);
  return lined(door.minY, [-reach, inward]) && lined(door.maxY, [-inward, reach]);
}

/**
 * Whether a line runs between `at + nearest` and `at + farthest` (columns when `down`, else rows)
 * along `MIN_SIDE_LINED` of the span from `from` to `to`, its first and last `reach` pixels left
 * out.
 */
function edgeLined(
  boundaries: Uint8Array,
  width: number,
  { from, to, at }: { from: number; to: number; at: number },
  reach: number,
  down: boolean,
  [nearest, farthest]: [number, number],
): boolean {
  const height = boundaries.length / width;
  const [length, across] = down ? [height, width] : [width, height];
  let steps = 0;
  let hits = 0;
  for (let k = max(0, from + reach); k <= min(length - 1, to - reach); k++) {
    steps++;
    for (let d = nearest; d <= farthest; d++) {
      const j = at + d;
      if (j >= 0 && j < across && boundaries[down ? k * width + j : j * width + k]) {
        hits++;
        break;
      }
    }
  }
  return steps > 0 && hits >= round(MIN_SIDE_LINED * steps);
}

/**
 * Whether a line runs across the box, along `MIN_SIDE_LINED` of its width in one of its rows: a
 * door's or an appliance door's edge, which no panel runs on through.
 */
export function lineAcross(boundaries: Uint8Array, width: number, box: Box): boolean {
  const needed = round(MIN_SIDE_LINED * (box.maxX - box.minX + 1));
  for (let y = box.minY; y <= box.maxY; y++) {
    let lined = 0;
    for (let i = y * width + box.minX; i <= y * width + box.maxX; i++) lined += boundaries[i];
    if (lined >= needed) return true;
  }
  return false;
}
