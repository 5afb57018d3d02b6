/**
 * Between pooling and the not-front tests: a shaker door found as its panel only is grown to its
 * frame. Where the ring between a door's gap and its panel's bevel leaks into the next door's
 * ring, no level closes the door, but the panel is closed. Its frame's outer line (the door's
 * gap) then runs parallel to each of the panel's sides a frame's width out, and a shaker frame's
 * stiles and rails are of like widths. A candidate with such a line on all four sides, the band
 * out to it (read along its middle) of the panel's own finish, is answered by the door that line closes.
 */
import type { DetectionParameters } from './detection-parameters.js';
import type {
  Candidate,
  Corner,
  EdgeMap,
  NumbersOf,
  Quad,
  WorkingPicture,
} from './detection-types.js';
import { readCandidates } from './interior.js';
import { labDistance } from './not-fronts.js';

type PanelParameters = NumbersOf<
  DetectionParameters,
  | 'frameMinShare'
  | 'frameMaxShare'
  | 'frameLineMinShare'
  | 'frameWidthsMaxRatio'
  | 'rimDistanceMax'
  | 'frontAreaMaxShare'
>;

export function grownPanels(
  candidates: Candidate[],
  edges: EdgeMap,
  picture: WorkingPicture,
  parameters: DetectionParameters,
): Candidate[] {
  return candidates.map((candidate) => {
    const door = frameAround(candidate.quad, edges, parameters);
    if (!door) return candidate;
    const [grown] = readCandidates([door], picture, edges, parameters);
    const fits =
      grown.area <= parameters.frontAreaMaxShare * picture.width * picture.height &&
      labDistance(bandLab(candidate.quad, door, picture), candidate.lab) <=
        parameters.rimDistanceMax;
    return fits ? grown : candidate;
  });
}

/**
 * Mean Lab of the band between a quad and the one grown round it, read along the middle of each
 * side's band: a shaker frame is of its panel's finish, a gap round a flat front is not.
 */
function bandLab(
  inner: Quad,
  outer: Quad,
  picture: WorkingPicture,
): readonly [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let k = 0; k < 4; k++) {
    const [a, b] = [inner[k], inner[(k + 1) % 4]];
    const [c, d] = [outer[k], outer[(k + 1) % 4]];
    const steps = Math.max(1, Math.round(length(a, b)));
    for (let step = 1; step < steps; step++) {
      const t = step / steps;
      const x = Math.round((a[0] + (b[0] - a[0]) * t + c[0] + (d[0] - c[0]) * t) / 2);
      const y = Math.round((a[1] + (b[1] - a[1]) * t + c[1] + (d[1] - c[1]) * t) / 2);
      if (x < 0 || y < 0 || x >= picture.width || y >= picture.height) continue;
      const i = (y * picture.width + x) * 3;
      for (let channel = 0; channel < 3; channel++) sum[channel] += picture.lab[i + channel];
      count++;
    }
  }
  const n = Math.max(1, count);
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** The quad closed by a line parallel to each side a frame's width out, or null. */
export function frameAround(quad: Quad, edges: EdgeMap, parameters: PanelParameters): Quad | null {
  const shorter = Math.min(...[0, 1, 2, 3].map((k) => length(quad[k], quad[(k + 1) % 4])));
  const minPx = Math.max(4, Math.round(parameters.frameMinShare * shorter));
  const maxPx = Math.round(parameters.frameMaxShare * shorter);
  const widths: number[] = [];
  for (let k = 0; k < 4; k++) {
    const width = lineOut(quad[k], quad[(k + 1) % 4], edges, minPx, maxPx, parameters);
    if (width === null) return null;
    widths.push(width);
  }
  if (Math.max(...widths) > parameters.frameWidthsMaxRatio * Math.min(...widths)) return null;
  const normals = [0, 1, 2, 3].map((k) => outward(quad[k], quad[(k + 1) % 4]));
  return quad.map(([x, y], k) => {
    const before = (k + 3) % 4;
    return [
      x + normals[before][0] * widths[before] + normals[k][0] * widths[k],
      y + normals[before][1] * widths[before] + normals[k][1] * widths[k],
    ] as Corner;
  }) as unknown as Quad;
}

const length = (a: Corner, b: Corner) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** The unit normal pointing out of a clockwise quad (y down) on the side from a to b. */
function outward(a: Corner, b: Corner): Corner {
  const size = Math.max(1e-9, length(a, b));
  return [(b[1] - a[1]) / size, -(b[0] - a[0]) / size];
}

/**
 * The first distance out from the side a→b, between minPx and maxPx, at which an edge runs along
 * at least `frameLineMinShare` of the side (an edge pixel within a pixel of each point), or null.
 */
function lineOut(
  a: Corner,
  b: Corner,
  edges: EdgeMap,
  minPx: number,
  maxPx: number,
  parameters: Pick<PanelParameters, 'frameLineMinShare'>,
): number | null {
  const [nx, ny] = outward(a, b);
  const steps = Math.max(1, Math.round(length(a, b)));
  const edgeAt = (x: number, y: number) => {
    const [px, py] = [Math.round(x), Math.round(y)];
    return px >= 0 && py >= 0 && px < edges.width && py < edges.height
      ? edges.edges[py * edges.width + px] > 0
      : false;
  };
  for (let distance = minPx; distance <= maxPx; distance++) {
    let hits = 0;
    for (let step = 0; step <= steps; step++) {
      const x = a[0] + ((b[0] - a[0]) * step) / steps + nx * distance;
      const y = a[1] + ((b[1] - a[1]) * step) / steps + ny * distance;
      if (edgeAt(x, y) || edgeAt(x + nx, y + ny) || edgeAt(x - nx, y - ny)) hits++;
    }
    if (hits >= parameters.frameLineMinShare * (steps + 1)) return distance;
  }
  return null;
}
