/**
 * The model-prompted detector (`VISUALIZER_DETECTOR=sam`, src/modules/visualizer/detection/prompted)
 * stage by stage, on the tuning set's scenes and the site photos (never the held-out set):
 *  - prompts: how many decoder runs, how many of their points fall on a front;
 *  - masks: how many the model answered, how many are a front (IoU >= 0.5 with one region of the
 *    truth mask), how many truth fronts any answer found;
 *  - each stage after (front-like, grown, unframed, tiles/windows/finish/rows): what it kept,
 *    fronts and not; why the front-like test dropped good masks; what the bad ones kept lie on;
 *  - the end: the outlines rendered as the bench renders a visitor's and scored the same way.
 *
 *   npm run build:server && node test/bench/sam-stages.bench.ts
 *   ... --only=tuning,site        sets whose names hold one of these words (a scene list's name
 *                                 as exported, e.g. "white and angled", or "site"); "tuning" is
 *                                 every scene list, as in the quality bench
 *   ... --kitchens=1084,keittio-2 only the kitchens whose names hold one of these
 *   ... --sample=20               every n-th kitchen of what is chosen, about 20 of them
 *   ... --rows                    a line per kitchen
 *   ... --set=maxPromptsCount=30  a parameter of prompted-parameters.ts changed for this run
 *   ... --trace                   a line per decoder run: the prompt and what its answer is
 *   ... --detector=hybrid         the box-prompted detector (OpenCV's candidates as box prompts)
 *                                 instead of the grid-prompted one
 *
 * Embeddings are kept in the temporary directory by the frame's hash, so a second run of the same
 * kitchens costs decoder runs only.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type * as FrontCoverage from '../fixtures/kitchens/front-coverage.js';
import type * as KitchenGenerator from '../fixtures/kitchens/kitchen-generator.js';
import type * as KitchenScenes from '../fixtures/kitchens/kitchen-scenes.js';
import type * as SiteKitchens from '../fixtures/kitchens/site-kitchens.js';
import { hybridStages } from '#src/modules/visualizer/detection/prompted/detect-hybrid.js';
import {
  framedPhoto,
  promptedStages,
} from '#src/modules/visualizer/detection/prompted/detect-prompted.js';
import { notFrontLikeBecause } from '#src/modules/visualizer/detection/prompted/front-regions.js';
import {
  maskRegion,
  type MaskRegion,
} from '#src/modules/visualizer/detection/prompted/mask-region.js';
import { PROMPTED_PARAMETERS } from '#src/modules/visualizer/detection/prompted/prompted-parameters.js';
import { openPhoto, readForAnalysis } from '#src/modules/visualizer/rendering/decode-image.js';
import { renderLocally } from '#src/modules/visualizer/rendering/local-render.js';
import { encoderInput, type TapPrompt } from '#src/modules/visualizer/segmentation/model-frame.js';
import {
  decodeScored,
  encode,
  type DecodedMask,
} from '#src/modules/visualizer/segmentation/sam-model.js';
import { kitchenFixture } from './kitchen-fixtures.ts';

const { generateKitchen } = await kitchenFixture<typeof KitchenGenerator>('kitchen-generator.ts');
const scenes = await kitchenFixture<typeof KitchenScenes>('kitchen-scenes.ts');
const { SITE_KITCHENS, siteKitchenPicture, siteKitchenTruth } =
  await kitchenFixture<typeof SiteKitchens>('site-kitchens.ts');
const { measureFrontCoverage } = await kitchenFixture<typeof FrontCoverage>('front-coverage.ts');

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const ONLY_SETS = option('only')?.split(',');
const ONLY_KITCHENS = option('kitchens')?.split(',');
const SAMPLE = Number(option('sample') ?? 0);
const ROWS = process.argv.includes('--rows');
const TRACE = process.argv.includes('--trace');
const STAGES = option('detector') === 'hybrid' ? hybridStages : promptedStages;
/** `--set=name=value` (repeatable): the detector's parameters as tried, not as committed. */
const PARAMETERS = {
  ...PROMPTED_PARAMETERS,
  ...Object.fromEntries(
    process.argv
      .filter((arg) => arg.startsWith('--set='))
      .map((arg) => {
        const [name, value] = arg.slice('--set='.length).split('=');
        if (!(name in PROMPTED_PARAMETERS)) throw new Error(`no parameter ${name}`);
        return [name, value.includes(',') ? value.split(',').map(Number) : Number(value)];
      }),
  ),
} as typeof PROMPTED_PARAMETERS;
/** The quality bench's size for scenes that name none. */
const QUALITY_SIZE = { width: 1200, height: 800 };
/** A mask is a front when it overlaps one truth region this much (intersection over union). */
const FRONT_IOU = 0.5;
/** Truth specks smaller than this share of the photo are no front (as the oracle counts them). */
const TRUTH_MIN_SHARE = 0.0005;

