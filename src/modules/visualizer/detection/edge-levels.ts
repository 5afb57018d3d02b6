/**
 * Edges at more than one level, and one candidate kept for each front. No one setting of the
 * edge stage suits every front: the settings that close a white door's faint gap also draw a
 * wood grain's streaks and cut the door up, and those that smooth the grain away let faint gaps
 * leak. So the edge and quadrilateral stages run once per level (`edgeLevels`, each a change to
 * the parameters), and their candidates are pooled:
 *  - the same front found at several levels is kept once (the cleanest interior);
 *  - a candidate that two or more front-shaped candidates of other levels fill side by side is
 *    two fronts run together where one level missed their gap, and is left out.
 */
import type { DetectionParameters } from './detection-parameters.js';
import type { Candidate, EdgeMap, Quad, WorkingPicture } from './detection-types.js';
import { findEdges } from './edges.js';
import { readCandidates } from './interior.js';
import type { OpenCv } from './opencv.js';
import { candidateQuads } from './quadrilaterals.js';

export interface EdgeLevel {
  edges: EdgeMap;
  quads: Quad[];
  candidates: Candidate[];
}

export function edgeLevels(
  cv: OpenCv,
  picture: WorkingPicture,
  parameters: DetectionParameters,
): EdgeLevel[] {
  return parameters.edgeLevels.map((change) => {
    const level = { ...parameters, ...change };
    const edges = findEdges(cv, picture, level);
    const quads = candidateQuads(cv, edges, level);
    return { edges, quads, candidates: readCandidates(quads, picture, edges, level) };
  });
}

type Box = Pick<Candidate, 'minX' | 'minY' | 'maxX' | 'maxY'>;

const boxArea = (box: Box) => Math.max(0, box.maxX - box.minX) * Math.max(0, box.maxY - box.minY);

function overlap(a: Box, b: Box): number {
  return boxArea({
    minX: Math.max(a.minX, b.minX),
    minY: Math.max(a.minY, b.minY),
    maxX: Math.min(a.maxX, b.maxX),
    maxY: Math.min(a.maxY, b.maxY),
  });
}

export const boxIou = (a: Box, b: Box) => {
  const common = overlap(a, b);
  return common / Math.max(1, boxArea(a) + boxArea(b) - common);
};

/** One candidate for each front of the pooled levels' candidates. */
export function oneOfEachFront<C extends Candidate>(
  levels: C[][],
  parameters: Pick<DetectionParameters, 'sameFrontMinIou' | 'splitPartMinShare' | 'aspectMinShare'>,
): C[] {
  const pooled = levels.flatMap((candidates, level) =>
    candidates.map((candidate) => ({ candidate, level })),
  );
  const unsplit = pooled.filter(({ candidate, level }) => {
    const parts = pooled.filter(
      (other) =>
        other.level !== level &&
        other.candidate.area <= 0.8 * candidate.area &&
        other.candidate.area >= parameters.splitPartMinShare * candidate.area &&
        overlap(other.candidate, candidate) >= 0.9 * boxArea(other.candidate) &&
        frontShaped(other.candidate, 2 * parameters.aspectMinShare),
    );
    return !sideBySide(parts.map(({ candidate: part }) => part));
  });
  const kept: C[] = [];
  for (const { candidate } of unsplit.sort(
    (a, b) => a.candidate.edgeShare - b.candidate.edgeShare,
  )) {
    if (!kept.some((other) => boxIou(other, candidate) >= parameters.sameFrontMinIou)) {
      kept.push(candidate);
    }
  }
  return kept;
}

function frontShaped(box: Box, minShare: number): boolean {
  const width = box.maxX - box.minX;
  const height = box.maxY - box.minY;
  return Math.min(width, height) >= minShare * Math.max(width, height);
}

/** Two of the parts that barely overlap: the larger region holds two fronts. */
function sideBySide(parts: Box[]): boolean {
  return parts.some((a, i) =>
    parts.some((b, j) => j > i && overlap(a, b) <= 0.1 * Math.min(boxArea(a), boxArea(b))),
  );
}

/** The edges of every level in one map: an edge at any level is an edge. */
export function allLevelsEdges(levels: EdgeLevel[]): EdgeMap {
  const [{ edges: first }] = levels;
  const edges = new Uint8Array(first.edges.length);
  for (const level of levels) {
    const data = level.edges.edges;
    for (let i = 0; i < data.length; i++) if (data[i]) edges[i] = 255;
  }
  return {
    width: first.width,
    height: first.height,
    edges,
    segments: levels.flatMap((level) => level.edges.segments),
  };
}
