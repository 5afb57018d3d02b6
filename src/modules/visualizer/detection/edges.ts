/**
 * Stage 1: edges and straight segments. Canny finds the edges; the long level and upright
 * segments HoughLinesP finds among them are drawn back in, so a gap that fades for a few pixels
 * (a white door on a white wall, a shadow across it) still closes its region.
 */
import type { DetectionParameters } from './detection-parameters.js';
import type { EdgeMap, Segment, WorkingPicture } from './detection-types.js';
import { withMats, type OpenCv } from './opencv.js';

export function findEdges(
  cv: OpenCv,
  picture: WorkingPicture,
  parameters: DetectionParameters,
): EdgeMap {
  const { width, height } = picture;
  return withMats((keep) => {
    const grey = keep(new cv.Mat(height, width, cv.CV_8UC1));
    grey.data.set(picture.grey);
    const blurred = keep(new cv.Mat());
    const kernel = parameters.blurKernelPx;
    cv.GaussianBlur(grey, blurred, new cv.Size(kernel, kernel), 0);
    const edges = keep(new cv.Mat());
    cv.Canny(blurred, edges, parameters.cannyLow, parameters.cannyHigh, 3, true);
    if (parameters.edgeMinLengthPx > 0)
      withoutShortFragments(cv, edges, parameters.edgeMinLengthPx);
    const lines = keep(new cv.Mat());
    cv.HoughLinesP(
      edges,
      lines,
      1,
      Math.PI / 180,
      parameters.houghVotesCount,
      parameters.houghMinLengthPx,
      parameters.houghMaxGapPx,
    );
    const segments = straightSegments(lines.data32S, parameters.segmentSlantMaxDeg);
    const white = new cv.Scalar(255);
    for (const { x1, y1, x2, y2 } of segments) {
      cv.line(edges, new cv.Point(x1, y1), new cv.Point(x2, y2), white, 1);
    }
    const radius = parameters.edgeDilationPx;
    if (radius > 0) {
      const element = keep(
        cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * radius + 1, 2 * radius + 1)),
      );
      cv.dilate(edges, edges, element);
    }
    return { width, height, edges: Uint8Array.from(edges.data), segments };
  });
}

/**
 * Edge fragments shorter than `minLengthPx` (the longer side of their box) are left out: grain,
 * sensor noise and JPEG blocks give many short ones, a front's gap one long line.
 */
export function withoutShortFragments(
  cv: OpenCv,
  edges: InstanceType<OpenCv['Mat']>,
  minLengthPx: number,
): void {
  withMats((keep) => {
    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(edges, labels, stats, centroids, 8, cv.CV_32S);
    const box = stats.data32S;
    const short = new Uint8Array(count);
    for (let label = 1; label < count; label++) {
      const width = box[label * 5 + cv.CC_STAT_WIDTH];
      const height = box[label * 5 + cv.CC_STAT_HEIGHT];
      short[label] = Math.max(width, height) < minLengthPx ? 1 : 0;
    }
    const data = edges.data;
    const labelled = labels.data32S;
    for (let i = 0; i < data.length; i++) if (short[labelled[i]]) data[i] = 0;
  });
}

/** HoughLinesP's rows (x1, y1, x2, y2), keeping those near level or upright. */
export function straightSegments(rows: Int32Array, slantMaxDeg: number): Segment[] {
  const segments: Segment[] = [];
  const tolerance = Math.tan((slantMaxDeg * Math.PI) / 180);
  for (let i = 0; i + 3 < rows.length; i += 4) {
    const [x1, y1, x2, y2] = [rows[i], rows[i + 1], rows[i + 2], rows[i + 3]];
    const dx = Math.abs(x2 - x1);
    const dy = Math.abs(y2 - y1);
    if (dy <= dx * tolerance || dx <= dy * tolerance) segments.push({ x1, y1, x2, y2 });
  }
  return segments;
}
