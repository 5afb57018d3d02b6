/**
 * Stage 3: what each candidate's interior reads (its margin left out, so its own rim and the
 * gaps round it do not count): the share of edge pixels, mean grey and mean colour; and the mean
 * colour of its rim (the margin, the edges' own pixels left out), which on a front is its finish
 * again, and on an oven or a window is a frame round glass of another colour.
 */
import type { DetectionParameters } from './detection-parameters.js';
import type { Candidate, EdgeMap, Quad, WorkingPicture } from './detection-types.js';
import { quadArea } from './quadrilaterals.js';

export function readCandidates(
  quads: Quad[],
  picture: WorkingPicture,
  edges: EdgeMap,
  parameters: DetectionParameters,
): Candidate[] {
  return quads.map((quad) => readInterior(quad, picture, edges, parameters.interiorMarginShare));
}

function readInterior(
  quad: Quad,
  picture: WorkingPicture,
  edges: EdgeMap,
  marginShare: number,
): Candidate {
  const xs = quad.map(([x]) => x);
  const ys = quad.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  // The box between the quad's inner corners, shrunk by the margin: inside the quad however
  // it leans.
  const left = Math.max(quad[0][0], quad[3][0]);
  const right = Math.min(quad[1][0], quad[2][0]);
  const top = Math.max(quad[0][1], quad[1][1]);
  const bottom = Math.min(quad[2][1], quad[3][1]);
  const margin = marginShare * Math.max(1, Math.min(right - left, bottom - top));
  const x0 = Math.max(0, Math.round(left + margin));
  const x1 = Math.min(picture.width - 1, Math.round(right - margin));
  const y0 = Math.max(0, Math.round(top + margin));
  const y1 = Math.min(picture.height - 1, Math.round(bottom - margin));
  let count = 0;
  let edgeCount = 0;
  let grey = 0;
  const lab = [0, 0, 0];
  const rim = [0, 0, 0, 0];
  const rx0 = Math.max(0, Math.round(left));
  const rx1 = Math.min(picture.width - 1, Math.round(right));
  const ry0 = Math.max(0, Math.round(top));
  const ry1 = Math.min(picture.height - 1, Math.round(bottom));
  for (let y = ry0; y <= ry1; y++) {
    for (let x = rx0; x <= rx1; x++) {
      const i = y * picture.width + x;
      if (x < x0 || x > x1 || y < y0 || y > y1) {
        if (edges.edges[i]) continue;
        rim[0]++;
        for (let c = 0; c < 3; c++) rim[c + 1] += picture.lab[i * 3 + c];
        continue;
      }
      count++;
      if (edges.edges[i]) edgeCount++;
      grey += picture.grey[i];
      for (let c = 0; c < 3; c++) lab[c] += picture.lab[i * 3 + c];
    }
  }
  const n = Math.max(1, count);
  const m = Math.max(1, rim[0]);
  return {
    quad,
    area: quadArea(quad),
    minX,
    minY,
    maxX,
    maxY,
    edgeShare: count ? edgeCount / n : 1,
    grey: grey / n,
    lab: [lab[0] / n, lab[1] / n, lab[2] / n],
    rimLab: rim[0] ? [rim[1] / m, rim[2] / m, rim[3] / m] : [lab[0] / n, lab[1] / n, lab[2] / n],
  };
}
