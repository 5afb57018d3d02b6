/**
 * A door grooved across is cut by its grooves into strips as wide as the door, each as tall as
 * the groove spacing. Where the door's gaps are too faint for its sides to show the whole height,
 * the door found stops at one of its grooves, though its strips go on past it at the same spacing
 * to its real end. Strip by strip, while the next line across the door's width lies one spacing
 * on and the strip before it is of the door's finish, the door goes on; the first line at another
 * spacing (a wall unit's underside, a plinth, a worktop) or a strip of another finish ends it
 * (test/bench/visualizer-tuning-log.md#0095).
 */

/** A line across a front: the first and last of the rows in which it runs across, inclusive. */
export interface LineAcross {
  start: number;
  end: number;
}

/** A row is on a line across when at least this share of the front's width is line. */
export const ACROSS_SHARE = 0.7;
/** Grooves are even: the spacings within the door are within this ratio of one another. */
const EVEN_SPACING = 1.3;
/** The next line lies one spacing on within this share of the spacing. */
const SPACING_SLACK = 0.15;
/** A strip is of the door's finish when this share of its pixels is. */
export const STRIP_FINISH_SHARE = 0.9;

const centre = (line: LineAcross) => (line.start + line.end) / 2;

/**
 * The lines across columns `minX`..`maxX`, rows `fromY`..`toY`: runs of rows on which at least
 * `ACROSS_SHARE` of those columns are line.
 */
export function linesAcross(
  isLine: (x: number, y: number) => boolean,
  minX: number,
  maxX: number,
  fromY: number,
  toY: number,
): LineAcross[] {
  const lines: LineAcross[] = [];
  const needed = ACROSS_SHARE * (maxX - minX + 1);
  let start = -1;
  for (let y = fromY; y <= toY + 1; y++) {
    let on = false;
    if (y <= toY) {
      // Read until the row is on a line, or can no longer be.
      let count = 0;
      for (let x = minX; x <= maxX && count < needed && count + maxX - x + 1 >= needed; x++) {
        if (isLine(x, y)) count++;
      }
      on = count >= needed;
    }
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      lines.push({ start, end: y - 1 });
      start = -1;
    }
  }
  return lines;
}

/**
 * The spacing of a door's grooves: the median distance between the centres of the lines across
 * it from the line along its top (`top`, within `reach` rows) to the line along its bottom, when
 * at least one groove stands between them, the spacings are even and `least` at least (lines
 * across closer than that are a tiled wall's rows or a texture's, not a door's grooves); else
 * null.
 */
export function grooveSpacing(
  lines: LineAcross[],
  top: number,
  bottom: number,
  reach: number,
  least: number,
): number | null {
  const within = lines.filter((line) => line.end >= top - reach && line.start <= bottom + reach);
  if (within.length < 3) return null;
  const first = within[0];
  const last = within[within.length - 1];
  // The door's own edges are lines across: it lies between the first and the last.
  if (first.start > top + reach || last.end < bottom - reach) return null;
  const spacings = within.slice(1).map((line, k) => centre(line) - centre(within[k]));
  const sorted = [...spacings].sort((a, b) => a - b);
  if (sorted[sorted.length - 1] > EVEN_SPACING * sorted[0]) return null;
  const spacing = sorted[sorted.length >> 1];
  return spacing >= least ? spacing : null;
}

/** How thick the lines met on a walk may be: a groove, and a stray line between two grooves. */
export interface Thickness {
  /** A line crossed is a groove: no thicker than the door's own grooves by `THICKER_EDGE`. */
  groove: number;
  /** A line between two grooves is no edge: at most half as thick as the thinnest groove. */
  stray: number;
}

/** An edge (a worktop's, a plinth's shadow) may be as thin as a groove, but one this much thicker is no groove. */
const THICKER_EDGE = 1.5;

const thicknessOf = (line: LineAcross) => line.end - line.start + 1;

/** The thickness a door's own grooves allow (`lines`: its lines across, its edges first and last). */
export function grooveThickness(lines: LineAcross[]): Thickness {
  const grooves = lines.slice(1, -1).map(thicknessOf);
  if (!grooves.length) return { groove: 0, stray: 0 };
  return {
    groove: Math.floor(THICKER_EDGE * Math.max(...grooves)),
    stray: Math.floor(Math.min(...grooves) / 2),
  };
}

/**
 * From the line `from` (along a door's edge), the lines one spacing on after another, `down` or
 * up, while `isStrip` holds for the rows between them. Each line crossed, `from` too, is as thin
 * as a groove; lines between two of them no thicker than a stray line (a scratch, noise, a stray
 * piece of a line along), else that is another edge. The last line reached is returned (`from`
 * itself when the door goes on no further).
 */
export function walkStrips(
  lines: LineAcross[],
  from: LineAcross,
  spacing: number,
  thickness: Thickness,
  down: boolean,
  isStrip: (firstRow: number, lastRow: number) => boolean,
): LineAcross {
  const ordered = down ? lines : [...lines].reverse();
  const slack = SPACING_SLACK * spacing;
  let at = from;
  while (thicknessOf(at) <= thickness.groove) {
    const past = ordered.filter((line) => (down ? line.start > at.end : line.end < at.start));
    const k = past.findIndex((line) => Math.abs(centre(line) - centre(at)) >= spacing - slack);
    if (k < 0) return at;
    const next = past[k];
    if (Math.abs(centre(next) - centre(at)) > spacing + slack) return at;
    if (past.slice(0, k).some((line) => thicknessOf(line) > thickness.stray)) return at;
    const [first, last] = down ? [at.end + 1, next.start - 1] : [next.end + 1, at.start - 1];
    if (last < first || !isStrip(first, last)) return at;
    at = next;
  }
  return at;
}

/**
 * The rows a front's row spans: its own and those of the fronts of its finish (`fronts`) whose
 * rows overlap it, or stand on or under them with no more than `2 * tolerance` between (a drawer
 * stack's drawers), one after the other. A door goes on within its row, never past its top or
 * bottom line.
 */
export function rowBand(
  front: { minY: number; maxY: number },
  fronts: { minY: number; maxY: number }[],
  tolerance: number,
): [number, number] {
  let [top, bottom] = [front.minY, front.maxY];
  const sorted = [...fronts].sort((a, b) => a.minY - b.minY);
  for (let grew = true; grew;) {
    grew = false;
    for (const other of sorted) {
      if (other.maxY < top - 2 * tolerance || other.minY > bottom + 2 * tolerance) continue;
      if (other.minY < top || other.maxY > bottom) {
        [top, bottom] = [Math.min(top, other.minY), Math.max(bottom, other.maxY)];
        grew = true;
      }
    }
  }
  return [top, bottom];
}
