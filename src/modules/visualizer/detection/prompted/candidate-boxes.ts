/**
 * Stage 1 of the box-prompted (`hybrid`) detector: where to ask the model. The OpenCV pipeline's
 * candidate quadrilaterals (detect-fronts.ts) taken before its strict "is a front" tests, for
 * recall: the model's answer and the later stages give the precision. Only what no answer can
 * make a front is left out (thin strips, what runs out of the picture, tiles); near-duplicates are
 * one box. Ranked: those the strict tests keep first, then the rest, each larger first, so a door
 * is asked before its panel and its answer settles the panel's place (boxed-masks.ts).
 */
import type { RgbImage } from '#src/modules/visualizer/rendering/cabinet-detector.js';
import type { DetectionParameters } from '../detection-parameters.js';
import type { Candidate } from '../detection-types.js';
import { boxIou, edgeLevels, oneOfEachFront } from '../edge-levels.js';
import { isFrontShaped, rejectNotFronts, touchesBorder, withoutTiles } from '../not-fronts.js';
import type { OpenCv } from '../opencv.js';
import { workingPicture } from '../working-picture.js';

/** A box prompt, frame pixels: [x0, y0, x1, y1]. */
export type BoxPrompt = readonly [number, number, number, number];

export interface BoxLimits {
  /**
   * A box is pushed out by this share of its width and height each side: the candidate lies
   * inside its gap, and a shaker door's candidate may be its panel, the door round it.
   */
  boxMarginShare: number;
  /** Two candidates whose boxes overlap this much (IoU) are one box, the first in rank kept. */
  sameBoxMinIou: number;
}

/** The candidate boxes of a frame (the photo as the model sees it), best first. */
export function candidateBoxes(
  cv: OpenCv,
  frame: RgbImage,
  detection: DetectionParameters,
  limits: BoxLimits,
): BoxPrompt[] {
  const picture = workingPicture(cv, frame, detection);
  const pooled = oneOfEachFront(
    edgeLevels(cv, picture, detection).map((level) => level.candidates),
    detection,
  );
  const scale = frame.width / picture.width;
  return rankedCandidates(pooled, picture, detection, limits).map(({ minX, minY, maxX, maxY }) => {
    const dx = limits.boxMarginShare * (maxX - minX);
    const dy = limits.boxMarginShare * (maxY - minY);
    return [
      Math.max(0, (minX - dx) * scale),
      Math.max(0, (minY - dy) * scale),
      Math.min(frame.width, (maxX + dx) * scale),
      Math.min(frame.height, (maxY + dy) * scale),
    ];
  });
}

/** The candidates worth a decoder run, in the order to ask them (working pixels). */
export function rankedCandidates<C extends Candidate>(
  candidates: C[],
  size: { width: number; height: number },
  detection: DetectionParameters,
  limits: Pick<BoxLimits, 'sameBoxMinIou'>,
): C[] {
  const possible = withoutTiles(
    candidates.filter(
      (candidate) =>
        isFrontShaped(candidate, detection) &&
        !touchesBorder(candidate, size, detection.borderMarginPx),
    ),
    size.width * size.height,
    detection,
  );
  const strict = new Set(rejectNotFronts(possible, size, detection));
  const largerFirst = (a: C, b: C) => b.area - a.area;
  const ranked = [
    ...possible.filter((candidate) => strict.has(candidate)).sort(largerFirst),
    ...possible.filter((candidate) => !strict.has(candidate)).sort(largerFirst),
  ];
  const kept: C[] = [];
  for (const candidate of ranked) {
    if (!kept.some((other) => boxIou(other, candidate) >= limits.sameBoxMinIou)) {
      kept.push(candidate);
    }
  }
  return kept;
}