interface Kitchen {
  group: 'tuning' | 'site';
  set: string;
  name: string;
  load(): Promise<{ image: Buffer; truth: Uint8Array; width: number; height: number }>;
}

function chosenKitchens(): Kitchen[] {
  const all: Kitchen[] = [];
  for (const [exported, value] of Object.entries(scenes)) {
    if (!exported.endsWith('_SCENES') || !Array.isArray(value)) continue;
    const set = exported.slice(0, -'_SCENES'.length).toLowerCase().replaceAll('_', ' ');
    for (const scene of value as KitchenScenes.KitchenScene[]) {
      all.push({
        group: 'tuning',
        set,
        name: scene.name,
        async load() {
          const { width, height } = scene.size ?? QUALITY_SIZE;
          const kitchen = generateKitchen(scene.seed, width, height, scene.style);
          const image = await sharp(Buffer.from(kitchen.rgb), {
            raw: { width, height, channels: 3 },
          })
            .jpeg({ quality: scene.quality })
            .toBuffer();
          return { image, truth: kitchen.truth, width, height };
        },
      });
    }
  }
  for (const kitchen of SITE_KITCHENS) {
    all.push({
      group: 'site',
      set: 'site',
      name: kitchen.name,
      load: async () => ({
        image: readFileSync(fileURLToPath(siteKitchenPicture(kitchen))),
        truth: siteKitchenTruth(kitchen),
        width: kitchen.width,
        height: kitchen.height,
      }),
    });
  }
  const chosen = all.filter(
    (kitchen) =>
      (!ONLY_SETS ||
        ONLY_SETS.some((word) => kitchen.set.includes(word) || kitchen.group === word)) &&
      (!ONLY_KITCHENS ||
        ONLY_KITCHENS.some((word) => new RegExp(`\\b${word}\\b`).test(kitchen.name))),
  );
  if (!SAMPLE || chosen.length <= SAMPLE) return chosen;
  const step = chosen.length / SAMPLE;
  return Array.from({ length: SAMPLE }, (_, k) => chosen[Math.floor(k * step)]);
}

/** Each 4-connected truth region numbered from 1 (specks 0), and each number's area. */
function truthRegions(truth: Uint8Array, width: number, height: number) {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  let count = 0;
  for (let start = 0; start < truth.length; start++) {
    if (!truth[start] || labels[start]) continue;
    const label = ++count;
    const members: number[] = [];
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top) {
      const i = stack[--top];
      members.push(i);
      const x = i % width;
      const push = (j: number) => {
        if (truth[j] && !labels[j]) {
          labels[j] = label;
          stack[top++] = j;
        }
      };
      if (x > 0) push(i - 1);
      if (x < width - 1) push(i + 1);
      if (i >= width) push(i - width);
      if (i < (height - 1) * width) push(i + width);
    }
    if (members.length < TRUTH_MIN_SHARE * width * height) for (const i of members) labels[i] = -1;
  }
  return { labels, count };
}

/** The truth labels sampled at the model frame's pixels (nearest), and each label's frame area. */
function labelsOnFrame(
  truth: Uint8Array,
  width: number,
  height: number,
  frame: { width: number; height: number },
) {
  const { labels, count } = truthRegions(truth, width, height);
  const onFrame = new Int32Array(frame.width * frame.height);
  const areas = new Float64Array(count + 1);
  for (let y = 0; y < frame.height; y++) {
    const sy = Math.min(height - 1, Math.floor(((y + 0.5) * height) / frame.height));
    for (let x = 0; x < frame.width; x++) {
      const sx = Math.min(width - 1, Math.floor(((x + 0.5) * width) / frame.width));
      const label = Math.max(0, labels[sy * width + sx]);
      onFrame[y * frame.width + x] = label;
      areas[label]++;
    }
  }
  const fronts = [...areas.keys()].filter((label) => label > 0 && areas[label] > 0).length;
  return { onFrame, areas, fronts };
}

/** The truth region a mask is (IoU >= FRONT_IOU), or 0; and the mask's share on fronts at all. */
function judge(region: MaskRegion, labels: ReturnType<typeof labelsOnFrame>) {
  const shared = new Map<number, number>();
  let onFronts = 0;
  for (const i of region.pixels) {
    const label = labels.onFrame[i];
    if (label > 0) {
      onFronts++;
      shared.set(label, (shared.get(label) ?? 0) + 1);
    }
  }
  let best = 0;
  let bestIou = 0;
  for (const [label, inter] of shared) {
    const iou = inter / (region.area + labels.areas[label] - inter);
    if (iou > bestIou) [best, bestIou] = [label, iou];
  }
  return { front: bestIou >= FRONT_IOU ? best : 0, onFronts: onFronts / region.area };
}

