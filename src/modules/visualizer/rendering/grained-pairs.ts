/**
 * Grained shaker doors found by their panels. On light grained shaker doors the grain runs down
 * door, frame and panel, and at the finest pass its streaks are as strong as the doors' own
 * edges: the panel is a field of streaks and dots, never plain, so the door its L and its
 * neighbour's imply (test/bench/visualizer-tuning-log.md#0036) was refused. At the
 * coarsest pass the grain is mostly gone and the panel shows plain, while the finest pass still
 * shows the lines the door ends on. A door implied from its panel reaches half the space between
 * panels outside it, into the gaps beside it and, in a photo taken at an angle, past its unit: a
 * grained one is drawn to the lines found instead
 * (test/bench/visualizer-tuning-log.md#0076).
 */
import { setShare, type Box } from './box.js';
import { isDoorSized } from './door-shape.js';
import { endsLined, lineAcross } from './found-panels.js';
import { isPlainPanel, type PanelCorner } from './panel-rows.js';

const { max, round } = Math;

/**
 * The least mean luminance of a grained door this applies to (white, cream, grey, oak; a white
 * door in hard light's shade measured 60–90): near-black grain in hard light is as deep as its
 * gaps and makes L's of streaks and lit patches all over, and is cut by its own steps
 * (test/bench/visualizer-tuning-log.md#0068).
 */
const MIN_LIGHT_LUMINANCE = 60;

/**
 * Of a grained panel's pixels, at most this share is on a line at the finest pass: grain leaves
 * much of it clear (streaks and dots over 7–47 % measured); where lines cover more (73–99 %),
 * they are grooves, lit patches of grain in hard light or leaves, and the L's among them no
 * panel's.
 */
const MAX_STREAKED = 0.6;

/** Of the door's height (width), the share along which a line shows in a column (row) it ends on. */
const EDGE_LINED = 0.5;

/**
 * Whether the panel of a pair's door refused as not plain is a light grained door's (`luminance`,
 * the door's mean), shaped like a door (0.3–1 times as wide as tall: not a strip a streak's L
 * makes, nor half a drawer beside the next one's L): plain at the coarsest pass with streaks
 * running down let off, no line across it there below its own top line (a plank's edge, a
 * drawer's, a freezer door's), and the door's top and bottom showing as lines at the finest pass
 * (a row's lines; the grain does not cross them out), up to half its frame inside its box.
 */
export function isGrainedPairPanel(
  coarse: Uint8Array,
  finest: Uint8Array,
  width: number,
  panel: PanelCorner,
  door: Box,
  { margin, reach, luminance }: { margin: number; reach: number; luminance: number },
): boolean {
  if (luminance < MIN_LIGHT_LUMINANCE) return false;
  if (!isDoorSized(door.maxX - door.minX + 1, door.maxY - door.minY + 1)) return false;
  if (!isPlainPanel(coarse, width, panel, margin, { grain: 'down' })) return false;
  const inside = {
    minX: panel.x + margin,
    maxX: panel.x + panel.width - 1 - margin,
    minY: panel.y + margin,
    maxY: panel.y + panel.height - 1 - margin,
  };
  // Its ends are looked for as far inside the box as it is drawn to them (`drawnToLines`): half
  // the space between panels can put the box's ends outside a narrower frame
  // (test/bench/visualizer-tuning-log.md#0083).
  return (
    setShare(finest, width, inside) <= MAX_STREAKED &&
    !lineAcross(coarse, width, belowTopLine(coarse, width, inside)) &&
    endsLined(finest, width, door, reach, halfFrame(door, panel))
  );
}

/**
 * The part of a panel's inside below the line along its top where that line lies in its top
 * quarter: an L of the door's top edge and a streak down the door puts the panel's own top line
 * inside it.
 */
function belowTopLine(lines: Uint8Array, width: number, inside: Box): Box {
  const quarter = inside.minY + ((inside.maxY - inside.minY) >> 2);
  const row = (y: number) => ({ ...inside, minY: y, maxY: y });
  let y = inside.minY;
  while (y <= quarter && !lineAcross(lines, width, row(y))) y++;
  if (y > quarter) return inside;
  while (y <= inside.maxY && lineAcross(lines, width, row(y))) y++;
  return { ...inside, minY: y };
}

/** Half the frame the panels put round a door's panel: how far inside its box a side is looked for. */
function halfFrame(door: Box, panel: PanelCorner): number {
  return max(1, max(1, panel.x - door.minX) >> 1);
}

/**
 * The door's box with each side drawn to the line it ends on: just inside the innermost column
 * (row) along which a line shows over `EDGE_LINED` of the door, looked for from half the door's
 * frame inside the box's side (clear of the panel's own line) to `reach` outside it (the gap
 * between two doors, the unit's edge against the wall). A side with no line there stays.
 */
export function drawnToLines(
  lines: Uint8Array,
  width: number,
  door: Box,
  panel: PanelCorner,
  reach: number,
): Box {
  const frame = max(1, panel.x - door.minX);
  const reachIn = halfFrame(door, panel);
  const lined = (at: number, down: boolean, from: number, to: number) => {
    let hits = 0;
    for (let k = from; k <= to; k++) hits += lines[down ? k * width + at : at * width + k];
    return to >= from && hits >= round(EDGE_LINED * (to - from + 1));
  };
  const side = (start: number, step: 1 | -1, down: boolean, from: number, to: number) => {
    const limit = down ? width : lines.length / width;
    for (let k = reachIn; k >= -reach; k--) {
      const at = start + step * k;
      if (at >= 0 && at < limit && lined(at, down, from, to)) return at + step;
    }
    return null;
  };
  const rows = [door.minY + frame, door.maxY - frame] as const;
  const columns = [door.minX + frame, door.maxX - frame] as const;
  const [minX, maxX] = [side(door.minX, 1, true, ...rows), side(door.maxX, -1, true, ...rows)];
  return {
    minX: minX ?? door.minX,
    maxX: maxX ?? door.maxX,
    minY: side(door.minY, 1, false, ...columns) ?? door.minY,
    maxY: side(door.maxY, -1, false, ...columns) ?? door.maxY,
  };
}
