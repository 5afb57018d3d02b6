/**
 * Stage 5: rows and runs. Fronts stand in rows (shared top and bottom lines) or in stacks
 * (drawers: shared left and right sides); a candidate that lines up with no other one is kept
 * only when it is as tall as a row of the others (a tall unit, a lone wall unit beside a window).
 */
import type { DetectionParameters } from './detection-parameters.js';
import type { Candidate, NumbersOf } from './detection-types.js';

export function alignedFronts<C extends Candidate>(
  candidates: C[],
  parameters: NumbersOf<DetectionParameters, 'rowAlignShare'>,
): C[] {
  const tolerance = parameters.rowAlignShare;
  const aligned = candidates.filter((candidate) =>
    candidates.some(
      (other) =>
        other !== candidate &&
        (inRow(candidate, other, tolerance) || inStack(candidate, other, tolerance)),
    ),
  );
  if (!aligned.length) return candidates;
  const heights = aligned.map(({ minY, maxY }) => maxY - minY);
  const rowHeight = Math.max(...heights);
  return candidates.filter(
    (candidate) =>
      aligned.includes(candidate) || candidate.maxY - candidate.minY >= rowHeight * (1 - tolerance),
  );
}

type Box = Pick<Candidate, 'minX' | 'minY' | 'maxX' | 'maxY'>;

const near = (a: number, b: number, size: number, tolerance: number) =>
  Math.abs(a - b) <= tolerance * size;

/** Two fronts of one row: tops and bottoms within `tolerance` of the shorter one's height. */
export function inRow(a: Box, b: Box, tolerance: number): boolean {
  const size = Math.min(a.maxY - a.minY, b.maxY - b.minY);
  return near(a.minY, b.minY, size, tolerance) && near(a.maxY, b.maxY, size, tolerance);
}

/** Two fronts of one stack (drawers): left and right sides within `tolerance` of a width. */
export function inStack(a: Box, b: Box, tolerance: number): boolean {
  const size = Math.min(a.maxX - a.minX, b.maxX - b.minX);
  return near(a.minX, b.minX, size, tolerance) && near(a.maxX, b.maxX, size, tolerance);
}