async function embeddingOf(rgb: Uint8Array, frame: { width: number; height: number }) {
  const directory = join(tmpdir(), 'sam-stages-embeddings');
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `${createHash('sha1').update(rgb).digest('hex')}.f32`);
  if (existsSync(file)) {
    const bytes = readFileSync(file);
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  }
  const embedding = await encode(encoderInput(rgb, frame));
  writeFileSync(file, embedding);
  return embedding;
}

/** One decoder run: where it was asked, and what its answer under the prompt's seed is. */
function trace(
  prompt: TapPrompt,
  { logits, predictedIou }: DecodedMask,
  frame: { width: number; height: number },
  labels: ReturnType<typeof labelsOnFrame>,
) {
  const [point] = prompt.points;
  const seed = [point.x * frame.width, point.y * frame.height] as const;
  const region = maskRegion(logits, frame, seed, predictedIou, PARAMETERS.stabilityOffsetLogit);
  const at = Math.floor(seed[1]) * frame.width + Math.floor(seed[0]);
  const where = `${prompt.box ? 'box' : 'point'} ${seed.map(Math.round).join(',')}${prompt.points.length > 1 ? ` (${prompt.points.length - 1} more)` : ''} on ${labels.onFrame[at] ? `front ${labels.onFrame[at]}` : 'no front'}`;
  if (!region) return console.log(`  ${where}: no region`);
  const { front, onFronts } = judge(region, labels);
  console.log(
    `  ${where}: ${((100 * region.area) / (frame.width * frame.height)).toFixed(1)} % of the frame, ` +
      `iou ${predictedIou.toFixed(2)}, stability ${region.stability.toFixed(2)}, fill ${region.fill.toFixed(2)}, ` +
      `${notFrontLikeBecause(region, frame, PARAMETERS) ?? 'front-like'}; ` +
      (front ? `is front ${front}` : `${Math.round(100 * onFronts)} % on fronts`),
  );
}

const texture = await sharp(Buffer.from(generateKitchen(1, 512, 512).rgb), {
  raw: { width: 512, height: 512, channels: 3 },
})
  .jpeg()
  .toBuffer();

/** Counts summed over kitchens; `why` the front-like test's reasons for the good masks it drops. */
const totals = {
  kitchens: 0,
  passed: 0,
  truthFronts: 0,
  prompts: 0,
  promptsOnFronts: 0,
  runs: 0,
  decodeMs: 0,
  stageMs: 0,
  found: 0,
  foundFrontLike: 0,
  finalFronts: 0,
  finalWrong: 0,
};
const stageCounts = new Map<string, { all: number; good: number }>();
const dropped = new Map<string, number>();
const wrongKept = new Map<string, number>();
const rows = [];
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

