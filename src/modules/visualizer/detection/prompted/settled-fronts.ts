/**
 * The last stages of the model-prompted detectors, shared by the grid-prompted and the
 * box-prompted one: a region framing another colour (oven glass, window) left out, then the
 * edge-based detector's tiles, window panes, finishes and rows, and the four-cornered outlines.
 */
import type { FrontOutline } from '#src/modules/visualizer/rendering/front-outlines.js';
import type { Candidate } from '../detection-types.js';
import { toOutlines } from '../front-outlines.js';
import { byFinish, withoutTiles, withoutWindows } from '../not-fronts.js';
import { alignedFronts } from '../rows.js';
import { withoutFrames } from './framed-regions.js';
import type { MaskRegion } from './mask-region.js';
import type { PromptedParameters } from './prompted-parameters.js';
import { meanGrey, meanLab } from './region-colour.js';

export interface SettledFronts {
  /** The fronts not framing another colour. */
  unframed: MaskRegion[];
  /** Those left after tiles, window panes, finishes and rows. */
  aligned: Candidate[];
  outlines: FrontOutline[];
}

/** `fronts` judged against every region the decoder answered (`all`, the fronts among them). */
export function settledFronts(
  fronts: MaskRegion[],
  all: MaskRegion[],
  rgb: Uint8Array,
  frame: { width: number; height: number },
  parameters: PromptedParameters,
): SettledFronts {
  const colour = (region: MaskRegion) => ({ region, lab: meanLab(rgb, region.pixels) });
  const unframed = withoutFrames(fronts.map(colour), all.map(colour), parameters);
  const candidates = unframed.map(({ region, lab }) => asCandidate(region, lab, rgb));
  const untiled = withoutTiles(candidates, frame.width * frame.height, parameters);
  const aligned = alignedFronts(
    byFinish(withoutWindows(untiled, parameters), parameters),
    parameters,
  );
  return {
    unframed: unframed.map(({ region }) => region),
    aligned,
    outlines: toOutlines(aligned, frame, parameters.outlineGrowPx),
  };
}

function asCandidate(
  region: MaskRegion,
  lab: readonly [number, number, number],
  rgb: Uint8Array,
): Candidate {
  return {
    quad: region.quad,
    area: region.area,
    minX: region.minX,
    minY: region.minY,
    maxX: region.maxX,
    maxY: region.maxY,
    edgeShare: 0,
    grey: meanGrey(rgb, region.pixels),
    lab,
    rimLab: lab,
  };
}
