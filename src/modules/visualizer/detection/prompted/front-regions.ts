/**
 * Stage 4: which of the model's regions are fronts. A front is a confident, stable region of a
 * front's size that fills its four corners and does not run out of the picture (walls, ceiling,
 * floor and worktop do); of two regions that are one front the more confident stays, and a
 * region inside a larger front is its panel or handle.
 */
import type { MaskRegion } from './mask-region.js';
import type { PromptedParameters } from './prompted-parameters.js';

export function frontRegions(
  regions: MaskRegion[],
  size: { width: number; height: number },
  parameters: PromptedParameters,
): MaskRegion[] {
  return distinct(
    regions.filter((region) => isFrontLike(region, size, parameters)),
    parameters,
  );
}

export function isFrontLike(
  region: MaskRegion,
  size: { width: number; height: number },
  parameters: PromptedParameters,
): boolean {
  return notFrontLikeBecause(region, size, parameters) === null;
}

/** The first test a region fails to be a front (null when it passes them all). */
export function notFrontLikeBecause(
  region: MaskRegion,
  size: { width: number; height: number },
  parameters: PromptedParameters,
): NotFrontLike | null {
  const framePixels = size.width * size.height;
  if (region.predictedIou < parameters.predictedIouMinShare) return 'unsure';
  if (region.stability < parameters.stabilityMinShare) return 'unstable';
  if (region.area < parameters.frontAreaMinShare * framePixels) return 'too small';
  if (region.area > parameters.frontAreaMaxShare * framePixels) return 'too large';
  if (region.maxX - region.minX > parameters.frontWidthMaxShare * size.width) return 'too wide';
  if (region.fill < parameters.quadFillMinShare || region.fill > parameters.quadFillMaxShare) {
    return 'not four-cornered';
  }
  if (!isFrontShaped(region, parameters.aspectMinShare)) return 'a strip';
  if (runsOut(region, size, parameters.borderMarginPx)) return 'runs out';
  return null;
}

export type NotFrontLike =
  | 'unsure'
  | 'unstable'
  | 'too small'
  | 'too large'
  | 'too wide'
  | 'not four-cornered'
  | 'a strip'
  | 'runs out';

function isFrontShaped(region: MaskRegion, aspectMinShare: number): boolean {
  const width = region.maxX - region.minX;
  const height = region.maxY - region.minY;
  return Math.min(width, height) >= aspectMinShare * Math.max(width, height);
}

export function runsOut(
  region: MaskRegion,
  size: { width: number; height: number },
  marginPx: number,
): boolean {
  return (
    region.minX <= marginPx ||
    region.minY <= marginPx ||
    region.maxX >= size.width - marginPx ||
    region.maxY >= size.height - marginPx
  );
}

/** Largest first; a region mostly inside, or the same as, one already kept is left out. */
export function distinct(
  regions: MaskRegion[],
  parameters: Pick<PromptedParameters, 'duplicateIouShare' | 'containedShare'>,
): MaskRegion[] {
  const kept: MaskRegion[] = [];
  for (const region of [...regions].sort((a, b) => b.area - a.area)) {
    const repeats = kept.some((other) => {
      const shared = overlap(region, other);
      const union = region.area + other.area - shared;
      return (
        shared >= parameters.containedShare * region.area ||
        shared >= parameters.duplicateIouShare * union
      );
    });
    if (!repeats) kept.push(region);
  }
  return kept;
}

/** Pixels two regions share: both pixel lists are sorted, so one merge pass counts them. */
export function overlap(a: MaskRegion, b: MaskRegion): number {
  if (a.maxX <= b.minX || b.maxX <= a.minX || a.maxY <= b.minY || b.maxY <= a.minY) return 0;
  let shared = 0;
  for (let i = 0, j = 0; i < a.pixels.length && j < b.pixels.length;) {
    if (a.pixels[i] === b.pixels[j]) {
      shared++;
      i++;
      j++;
    } else if (a.pixels[i] < b.pixels[j]) i++;
    else j++;
  }
  return shared;
}
