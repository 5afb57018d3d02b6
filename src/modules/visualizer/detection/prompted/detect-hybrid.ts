/**
 * Front detection by the OpenCV pipeline's candidates asked of the segmentation model
 * (`VISUALIZER_DETECTOR=hybrid`, docs/decisions, the box-prompted detector): the photo encoded
 * once; each candidate quadrilateral, before the edge-based detector's strict tests, asked as a
 * box with its centre as a point on the front (candidate-boxes.ts, boxed-masks.ts); the answers
 * that are front-like kept, then the stages the grid-prompted detector shares (settled-fronts.ts).
 */
import type { RgbImage } from '#src/modules/visualizer/rendering/cabinet-detector.js';
import type { FrontOutline } from '#src/modules/visualizer/rendering/front-outlines.js';
import { DETECTION_PARAMETERS, type DetectionParameters } from '../detection-parameters.js';
import { loadOpenCv } from '../opencv.js';
import { boxedRegions } from './boxed-masks.js';
import { candidateBoxes } from './candidate-boxes.js';
import {
  boxDecoder,
  encodedPhoto,
  type EncodedPhoto,
  type PromptedStages,
} from './detect-prompted.js';
import { frontRegions, isFrontLike, runsOut } from './front-regions.js';
import type { MaskRegion } from './mask-region.js';
import { PROMPTED_PARAMETERS, type PromptedParameters } from './prompted-parameters.js';
import { settledFronts } from './settled-fronts.js';

export async function detectHybridOutlines(
  image: RgbImage,
  parameters: PromptedParameters = PROMPTED_PARAMETERS,
): Promise<FrontOutline[]> {
  return (await hybridStages(await encodedPhoto(image), parameters)).outlines;
}

/** The stages' answers (as the grid-prompted detector's), and the decoder runs made. */
export interface HybridStages extends PromptedStages {
  boxRuns: number;
}

export async function hybridStages(
  { frame, rgb, decode }: EncodedPhoto,
  parameters: PromptedParameters = PROMPTED_PARAMETERS,
  detection: DetectionParameters = DETECTION_PARAMETERS,
): Promise<HybridStages> {
  const cv = await loadOpenCv();
  const boxes = candidateBoxes(cv, { ...frame, data: rgb }, detection, parameters);
  // Wall, ceiling and floor settle as fronts do; a whole run of units inside the picture does
  // not, so the candidates inside it are still asked.
  const settles = (region: MaskRegion) =>
    isFrontLike(region, frame, parameters) || runsOut(region, frame, parameters.borderMarginPx);
  const boxed = await boxedRegions(
    boxDecoder(decode, frame, parameters),
    boxes,
    frame,
    parameters.maxBoxPromptsCount,
    settles,
  );
  const { regions } = boxed;
  const fronts = frontRegions(regions, frame, parameters);
  return {
    regions,
    fronts,
    grown: fronts,
    ...settledFronts(fronts, regions, rgb, frame, parameters),
    boxRuns: boxed.runs,
  };
}
