/**
 * Front detection on OpenCV, in stages each with its own module and tests:
 * working picture → edges and segments → candidate quadrilaterals → their interiors (these three
 * at several edge levels, one candidate kept per front) → panels grown to their doors → what is not a front left out → rows and runs → outlines. See docs/decisions (the OpenCV detector).
 */
import type { RgbImage } from '../rendering/cabinet-detector.js';
import type { FrontOutline } from '../rendering/front-outlines.js';
import { DETECTION_PARAMETERS, type DetectionParameters } from './detection-parameters.js';
import { allLevelsEdges, edgeLevels, oneOfEachFront } from './edge-levels.js';
import { toOutlines } from './front-outlines.js';
import { rejectNotFronts } from './not-fronts.js';
import { loadOpenCv } from './opencv.js';
import { grownPanels } from './panel-doors.js';
import { alignedFronts } from './rows.js';
import { workingPicture } from './working-picture.js';

export async function detectFrontOutlines(
  image: RgbImage,
  parameters: DetectionParameters = DETECTION_PARAMETERS,
): Promise<FrontOutline[]> {
  const cv = await loadOpenCv();
  const picture = workingPicture(cv, image, parameters);
  const levels = edgeLevels(cv, picture, parameters);
  const candidates = grownPanels(
    oneOfEachFront(
      levels.map((level) => level.candidates),
      parameters,
    ),
    allLevelsEdges(levels),
    picture,
    parameters,
  );
  const fronts = alignedFronts(rejectNotFronts(candidates, picture, parameters), parameters);
  return toOutlines(fronts, picture, parameters.outlineGrowPx);
}
