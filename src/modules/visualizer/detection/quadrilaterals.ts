/**
 * Stage 2: candidate quadrilaterals. Every region the edges close (findContours on what is not
 * an edge) whose outer contour fits four corners closely is a candidate; its holes (a shaker
 * door's panel, a handle) do not count against it, as its outer contour alone is fitted.
 */
import type { DetectionParameters } from './detection-parameters.js';
import type { Corner, EdgeMap, Quad } from './detection-types.js';
import { withMats, type OpenCv } from './opencv.js';

/** The tolerance is raised up to this share of the perimeter until four corners are left. */
const MAX_TOLERANCE_SHARE = 0.1;

export function candidateQuads(
  cv: OpenCv,
  edges: EdgeMap,
  parameters: DetectionParameters,
): Quad[] {
  const { width, height } = edges;
  const minArea = parameters.frontAreaMinShare * width * height;
  const maxArea = parameters.frontAreaMaxShare * width * height;
  return withMats((keep) => {
    const open = keep(new cv.Mat(height, width, cv.CV_8UC1));
    const data = open.data;
    for (let i = 0; i < data.length; i++) data[i] = edges.edges[i] ? 0 : 255;
    const contours = keep(new cv.MatVector());
    const hierarchy = keep(new cv.Mat());
    cv.findContours(open, contours, hierarchy, cv.RETR_CCOMP, cv.CHAIN_APPROX_SIMPLE);
    const quads: Quad[] = [];
    for (let i = 0; i < contours.size(); i++) {
      // Second level of RETR_CCOMP: a hole's boundary, not a region's.
      if (hierarchy.data32S[i * 4 + 3] !== -1) continue;
      const contour = keep(contours.get(i));
      const area = cv.contourArea(contour);
      if (area < minArea || area > maxArea) continue;
      const quad = fitQuad(cv, contour, keep, parameters.polygonToleranceShare);
      if (quad && area >= parameters.quadFillMinShare * quadArea(quad)) quads.push(quad);
    }
    return quads;
  });
}

function fitQuad(
  cv: OpenCv,
  contour: InstanceType<OpenCv['Mat']>,
  keep: <M extends { delete(): void }>(mat: M) => M,
  toleranceShare: number,
): Quad | null {
  const hull = keep(new cv.Mat());
  cv.convexHull(contour, hull, false, true);
  const perimeter = cv.arcLength(hull, true);
  for (let share = toleranceShare; share <= MAX_TOLERANCE_SHARE; share *= 1.5) {
    const polygon = keep(new cv.Mat());
    cv.approxPolyDP(hull, polygon, share * perimeter, true);
    if (polygon.rows === 4) {
      const points = polygon.data32S;
      return clockwiseFromTopLeft([
        [points[0], points[1]],
        [points[2], points[3]],
        [points[4], points[5]],
        [points[6], points[7]],
      ]);
    }
    if (polygon.rows < 4) return null;
  }
  return null;
}

/** The corners ordered clockwise (y down) from the one nearest the top left. */
export function clockwiseFromTopLeft(corners: Corner[]): Quad {
  const cx = corners.reduce((sum, [x]) => sum + x, 0) / corners.length;
  const cy = corners.reduce((sum, [, y]) => sum + y, 0) / corners.length;
  const sorted = [...corners].sort(
    (a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx),
  );
  let first = 0;
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i][0] + sorted[i][1] < sorted[first][0] + sorted[first][1]) first = i;
  }
  const ordered = [0, 1, 2, 3].map((k) => sorted[(first + k) % 4]);
  return [ordered[0], ordered[1], ordered[2], ordered[3]];
}

/** Shoelace area of a quadrilateral. */
export function quadArea(quad: Quad): number {
  let twice = 0;
  for (let i = 0; i < 4; i++) {
    const [x1, y1] = quad[i];
    const [x2, y2] = quad[(i + 1) % 4];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}
