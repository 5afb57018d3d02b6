/**
 * Stage 4: what is not a front is left out. Regions running out of the picture, frames round
 * something of another colour (an oven's glass, a window's), thin strips (gaps, worktop edges, plinths), busy
 * interiors (floor planks, glass, clutter), groups of many small regions of one size (tiles),
 * window panes (far brighter than the fronts), a candidate inside a larger one (a shaker door's
 * panel), and candidates whose colour is no finish shared by enough fronts (appliances).
 */
import type { DetectionParameters } from './detection-parameters.js';
import type { Candidate, NumbersOf } from './detection-types.js';
import { inRow, inStack } from './rows.js';

type Size = { width: number; height: number };

/** One test of what is not a front: the candidates it keeps. */
export interface NotFrontStep {
  /** What the candidates it leaves out are. */
  name: string;
  keep(candidates: Candidate[], size: Size, parameters: DetectionParameters): Candidate[];
}

/** The tests in the order they run; the quality bench's `--stages` counts what each loses. */
export const NOT_FRONT_STEPS: readonly NotFrontStep[] = [
  // First, while the glass or pane it frames is still among the candidates.
  {
    name: 'frame round another region',
    keep: (candidates, _size, parameters) => withoutFrames(candidates, parameters),
  },
  {
    name: 'thin strip',
    keep: (candidates, _size, parameters) =>
      candidates.filter((candidate) => isFrontShaped(candidate, parameters)),
  },
  {
    name: 'busy interior',
    keep: (candidates, _size, parameters) =>
      candidates.filter(({ edgeShare }) => edgeShare <= parameters.interiorEdgeMaxShare),
  },
  {
    name: 'frame round another colour',
    keep: (candidates, _size, parameters) =>
      candidates.filter(({ lab, rimLab }) => labDistance(lab, rimLab) <= parameters.rimDistanceMax),
  },
  {
    name: 'runs out of the picture',
    keep: (candidates, size, parameters) =>
      candidates.filter((candidate) => !touchesBorder(candidate, size, parameters.borderMarginPx)),
  },
  {
    name: 'tiles',
    keep: (candidates, size, parameters) =>
      withoutTiles(candidates, size.width * size.height, parameters),
  },
  { name: 'inside a larger one', keep: (candidates) => withoutNested(candidates) },
  {
    name: 'window pane',
    keep: (candidates, _size, parameters) => withoutWindows(candidates, parameters),
  },
  {
    name: 'no shared finish',
    keep: (candidates, _size, parameters) => byFinish(candidates, parameters),
  },
];

export function rejectNotFronts(
  candidates: Candidate[],
  size: Size,
  parameters: DetectionParameters,
): Candidate[] {
  return NOT_FRONT_STEPS.reduce((kept, step) => step.keep(kept, size, parameters), candidates);
}

/** Wall, ceiling and floor run out of the picture; a front seldom does. */
export function touchesBorder(
  candidate: Candidate,
  size: { width: number; height: number },
  marginPx: number,
): boolean {
  return (
    candidate.minX <= marginPx ||
    candidate.minY <= marginPx ||
    candidate.maxX >= size.width - 1 - marginPx ||
    candidate.maxY >= size.height - 1 - marginPx
  );
}

export function isFrontShaped(
  candidate: Candidate,
  parameters: NumbersOf<DetectionParameters, 'aspectMinShare'>,
): boolean {
  const width = candidate.maxX - candidate.minX;
  const height = candidate.maxY - candidate.minY;
  return Math.min(width, height) >= parameters.aspectMinShare * Math.max(width, height);
}

const similar = (a: number, b: number, tolerance: number) =>
  Math.abs(a - b) <= tolerance * Math.max(a, b);

/** Tiles: a group of many small regions all of one width and height. */
export function withoutTiles<C extends Candidate>(
  candidates: C[],
  picturePixels: number,
  parameters: NumbersOf<
    DetectionParameters,
    'tileAreaMaxShare' | 'sizeToleranceShare' | 'tileGroupMinCount'
  >,
): C[] {
  const small = (candidate: Candidate) =>
    candidate.area <= parameters.tileAreaMaxShare * picturePixels;
  const tolerance = parameters.sizeToleranceShare;
  return candidates.filter((candidate) => {
    if (!small(candidate)) return true;
    const alike = candidates.filter(
      (other) =>
        small(other) &&
        similar(other.maxX - other.minX, candidate.maxX - candidate.minX, tolerance) &&
        similar(other.maxY - other.minY, candidate.maxY - candidate.minY, tolerance),
    );
    return alike.length < parameters.tileGroupMinCount;
  });
}

/**
 * A candidate holding another one of a colour far from its own rim, and a fair share of its size,
 * is a frame round something that is no front: an oven's door round its glass, a window's frame
 * round its panes, an appliance's panel round its display. A shaker door holds its panel too,
 * but of the door's own finish.
 */
