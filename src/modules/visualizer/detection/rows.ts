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
  const near = (a: number, b: number, size: number) => Math.abs(a - b) <= tolerance * size;
  const inRow = (a: C, b: C) => {
    const size = Math.min(a.maxY - a.minY, b.maxY - b.minY);
    return near(a.minY, b.minY, size) && near(a.maxY, b.maxY, size);
  };
  const inStack = (a: C, b: C) => {
    const size = Math.min(a.maxX - a.minX, b.maxX - b.minX);
    return near(a.minX, b.minX, size) && near(a.maxX, b.maxX, size);
  };
  const aligned = candidates.filter((candidate) =>
    candidates.some(
      (other) => other !== candidate && (inRow(candidate, other) || inStack(candidate, other)),
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
