/** Stage 0: the photo scaled to the working width, as contrast-stretched grey and as Lab. */
import type { RgbImage } from '../rendering/cabinet-detector.js';
import type { DetectionParameters } from './detection-parameters.js';
import type { WorkingPicture } from './detection-types.js';
import { withMats, type OpenCv } from './opencv.js';

export function workingPicture(
  cv: OpenCv,
  image: RgbImage,
  parameters: DetectionParameters,
): WorkingPicture {
  const scale = Math.max(1, image.width / parameters.workingWidthPx);
  const width = Math.round(image.width / scale);
  const height = Math.round(image.height / scale);
  return withMats((keep) => {
    const rgb = keep(new cv.Mat(image.height, image.width, cv.CV_8UC3));
    rgb.data.set(image.data);
    const small = keep(new cv.Mat());
    cv.resize(rgb, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
    const grey = keep(new cv.Mat());
    cv.cvtColor(small, grey, cv.COLOR_RGB2GRAY);
    const clahe = keep(
      new cv.CLAHE(
        parameters.claheClipLimit,
        new cv.Size(parameters.claheTilesCount, parameters.claheTilesCount),
      ),
    );
    const stretched = keep(new cv.Mat());
    clahe.apply(grey, stretched);
    const lab = keep(new cv.Mat());
    cv.cvtColor(small, lab, cv.COLOR_RGB2Lab);
    return {
      width,
      height,
      scale: image.width / width,
      grey: Uint8Array.from(stretched.data),
      lab: Uint8Array.from(lab.data),
    };
  });
}
