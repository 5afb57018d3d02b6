/**
 * Frames round something of another colour are no fronts: an oven's door round its glass, a
 * window round the view. A region holding a region of another colour that fills a fair share of
 * it is left out; a shaker door's panel is of the door's own colour and keeps it.
 */
import { labDistance } from '../not-fronts.js';
import { overlap } from './front-regions.js';
import type { MaskRegion } from './mask-region.js';

export interface Coloured {
  region: MaskRegion;
  lab: readonly [number, number, number];
}

export function withoutFrames<C extends Coloured>(
  fronts: C[],
  all: Coloured[],
  limits: { framedAreaMinShare: number; framedDistanceMin: number },
): C[] {
  return fronts.filter(
    (front) =>
      !all.some(
        (inner) =>
          inner.region !== front.region &&
          inner.region.area < front.region.area &&
          inner.region.area >= limits.framedAreaMinShare * front.region.area &&
          labDistance(inner.lab, front.lab) >= limits.framedDistanceMin &&
          overlap(inner.region, front.region) >= 0.8 * inner.region.area,
      ),
  );
}
