/**
 * A groove is a line within a front; a gap stands between two fronts. Where grooves cut a front
 * into a door-sized piece and strips too narrow to be a front, the line between the piece and a
 * strip is a groove: a gap leaves fronts either side. See
 * test/bench/visualizer-tuning-log.md#0060.
 */

import { isDoorSized } from './door-shape.js';
import { median } from './numbers.js';
import type { Box } from './box.js';

/**
 * A sliver narrower than this share of the piece beside it is as often a cabinet's side, or its
 * shadow on the wall, as a strip of the door, and leaves little of a door unpainted.
 */
const MIN_STRIP_SHARE = 0.2;

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

/** A region's extent along the axis the strips follow one another, and across it. */
export interface Part {
  isPiece: boolean;
  start: number;
  end: number;
  from: number;
  to: number;
}

/**
 * Groups regions (by index) across the seams between them (`lying`: two regions and the width of
 * the line between them) no wider than `widest`. A group holds one door-sized piece at most (a
 * strip between two doors is joined to one of them, never both into one), and a group holding
 * one stays door-sized: a strip of wall beside a door is no part of it, however pale both are;
 * nor is a sliver beside it.
 */
export function joinAcrossGrooves(
  parts: Part[],
  lying: [number, number, number][],
  widest: number,
): { headOf: (k: number) => number; seams: [number, number][] } {
  const root = parts.map((_, k) => k);
  const headOf = (k: number): number => (root[k] === k ? k : (root[k] = headOf(root[k])));
  const groups = parts.map((part) => ({ ...part }));
  const seams: [number, number][] = [];
  for (const [a, b, between] of lying) {
    if (between > widest) continue;
    const [headA, headB] = [headOf(a), headOf(b)];
    if (headA !== headB) {
      const [first, next] = [groups[headA], groups[headB]];
      if (first.isPiece && next.isPiece) continue;
      const joined = {
        isPiece: first.isPiece || next.isPiece,
        start: Math.min(first.start, next.start),
        end: Math.max(first.end, next.end),
        from: Math.min(first.from, next.from),
        to: Math.max(first.to, next.to),
      };
      const [along, nextAlong] = [first.end - first.start + 1, next.end - next.start + 1];
      const doorSized = isDoorSized(joined.end - joined.start + 1, joined.to - joined.from + 1);
      const sliver = Math.min(along, nextAlong) < MIN_STRIP_SHARE * Math.max(along, nextAlong);
      if (joined.isPiece && (!doorSized || sliver)) continue;
      groups[headA] = joined;
      root[headB] = headA;
    }
    seams.push([a, b]);
  }
  return { headOf, seams };
}

/**
 * Where a region lies along the axis the strips follow one another, taken line by line across it
 * (each row for strips side by side): the median of its lines' first and last pixels. A strip
 * between two grooves that close can run into the lines above it and take a hook of another
 * strip's end: its box then spans both, though along most of its length it is a strip a groove
 * away from its neighbours. See test/bench/visualizer-tuning-log.md#0064.
 */
export function runningSpan(
  labels: Int32Array,
  width: number,
  label: number,
  box: Box,
  sideBySide: boolean,
): [number, number] {
  const firsts: number[] = [];
  const lasts: number[] = [];
  const [lineFrom, lineTo] = sideBySide ? [box.minY, box.maxY] : [box.minX, box.maxX];
  const [alongFrom, alongTo] = sideBySide ? [box.minX, box.maxX] : [box.minY, box.maxY];
  const [lineStep, alongStep] = sideBySide ? [width, 1] : [1, width];
  for (let line = lineFrom; line <= lineTo; line++) {
    let first = -1;
    let last = -1;
    for (let along = alongFrom; along <= alongTo; along++) {
      if (labels[line * lineStep + along * alongStep] !== label) continue;
      if (first < 0) first = along;
      last = along;
    }
    if (first < 0) continue;
    firsts.push(first);
    lasts.push(last);
  }
  return [median(firsts), median(lasts)];
}