for (const kitchen of chosenKitchens()) {
  const { image, truth, width, height } = await kitchen.load();
  if (TRACE) console.log(`${kitchen.set}: ${kitchen.name}`);
  const analysis = (await readForAnalysis(await openPhoto({ image, decoder: 'sharp' }))).analysis;
  const { frame, rgb } = await framedPhoto(analysis);
  const labels = labelsOnFrame(truth, width, height, frame);
  const embedding = await embeddingOf(rgb, frame);
  const asked: TapPrompt[] = [];
  let decodeMs = 0;
  const started = performance.now();
  const stages = await STAGES(
    {
      frame,
      rgb,
      decode: async (prompt) => {
        asked.push(prompt);
        const at = performance.now();
        const answer = await decodeScored(embedding, prompt, frame);
        decodeMs += performance.now() - at;
        if (TRACE) trace(prompt, answer, frame, labels);
        return answer;
      },
    },
    PARAMETERS,
  );
  const stageMs = performance.now() - started - decodeMs;
  const pointPrompts = asked.filter((prompt) => !prompt.box);
  const onFront = pointPrompts.filter(({ points: [point] }) => {
    const x = Math.min(frame.width - 1, Math.floor(point.x * frame.width));
    const y = Math.min(frame.height - 1, Math.floor(point.y * frame.height));
    return labels.onFrame[y * frame.width + x] > 0;
  }).length;
  const judged = new Map(stages.regions.map((region) => [region, judge(region, labels)]));
  const judgeOf = (region: MaskRegion) => judged.get(region) ?? judge(region, labels);
  const goodOf = (regions: MaskRegion[]) => regions.filter((region) => judgeOf(region).front);
  const found = new Set(goodOf(stages.regions).map((region) => judgeOf(region).front));
  const frontLike = stages.regions.filter(
    (region) => !notFrontLikeBecause(region, frame, PARAMETERS),
  );
  for (const region of goodOf(stages.regions)) {
    count(dropped, notFrontLikeBecause(region, frame, PARAMETERS) ?? 'kept');
  }
  // The candidates the last stages kept, matched back to their regions by their bounds.
  const final = stages.unframed.filter((region) =>
    stages.aligned.some(
      (candidate) =>
        candidate.minX === region.minX &&
        candidate.minY === region.minY &&
        candidate.maxX === region.maxX &&
        candidate.maxY === region.maxY,
    ),
  );
  const stageList: [string, MaskRegion[]][] = [
    ['masks', stages.regions],
    ['front-like', frontLike],
    ['distinct', stages.fronts],
    ['grown', stages.grown],
    ['unframed', stages.unframed],
    ['tiles, windows, finish, rows', final],
  ];
  for (const [stage, regions] of stageList) {
    const tally = stageCounts.get(stage) ?? { all: 0, good: 0 };
    tally.all += regions.length;
    tally.good += goodOf(regions).length;
    stageCounts.set(stage, tally);
  }
  for (const region of final) {
    const { front, onFronts } = judgeOf(region);
    if (TRACE) {
      const box = [region.minX, region.minY, region.maxX, region.maxY].join(',');
      console.log(
        `  kept ${box}: ${front ? `front ${front}` : `${Math.round(100 * onFronts)} % on fronts`}`,
      );
    }
    if (front) continue;
    count(
      wrongKept,
      onFronts > 0.8
        ? 'on fronts, several or part'
        : onFronts > 0.2
          ? 'fronts and more'
          : 'off fronts',
    );
  }
  const opacity = stages.outlines.length
    ? (
        await renderLocally({
          kind: 'local',
          image,
          decoder: 'sharp',
          texture,
          includeMask: true,
          fronts: stages.outlines,
        })
      ).mask!
    : new Uint8Array(width * height);
  const figures = measureFrontCoverage(truth, opacity);
  totals.kitchens++;
  if (figures.passes) totals.passed++;
  totals.truthFronts += labels.fronts;
  totals.prompts += pointPrompts.length;
  totals.promptsOnFronts += onFront;
  totals.runs += asked.length;
  totals.decodeMs += decodeMs;
  totals.stageMs += stageMs;
  totals.found += found.size;
  totals.foundFrontLike += new Set(goodOf(frontLike).map((region) => judgeOf(region).front)).size;
  totals.finalFronts += goodOf(final).length;
  totals.finalWrong += final.length - goodOf(final).length;
  const row = {
    kitchen: `${kitchen.set}: ${kitchen.name}`.slice(0, 60),
    truth: labels.fronts,
    'prompts (on)': `${pointPrompts.length} (${onFront})`,
    runs: asked.length,
    found: found.size,
    'kept ok/all': `${goodOf(final).length}/${final.length}`,
    'cov %': (100 * figures.coverage).toFixed(1),
    'spill %': (100 * figures.spill).toFixed(2),
    pass: figures.passes ? 'yes' : 'NO',
  };
  if (ROWS) console.log(JSON.stringify(row));
  rows.push(row);
}

if (ROWS) console.table(rows);
const n = totals.kitchens || 1;
console.log(
  `sam stages, ${totals.kitchens} kitchens (parameters version ${PROMPTED_PARAMETERS.version}${process.argv.some((arg) => arg.startsWith('--set=')) ? ', changed by --set' : ''}): ` +
    `${totals.passed} pass; ${(totals.runs / n).toFixed(1)} decoder runs a photo ` +
    `(${(totals.decodeMs / Math.max(1, totals.runs)).toFixed(0)} ms each, ` +
    `${(totals.stageMs / n).toFixed(0)} ms of stages a photo); point prompts on fronts ` +
    `${totals.promptsOnFronts}/${totals.prompts}`,
);
console.log(
  `  truth fronts ${totals.truthFronts}: found by some mask ${totals.found}, by a front-like one ` +
    `${totals.foundFrontLike}; kept at the end ${totals.finalFronts} right, ${totals.finalWrong} wrong`,
);
for (const [stage, { all, good }] of stageCounts) {
  console.log(`  ${stage}: ${all} regions, ${good} of them a front`);
}
console.log(
  `  good masks by the front-like test: ${[...dropped].map(([why, k]) => `${why} ${k}`).join(', ')}`,
);
console.log(
  `  wrong regions kept: ${[...wrongKept].map(([what, k]) => `${what} ${k}`).join(', ')}`,
);
