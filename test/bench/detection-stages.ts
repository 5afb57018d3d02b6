/**
 * `--stages` of the quality bench: where the OpenCV detector loses each true front. Every front
 * of a kitchen's truth mask (a 4-connected region of it, scaled to the working picture) is
 * followed through the stages, and counted at the first one that loses it:
 *  - edges: under 80 % of its outline has an edge (of any level) within 2 working pixels;
 *  - quads: no candidate quadrilateral matches it (IoU >= 0.5), told apart by the region the edges
 *    leave round its middle: leaked (the edges do not close it: the region is over 1.5 times the
 *    front), cut up (lines inside it: under half of it), or the region's shape and size refused;
 *  - pooling the edge levels (edge-levels.ts: a front kept once, two run together left out);
 *  - panels grown to their doors (panel-doors.ts: a front lost when its candidate is grown past it);
 *  - each test of not-fronts.ts by name, then rows.ts;
 * and what the detector answers that matches no front (spill) is counted too. Only the tuning set
 * and the site photos are looked at this way, never the held-out set.
 */
import {
  DETECTION_PARAMETERS,
  type DetectionParameters,
} from '#src/modules/visualizer/detection/detection-parameters.js';
import type { Candidate, Quad } from '#src/modules/visualizer/detection/detection-types.js';
import {
  allLevelsEdges,
  edgeLevels,
  oneOfEachFront,
} from '#src/modules/visualizer/detection/edge-levels.js';
import { NOT_FRONT_STEPS } from '#src/modules/visualizer/detection/not-fronts.js';
import { loadOpenCv } from '#src/modules/visualizer/detection/opencv.js';
import { grownPanels } from '#src/modules/visualizer/detection/panel-doors.js';
import { alignedFronts } from '#src/modules/visualizer/detection/rows.js';
import { workingPicture } from '#src/modules/visualizer/detection/working-picture.js';
import { openPhoto, readForAnalysis } from '#src/modules/visualizer/rendering/decode-image.js';

export interface StagesKitchen {
  name: string;
  load(): Promise<{ image: Buffer; truth: Uint8Array; width: number; height: number }>;
}

/** Truth regions smaller than this share of the picture are specks (a handle's rim), no front. */
const MIN_FRONT_SHARE = 0.0005;
const MATCH_IOU = 0.5;
const EDGED_SHARE = 0.8;
const EDGE_REACH_PX = 2;

