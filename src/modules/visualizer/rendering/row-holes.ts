import type { Box } from './box.js';

const { max, min } = Math;

/**
 * Two fronts stand in one row where their heights overlap by this share of the shorter one's
 * (test/bench/visualizer-tuning-log.md#0079).
 */
const SAME_ROW = 0.5;
/** A space between two fronts of a row this share of the narrower one's width is a door's room. */
const DOOR_ROOM = 0.5;

const widthOf = (box: Box) => box.maxX - box.minX + 1;
const heightOf = (box: Box) => box.maxY - box.minY + 1;

const overlaps = (a: Box, b: Box) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/**
 * The spaces in rows of fronts where a door would fit and nothing was found: between two fronts
 * side by side (their heights shared by half the shorter's or more), the space as tall as both
 * share, as wide as half the narrower front or wider, which no front found reaches into.
 */
export function doorRoomsInRows<Front extends Box>(
  fronts: readonly Front[],
): { room: Box; left: Front; right: Front }[] {
  const rooms: { room: Box; left: Front; right: Front }[] = [];
  for (const left of fronts) {
    let right: Front | undefined;
    for (const other of fronts) {
      if (other.minX <= left.maxX) continue;
      const shared = min(left.maxY, other.maxY) - max(left.minY, other.minY) + 1;
      if (shared < SAME_ROW * min(heightOf(left), heightOf(other))) continue;
      if (!right || other.minX < right.minX) right = other;
    }
    if (!right) continue;
    const room = {
      minX: left.maxX + 1,
      maxX: right.minX - 1,
      minY: max(left.minY, right.minY),
      maxY: min(left.maxY, right.maxY),
    };
    if (widthOf(room) < DOOR_ROOM * min(widthOf(left), widthOf(right))) continue;
    if (fronts.some((front) => overlaps(front, room))) continue;
    rooms.push({ room, left, right });
  }
  return rooms;
}

/**
 * Whether one of `others` (fronts another pass found) stands in such a room, its middle within it,
 * of the finish of the fronts on both sides (`oneFinish`): a door the fronts found leave out. An
 * oven's or a window's room holds nothing of their finish.
 */
export function doorInRoom<Front extends Box>(
  fronts: readonly Front[],
  others: readonly Front[],
  oneFinish: (a: Front, b: Front) => boolean,
): boolean {
  const rooms = doorRoomsInRows(fronts);
  return others.some((other) => {
    const [x, y] = [(other.minX + other.maxX) / 2, (other.minY + other.maxY) / 2];
    return rooms.some(
      ({ room, left, right }) =>
        x >= room.minX &&
        x <= room.maxX &&
        y >= room.minY &&
        y <= room.maxY &&
        oneFinish(other, left) &&
        oneFinish(other, right),
    );
  });
}