export function withoutFrames<C extends Candidate>(
  candidates: C[],
  parameters: NumbersOf<DetectionParameters, 'framedAreaMinShare' | 'rimDistanceMax'>,
): C[] {
  return candidates.filter(
    (frame) =>
      !candidates.some(
        (inner) =>
          inner !== frame &&
          inner.minX >= frame.minX &&
          inner.maxX <= frame.maxX &&
          inner.minY >= frame.minY &&
          inner.maxY <= frame.maxY &&
          inner.area >= parameters.framedAreaMinShare * frame.area &&
          inner.area <= 0.9 * frame.area &&
          labDistance(inner.lab, frame.rimLab) > parameters.rimDistanceMax,
      ),
  );
}

/** A candidate whose centre lies in a larger candidate is that one's panel or handle. */
export function withoutNested(candidates: Candidate[]): Candidate[] {
  const largestFirst = [...candidates].sort((a, b) => b.area - a.area);
  const kept: Candidate[] = [];
  for (const candidate of largestFirst) {
    const cx = (candidate.minX + candidate.maxX) / 2;
    const cy = (candidate.minY + candidate.maxY) / 2;
    const inside = kept.some(
      (outer) => cx > outer.minX && cx < outer.maxX && cy > outer.minY && cy < outer.maxY,
    );
    if (!inside) kept.push(candidate);
  }
  return kept;
}

export function withoutWindows<C extends Candidate>(
  candidates: C[],
  parameters: NumbersOf<DetectionParameters, 'windowMinGrey' | 'windowAboveFrontsGrey'>,
): C[] {
  if (!candidates.length) return candidates;
  const greys = candidates.map(({ grey }) => grey).sort((a, b) => a - b);
  const median = greys[greys.length >> 1];
  return candidates.filter(
    ({ grey }) =>
      grey < parameters.windowMinGrey || grey < median + parameters.windowAboveFrontsGrey,
  );
}

/**
 * Fronts share a finish (or two, a two-tone kitchen): candidates are grouped by colour, and a
 * group is kept when it is the largest, or when it has a few members, its area is a fair share
 * of the largest group's, and (with `secondFinishInRow` 1) two of them stand in a row, or the
 * stack they make stands in a row beside another candidate. A lone region of a colour of its own
 * is an appliance, and so is a full-height stack of two (a fridge-freezer) in line with no row; a
 * second finish of a real kitchen, or one finish split in two by the light, is in its rows.
 */
export function byFinish<C extends Candidate>(
  candidates: C[],
  parameters: NumbersOf<
    DetectionParameters,
    | 'finishDistanceMax'
    | 'finishAreaMinShare'
    | 'finishMembersMinCount'
    | 'secondFinishInRow'
    | 'rowAlignShare'
  >,
): C[] {
  const groups: { lab: readonly [number, number, number]; members: C[]; area: number }[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.area - a.area)) {
    const group = groups.find(
      ({ lab }) => labDistance(lab, candidate.lab) <= parameters.finishDistanceMax,
    );
    if (group) {
      group.members.push(candidate);
      group.area += candidate.area;
    } else groups.push({ lab: candidate.lab, members: [candidate], area: candidate.area });
  }
  const largest = Math.max(0, ...groups.map(({ area }) => area));
  return groups
    .filter(
      ({ area, members }) =>
        area === largest ||
        (area >= parameters.finishAreaMinShare * largest &&
          members.length >= parameters.finishMembersMinCount &&
          (!parameters.secondFinishInRow ||
            standsInRow(members, candidates, parameters.rowAlignShare))),
    )
    .flatMap(({ members }) => members);
}

type Box = Pick<Candidate, 'minX' | 'minY' | 'maxX' | 'maxY'>;

const apartInWidth = (a: Box, b: Box) =>
  Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX) <
  0.5 * Math.min(a.maxX - a.minX, b.maxX - b.minX);

/**
 * Whether two of the members stand side by side in a row, or the stack some of them make
 * (drawers) stands in a row beside another candidate of any finish: shared top and bottom lines.
 * A fridge-freezer's two doors are a stack as tall as no row.
 */
function standsInRow(members: Candidate[], candidates: Candidate[], tolerance: number): boolean {
  const side = (box: Box, others: Candidate[]) =>
    others.some(
      (other) => other !== box && inRow(box, other, tolerance) && apartInWidth(box, other),
    );
  if (members.some((member) => side(member, members))) return true;
  return members.some((member) => {
    const stack = members.filter((other) => inStack(member, other, tolerance));
    if (stack.length < 2) return false;
    const box: Box = {
      minX: Math.min(...stack.map(({ minX }) => minX)),
      minY: Math.min(...stack.map(({ minY }) => minY)),
      maxX: Math.max(...stack.map(({ maxX }) => maxX)),
      maxY: Math.max(...stack.map(({ maxY }) => maxY)),
    };
    return side(box, candidates);
  });
}

export function labDistance(
  a: readonly [number, number, number],
  b: readonly [number, number, number],
): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
