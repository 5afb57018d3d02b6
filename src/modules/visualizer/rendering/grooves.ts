/**
 * A groove is a line within a front; a gap stands between two fronts. Where grooves cut a front
 * into a door-sized piece and strips too narrow to be a front, the line between the piece and a
 * strip is a groove: a gap leaves fronts either side. See
 * docs/decisions/0060-a-groove-leaves-no-front-beside-it.md.
 */

/** A door is 0.3–1 times as wide as it is tall, whatever its finish (as in 0055). */
const MIN_DOOR_ASPECT = 0.3;
const MAX_DOOR_ASPECT = 1;

export function isDoorSized(width: number, height: number): boolean {
  return width >= MIN_DOOR_ASPECT * height && width <= MAX_DOOR_ASPECT * height;
}

/**
 * Whether two regions lying side by side line up well enough to be parts of one front. Strips
 * need one side lined up (a handle across a groove notches the other); a piece and a strip both,
 * top and bottom, as a front's parts across a groove do; two pieces never, as each is a front.
 */
export function linedUpAcrossGroove(
  pieces: number,
  fromLinedUp: boolean,
  toLinedUp: boolean,
): boolean {
  if (pieces === 0) return fromLinedUp || toLinedUp;
  return pieces === 1 && fromLinedUp && toLinedUp;
}

/**
 * Groups regions (by index) across the seams between them (`lying`: two regions and the width of
 * the line between them) no wider than `widest`. A group holds one door-sized piece at most: a
 * strip between two doors is joined to one of them, never both into one.
 */
export function joinAcrossGrooves(
  isPiece: boolean[],
  lying: [number, number, number][],
  widest: number,
): { headOf: (k: number) => number; seams: [number, number][] } {
  const root = isPiece.map((_, k) => k);
  const headOf = (k: number): number => (root[k] === k ? k : (root[k] = headOf(root[k])));
  const holdsPiece = isPiece.slice();
  const seams: [number, number][] = [];
  for (const [a, b, between] of lying) {
    if (between > widest) continue;
    const [headA, headB] = [headOf(a), headOf(b)];
    if (headA !== headB) {
      if (holdsPiece[headA] && holdsPiece[headB]) continue;
      holdsPiece[headA] ||= holdsPiece[headB];
      root[headB] = headA;
    }
    seams.push([a, b]);
  }
  return { headOf, seams };
}
