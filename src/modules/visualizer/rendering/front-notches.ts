/**
 * A handle at a door's edge, or a streak of grain reaching the door's top line, is cut off from
 * the door's region by the lines round it and joins the gap outside, yet it is the door's
 * (test/bench/visualizer-tuning-log.md#0080).
 */

/** A notch is the front's when it is no wider (deeper) than this share of the front's width (height). */
const MAX_NOTCH = 0.35;

/**
 * `outside` (1 off the front, over a `w` × `h` box) with the front's notches closed: along each
 * row and each column, a stretch outside between two pixels of the front, no longer than
 * `MAX_NOTCH` of the box's width (height), is the front's. A notch open to the box's rim on
 * both sides of it (a bite out of a corner) stays out.
 */
export function closedNotches(outside: Uint8Array, w: number, h: number): Uint8Array {
  const closed = outside.slice();
  const close = (start: number, step: number, count: number, longest: number) => {
    let last = -1;
    for (let k = 0; k < count; k++) {
      const j = start + k * step;
      if (outside[j]) continue;
      if (last >= 0 && k - last > 1 && k - last - 1 <= longest) {
        for (let m = last + 1; m < k; m++) closed[start + m * step] = 0;
      }
      last = k;
    }
  };
  for (let ly = 0; ly < h; ly++) close(ly * w, 1, w, MAX_NOTCH * w);
  for (let lx = 0; lx < w; lx++) close(lx, w, h, MAX_NOTCH * h);
  return closed;
}