/** Labels of 4-connected regions where `inside` holds, 0 elsewhere; and each label's size. */
function labelRegions(inside: (i: number) => boolean, width: number, height: number) {
  const labels = new Int32Array(width * height);
  const sizes = [0];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] || !inside(start)) continue;
    const label = sizes.length;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top) {
      const i = stack[--top];
      size++;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j >= 0 && j < labels.length && !labels[j] && inside(j)) {
          labels[j] = label;
          stack[top++] = j;
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

function insideQuad(quad: Quad, x: number, y: number): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const [x1, y1] = quad[k];
    const [x2, y2] = quad[(k + 1) % 4];
    const cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** The truth labels each quad matches (IoU >= 0.5). */
function matchedFronts(
  quads: Quad[],
  labels: Int32Array,
  sizes: number[],
  width: number,
  height: number,
): Set<number>[] {
  return quads.map((quad) => {
    const xs = quad.map(([x]) => x);
    const ys = quad.map(([, y]) => y);
    const shared = new Map<number, number>();
    let pixels = 0;
    for (
      let y = Math.max(0, Math.floor(Math.min(...ys)));
      y <= Math.min(height - 1, Math.ceil(Math.max(...ys)));
      y++
    ) {
      for (
        let x = Math.max(0, Math.floor(Math.min(...xs)));
        x <= Math.min(width - 1, Math.ceil(Math.max(...xs)));
        x++
      ) {
        if (!insideQuad(quad, x + 0.5, y + 0.5)) continue;
        pixels++;
        const label = labels[y * width + x];
        if (label) shared.set(label, (shared.get(label) ?? 0) + 1);
      }
    }
    const matched = new Set<number>();
    for (const [label, common] of shared) {
      if (common / (pixels + sizes[label] - common) >= MATCH_IOU) matched.add(label);
    }
    return matched;
  });
}

type Losses = Map<string, number>;

interface KitchenStages {
  fronts: number;
  losses: Losses;
  found: number;
  spill: number;
}

/**
 * `--set=cannyLow=12,houghMaxGapPx=12`: the stages run with these parameters changed, so a change
 * can be tried on the tuning set before it becomes a new version of the parameters.
 */
function parametersSet(argv: string[]): DetectionParameters {
  const changes = argv.find((arg) => arg.startsWith('--set='))?.slice('--set='.length);
  const parameters: Record<string, unknown> = { ...DETECTION_PARAMETERS };
  for (const change of changes ? changes.split(',') : []) {
    const [name, value] = change.split('=');
    if (typeof parameters[name] !== 'number' || !Number.isFinite(Number(value))) {
      throw new Error(`--set: ${change} is no parameter=number`);
    }
    parameters[name] = Number(value);
  }
  return parameters as unknown as DetectionParameters;
}

async function stagesOf(
  kitchen: StagesKitchen,
  parameters: DetectionParameters,
): Promise<KitchenStages> {
  const cv = await loadOpenCv();
  const { image, truth, width: truthWidth, height: truthHeight } = await kitchen.load();
  const { analysis } = await readForAnalysis(await openPhoto({ image, decoder: 'sharp' }));
  const picture = workingPicture(cv, analysis, parameters);
  const { width, height } = picture;
  const truthAt = (i: number) => {
    const x = i % width;
    const y = (i - x) / width;
    const tx = Math.min(truthWidth - 1, Math.floor(((x + 0.5) * truthWidth) / width));
    const ty = Math.min(truthHeight - 1, Math.floor(((y + 0.5) * truthHeight) / height));
    return truth[ty * truthWidth + tx] > 0;
  };
  const { labels, sizes } = labelRegions(truthAt, width, height);
  const fronts = new Set<number>();
  for (let label = 1; label < sizes.length; label++) {
    if (sizes[label] >= MIN_FRONT_SHARE * width * height) fronts.add(label);
  }
  const losses: Losses = new Map();
  const lose = (stage: string, lost: Iterable<number>) => {
    for (const label of lost) {
      if (!fronts.has(label)) continue;
      fronts.delete(label);
      losses.set(stage, (losses.get(stage) ?? 0) + 1);
    }
  };
  const total = fronts.size;

  const levels = edgeLevels(cv, picture, parameters);
  const near = new Uint8Array(width * height);
  const edgeAnywhere = new Uint8Array(width * height);
  for (const { edges } of levels) {
    for (let i = 0; i < near.length; i++) if (edges.edges[i]) edgeAnywhere[i] = 1;
  }
  for (let i = 0; i < near.length; i++) {
    if (!edgeAnywhere[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -EDGE_REACH_PX; dy <= EDGE_REACH_PX; dy++) {
      for (let dx = -EDGE_REACH_PX; dx <= EDGE_REACH_PX; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        if (nx >= 0 && ny >= 0 && nx < width && ny < height) near[ny * width + nx] = 1;
      }
    }
  }
  const outline = new Map<number, { pixels: number; edged: number }>();
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    if (!fronts.has(label)) continue;
    const x = i % width;
    const rim =
      x === 0 ||
      x === width - 1 ||
      [i - 1, i + 1, i - width, i + width].some((j) => labels[j] !== label);
    if (!rim) continue;
    const count = outline.get(label) ?? { pixels: 0, edged: 0 };
    count.pixels++;
    if (near[i]) count.edged++;
    outline.set(label, count);
  }
  lose(
    'edges',
    [...outline]
      .filter(([, { pixels, edged }]) => edged < EDGED_SHARE * pixels)
      .map(([label]) => label),
  );

  const quads = levels.flatMap((level) => level.quads);
  const quadMatches = matchedFronts(quads, labels, sizes, width, height);
  const byQuad = new Set(quadMatches.flatMap((matched) => [...matched]));
  // Leaked or cut up as the first level's edges leave it.
  const open = labelRegions((i) => !levels[0].edges.edges[i], width, height);
  const unmatched = [...fronts].filter((label) => !byQuad.has(label));
  for (const label of unmatched) {
    const under = new Map<number, number>();
    for (let i = 0; i < labels.length; i++) {
      if (labels[i] === label && open.labels[i]) {
        under.set(open.labels[i], (under.get(open.labels[i]) ?? 0) + 1);
      }
    }
    const [region] = [...under].sort((a, b) => b[1] - a[1])[0] ?? [0];
    const ratio = region ? open.sizes[region] / sizes[label] : 0;
    const cause = ratio > 1.5 ? 'leaked' : ratio < 0.5 ? 'cut up' : 'shape or size refused';
    lose(`quads: ${cause}`, [label]);
  }

  const pooled = levels.flatMap((level) => level.candidates);
  const matchesOf = new Map(pooled.map((candidate, k) => [candidate, quadMatches[k]]));
  const stillMatched = (kept: Candidate[]) =>
    new Set(kept.flatMap((candidate) => [...matchesOf.get(candidate)!]));
  let candidates = oneOfEachFront(
    levels.map((level) => level.candidates),
    parameters,
  );
  const pooledOnce = stillMatched(candidates);
  lose(
    'one of each front',
    [...fronts].filter((label) => !pooledOnce.has(label)),
  );
  candidates = grownPanels(candidates, allLevelsEdges(levels), picture, parameters);
  for (const candidate of candidates) {
    if (!matchesOf.has(candidate)) {
      matchesOf.set(candidate, matchedFronts([candidate.quad], labels, sizes, width, height)[0]);
    }
  }
  const grown = stillMatched(candidates);
  lose(
    'panels grown',
    [...fronts].filter((label) => !grown.has(label)),
  );
  for (const step of NOT_FRONT_STEPS) {
    candidates = step.keep(candidates, picture, parameters);
    const kept = stillMatched(candidates);
    lose(
      step.name,
      [...fronts].filter((label) => !kept.has(label)),
    );
  }
  const aligned = alignedFronts(candidates, parameters);
  const kept = stillMatched(aligned);
  lose(
    'rows',
    [...fronts].filter((label) => !kept.has(label)),
  );
  return {
    fronts: total,
    losses,
    found: fronts.size,
    spill: aligned.filter((candidate) => !matchesOf.get(candidate)!.size).length,
  };
}

export const STAGE_NAMES = [
  'edges',
  'quads: leaked',
  'quads: cut up',
  'quads: shape or size refused',
  'one of each front',
  'panels grown',
  ...NOT_FRONT_STEPS.map(({ name }) => name),
  'rows',
];

/** Prints per kitchen, then summed, how many true fronts each stage loses. */
export async function benchStages(kitchens: StagesKitchen[]): Promise<void> {
  const parameters = parametersSet(process.argv);
  const rows = [];
  const sum = { fronts: 0, found: 0, spill: 0, losses: new Map<string, number>() };
  for (const kitchen of kitchens) {
    const stages = await stagesOf(kitchen, parameters);
    const row: Record<string, string | number> = { kitchen: kitchen.name, fronts: stages.fronts };
    for (const name of STAGE_NAMES) {
      const lost = stages.losses.get(name) ?? 0;
      row[name] = lost || '';
      sum.losses.set(name, (sum.losses.get(name) ?? 0) + lost);
    }
    row.found = stages.found;
    row['answers matching no front'] = stages.spill;
    rows.push(row);
    sum.fronts += stages.fronts;
    sum.found += stages.found;
    sum.spill += stages.spill;
  }
  console.table(rows);
  const lost = STAGE_NAMES.map((name) => `${name} ${sum.losses.get(name) ?? 0}`).join(', ');
  console.log(
    `Detection stages over ${kitchens.length} kitchens: ${sum.fronts} true fronts; lost at ` +
      `${lost}; found ${sum.found} (${Math.round((100 * sum.found) / Math.max(1, sum.fronts))} %); ` +
      `${sum.spill} answers matching no front`,
  );
}
