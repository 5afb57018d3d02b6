/**
 * Visualizer quality: coverage and spill of the local renderer, printed for three sets apart, each
 * as the share of kitchens that pass (coverage >= 80 %, spill <= 5 %):
 *  - the TUNING SET: every scene of the first generator (`test/fixtures/kitchens/kitchen-scenes.ts`:
 *    the tuning scenes, the ones first held out, fresh, white-on-white and angled, shade and
 *    grain, thin gaps, things in front … each subset named for what makes it hard); all of them
 *    were tuned on, so each kitchen's figures are printed;
 *  - the SITE PHOTOS: the site's eight, with masks drawn by hand;
 *  - the HELD-OUT SET: the second generator's kitchens (`test/fixtures/heldout-kitchens`), never
 *    tuned on: only its totals are printed (overall, white-on-white, angled, per tag), never a
 *    kitchen's own figures, and it cannot be narrowed to single kitchens.
 *
 * Visualizer speed: render time and peak memory of the local renderer for 2, 6 and 12 MP photos,
 * the 12 MP ones a generated kitchen, a generated scene and a site photo scaled up (worker
 * threads, as in production), then POST /api/visualize over HTTP with 4 concurrent
 * clients against the real app, while a probe measures how long GET /api/health takes meanwhile.
 *
 *   npm run build:server && node test/bench/visualizer.bench.ts
 *   npm run bench -- visualizer --quality    the quality part only
 *   ... --quality --only=site,panels         only the sets whose names hold one of these words
 *   ... --quality --only=tuning              only the tuning set's subsets (a group's name)
 *   ... --quality --held-out                 only the held-out set (its totals)
 *   ... --quality --kitchens=1084,keittio-2  only the kitchens whose names hold one of these (a
 *                                            scene's seed or a site photo's name; leaves the
 *                                            held-out set out)
 *   ... --speed                              the renderer's time and memory only (no quality, no
 *                                            HTTP)
 *   ... --speed --photos=keittio --repeats=1 only the speed photos whose labels hold a word,
 *                                            each timed this many times
 *   ... --speed --arenas=2                   under MALLOC_ARENA_MAX=2 only
 *   ... --detector=sam|opencv|rules          which front detector (VISUALIZER_DETECTOR; without
 *                                            it the default)
 *   ... --quality --sample=5                 one kitchen in five of each tuning subset (the
 *                                            held-out set is always whole)
 *   ... --stages --only=site                 the OpenCV detector's stages: how many true fronts
 *                                            each one loses (test/bench/detection-stages.ts);
 *                                            tuning set and site photos only
 *   ... --quality --oracle                   no detector: each kitchen's fronts outlined from its
 *                                            own truth mask, rendered and scored as a detector's
 *                                            are; every set should pass nearly whole (what fails
 *                                            is the measurement's fault)
 *
 * Targets: a 12 MP photo in ≤ 2 s on 2 cores with ≤ 500 MB peak; health stays responsive.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type * as HeldOutKitchens from '../fixtures/heldout-kitchens/heldout-kitchens.ts';
import type * as FrontCoverage from '../fixtures/kitchens/front-coverage.js';
import type * as KitchenGenerator from '../fixtures/kitchens/kitchen-generator.js';
import type * as KitchenScenes from '../fixtures/kitchens/kitchen-scenes.js';
import type * as OracleFronts from '../fixtures/kitchens/oracle-fronts.js';
import type * as SiteKitchens from '../fixtures/kitchens/site-kitchens.js';
import { renderLocally } from '#src/modules/visualizer/rendering/local-render.js';
import { RenderPool } from '#src/modules/visualizer/rendering/render-pool.js';
import {
  FRONT_DETECTORS,
  type FrontDetector,
} from '#src/modules/visualizer/rendering/render-job.js';
import { probeHealth, startBenchApp, startBenchDatabase } from './bench-support.ts';
import { kitchenFixture } from './kitchen-fixtures.ts';

const { generateKitchen } = await kitchenFixture<typeof KitchenGenerator>('kitchen-generator.ts');
const {
  TUNING_SCENES,
  HELD_OUT_SCENES,
  FRESH_SCENES,
  WHITE_AND_ANGLED_SCENES,
  THIN_GAP_SCENES,
  SHADE_AND_GRAIN_SCENES,
  LIT_UNDER_UNITS_SCENES,
  FRIDGE_SCENES,
  GRAINED_PAIR_SCENES,
  FAINT_SHAKER_SCENES,
  LONE_PANEL_SCENES,
  FAINT_NOISY_GAP_SCENES,
  NEAR_BLACK_SCENES,
  SHADED_PANEL_SCENES,
  FRIDGE_BY_PANELS_SCENES,
  DARK_GRAINED_SCENES,
  HIDDEN_PANEL_SCENES,
  SCALED_UP_EDGE_SCENES,
  CUT_SHORT_PANEL_SCENES,
  THING_IN_FRONT_SCENES,
  GRAIN_ACROSS_PASSES_SCENES,
  THINGS_IN_FRONT_SCENES,
  LIGHT_STRIP_SCENES,
  GROOVED_STRIP_SCENES,
  GLOSS_WALL_UNIT_SCENES,
  GRAIN_DOWN_DOORS_SCENES,
  FRIDGE_APART_SCENES,
  DARK_GRAIN_PAIR_SCENES,
  GROOVE_AND_WHITE_GRAIN_SCENES,
  IN_FRONT_AND_INVENTED_SCENES,
} = await kitchenFixture<typeof KitchenScenes>('kitchen-scenes.ts');
const { SITE_KITCHENS, siteKitchenPicture, siteKitchenTruth } =
  await kitchenFixture<typeof SiteKitchens>('site-kitchens.ts');
const { measureFrontCoverage } = await kitchenFixture<typeof FrontCoverage>('front-coverage.ts');
const { oracleOutlines } = await kitchenFixture<typeof OracleFronts>('oracle-fronts.ts');
const { heldOutKitchens } = (await import(
  new URL('../fixtures/heldout-kitchens/heldout-kitchens.ts', import.meta.url).href
)) as typeof HeldOutKitchens;

interface SpeedPhoto {
  label: string;
  width: number;
  height: number;
  make(): Promise<Buffer>;
}

const generatedPhoto = (label: string, width: number, height: number): SpeedPhoto => ({
  label,
  width,
  height,
  make: () => kitchenPhoto(7, width, height),
});

/** A scene of the quality sets drawn at a phone's full size: its lines and regions, not seed 7's. */
function scenePhoto(scenes: KitchenScenes.KitchenScene[], seed: number): SpeedPhoto {
  const scene = scenes.find((candidate) => candidate.seed === seed);
  if (!scene) throw new Error(`no scene of seed ${seed}`);
  const [width, height] = [4240, 2832];
  return {
    label: `12 MP ${scene.name}`,
    width,
    height,
    async make() {
      const kitchen = generateKitchen(scene.seed, width, height, scene.style);
      return sharp(Buffer.from(kitchen.rgb), { raw: { width, height, channels: 3 } })
        .jpeg({ quality: scene.quality })
        .toBuffer();
    },
  };
}

/** The size the quality sets' scenes are drawn at, unless a scene names its own. */
const QUALITY_SIZE = { width: 1200, height: 800 };

/** A photo scaled up to 12 MP, as a phone's own photo of that kitchen would come. */
function scaledUp(label: string, width: number, height: number, source: () => Promise<Buffer>) {
  const scale = Math.sqrt(12_000_000 / (width * height));
  const [toWidth, toHeight] = [Math.round(width * scale), Math.round(height * scale)];
  return {
    label: `12 MP ${label}`,
    width: toWidth,
    height: toHeight,
    make: async () =>
      sharp(await source())
        .resize({ width: toWidth, height: toHeight, fit: 'fill' })
        .jpeg({ quality: 90 })
        .toBuffer(),
  };
}

function sitePhoto(file: string): SpeedPhoto {
  const kitchen = SITE_KITCHENS.find((candidate) => candidate.file === file);
  if (!kitchen) throw new Error(`no site photo ${file}`);
  const picture = fileURLToPath(siteKitchenPicture(kitchen));
  return scaledUp(file, kitchen.width, kitchen.height, async () => readFileSync(picture));
}

/** A scene of the quality sets drawn at its own size (as the quality bench measures it). */
function scaledScenePhoto(scenes: KitchenScenes.KitchenScene[], seed: number): SpeedPhoto {
  const scene = scenes.find((candidate) => candidate.seed === seed);
  if (!scene) throw new Error(`no scene of seed ${seed}`);
  const { width, height } = scene.size ?? QUALITY_SIZE;
  return scaledUp(`${scene.name}, scaled up`, width, height, () => {
    const kitchen = generateKitchen(scene.seed, width, height, scene.style);
    return sharp(Buffer.from(kitchen.rgb), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: scene.quality })
      .toBuffer();
  });
}

// Peak memory differs from photo to photo (how many lines and regions detection finds), so
// the 12 MP target is measured on more than one: a generated kitchen, a generated scene with
// a thing in front of the run, a scene whose grip-line gaps make detection look twice
// (test/bench/visualizer-tuning-log.md#0101) and a site photo, both scaled up.
const SPEED_PHOTOS: SpeedPhoto[] = [
  generatedPhoto('2 MP', 1632, 1224),
  generatedPhoto('6 MP', 2828, 2121),
  generatedPhoto('12 MP', 4000, 3000),
  scenePhoto(THING_IN_FRONT_SCENES, 1125),
  scaledScenePhoto(THINGS_IN_FRONT_SCENES, 1113),
  sitePhoto('keittio-6.jpg'),
];
/** Renders timed per photo (the median is printed); `--repeats=1` for a slow detector. */
const REPEATS = Number(
  process.argv.find((arg) => arg.startsWith('--repeats='))?.slice('--repeats='.length) ?? 3,
);
/** The MALLOC_ARENA_MAX settings each speed photo runs under (`--arenas=2` for one of them). */
const ARENAS = process.argv
  .find((arg) => arg.startsWith('--arenas='))
  ?.slice('--arenas='.length)
  .split(',') ?? ['default', '2'];
/** Only the speed photos whose labels hold one of these words (`--photos=site`). */
const ONLY_PHOTOS = process.argv
  .find((arg) => arg.startsWith('--photos='))
  ?.slice('--photos='.length)
  .split(',');
const ONLY_SETS = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const ONLY_KITCHENS = process.argv
  .find((arg) => arg.startsWith('--kitchens='))
  ?.slice('--kitchens='.length)
  .split(',');
const DETECTOR = process.argv
  .find((arg) => arg.startsWith('--detector='))
  ?.slice('--detector='.length) as FrontDetector | undefined;
if (DETECTOR && !FRONT_DETECTORS.includes(DETECTOR)) {
  throw new Error(`--detector is one of ${FRONT_DETECTORS.join(', ')}`);
}
/**
 * The fronts taken from each kitchen's own ground-truth mask instead of a detector's: what is
 * lost then is lost by the measurement (masks, scaling, rasterising, scoring), not by detection.
 */
const ORACLE = process.argv.includes('--oracle');
/** Only the held-out set (its totals). */
const HELD_OUT_ONLY = process.argv.includes('--held-out');
/** One kitchen in this many of each tuning subset, for a quick run on a shared machine. */
const SAMPLE = Number(
  process.argv.find((arg) => arg.startsWith('--sample='))?.slice('--sample='.length) ?? 1,
);
const STAGES = process.argv.includes('--stages');
const HTTP_CLIENTS = 4;
const HTTP_REQUESTS_PER_CLIENT = 3;

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function kitchenPhoto(seed: number, width: number, height: number): Promise<Buffer> {
  const kitchen = generateKitchen(seed, width, height);
  return sharp(Buffer.from(kitchen.rgb), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Highest resident set size seen while `work` runs (sampled every 5 ms; workers included). */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * One size in a fresh child process, so its peak RSS is the renderer's own (Node, sharp, the
 * worker threads and the pixels) and not the generator's leftovers in this process.
 */
async function renderInChild(photoFile: string, textureFile: string): Promise<void> {
  const photo = readFileSync(photoFile);
  const texture = readFileSync(textureFile);
  const pool = new RenderPool({ concurrency: 2, queueLimit: 8, detector: DETECTOR });
  if (!pool.usesWorkers) throw new Error('run `npm run build:server` first: no compiled worker');
  const render = () => pool.run({ kind: 'local', image: photo, decoder: 'sharp', texture });
  // The floor: a plain sharp resize of the same photo (decode, halve, encode).
  const floorTimes: number[] = [];
  for (let i = 0; i < REPEATS + 1; i++) {
    const started = performance.now();
    const { width = 0 } = await sharp(photo).metadata();
    await sharp(photo)
      .resize({ width: Math.round(width / 2) })
      .jpeg()
      .toBuffer();
    floorTimes.push(performance.now() - started);
  }
  const idle = process.memoryUsage.rss();
  const { result: times, peak } = await peakRss(async () => {
    const times: number[] = [];
    for (let i = 0; i < REPEATS + 1; i++) {
      const started = performance.now();
      await render();
      times.push(performance.now() - started);
    }
    return times.slice(1); // the first one also starts the worker
  });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const { peak: concurrentPeak } = await peakRss(() =>
    Promise.all(Array.from({ length: 4 }, render)),
  );
  const fourAtOnce = performance.now() - started;
  loop.disable();
  await pool.close();
  process.stdout.write(
    JSON.stringify({
      median: Math.round(median(times)),
      floor: Math.round(median(floorTimes.slice(1))),
      peak: mb(peak),
      idle: mb(idle),
      concurrentPeak: mb(concurrentPeak),
      perSecond: (4000 / fourAtOnce).toFixed(2),
      loopMax: Math.round(loop.max / 1e6),
    }),
  );
}

async function benchRenderer(texture: Buffer): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'kk-bench-photos-'));
  const textureFile = join(directory, 'texture.jpg');
  writeFileSync(textureFile, texture);
  const rows = [];
  for (const [index, size] of SPEED_PHOTOS.entries()) {
    if (ONLY_PHOTOS && !ONLY_PHOTOS.some((word) => size.label.includes(word))) continue;
    const photoFile = join(directory, `photo-${index}.jpg`);
    writeFileSync(photoFile, await size.make());
    // glibc gives each thread its own malloc arena and keeps freed pixel memory in them;
    // MALLOC_ARENA_MAX=2 (sharp's advice for Linux) is what production should run with.
    for (const arenas of ARENAS) {
      const env = { ...process.env };
      if (arenas === '2') env.MALLOC_ARENA_MAX = '2';
      else delete env.MALLOC_ARENA_MAX;
      const child = spawnSync(
        process.execPath,
        [
          fileURLToPath(import.meta.url),
          '--child',
          photoFile,
          textureFile,
          ...(DETECTOR ? [`--detector=${DETECTOR}`] : []),
          `--repeats=${REPEATS}`,
        ],
        { encoding: 'utf8', maxBuffer: 1024 * 1024, env },
      );
      if (child.status !== 0) throw new Error(`child failed: ${child.stderr}`);
      const figures = JSON.parse(child.stdout) as Record<string, number | string>;
      rows.push({
        photo: `${size.label} (${size.width}x${size.height})`,
        MALLOC_ARENA_MAX: arenas,
        'render ms (median of 3)': figures.median,
        'sharp resize ms (floor)': figures.floor,
        'render / floor': (Number(figures.median) / Number(figures.floor)).toFixed(1),
        'peak RSS MB (1 at a time)': figures.peak,
        'idle RSS MB': figures.idle,
        'peak RSS MB (4 queued, 2 running)': figures.concurrentPeak,
        '4 concurrent: renders/s': figures.perSecond,
        'max event-loop delay ms': figures.loopMax,
      });
    }
  }
  console.table(rows);
}

async function benchHttp(): Promise<void> {
  // Loaded here, not at the top: the render children must not carry the whole app in memory.
  const { PatternCatalogue } = await import('#src/modules/patterns/index.js');
  const database = await startBenchDatabase();
  try {
    const { app, base } = await startBenchApp(
      database.url,
      { VISUALIZER_IP_DAILY_LIMIT: '10000', ...(DETECTOR && { VISUALIZER_DETECTOR: DETECTOR }) },
      { runProjections: true },
    );
    await app.get(PatternCatalogue).texture('NH10');
    for (const size of [SPEED_PHOTOS[0], SPEED_PHOTOS[2]]) {
      const body = JSON.stringify({
        kitchenImage: (await size.make()).toString('base64'),
        patternId: 'NH10',
      });
      const post = () =>
        fetch(`${base}/api/visualize`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        }).then((response) => response.status);
      await post();
      const healthProbe = probeHealth(base);
      const started = performance.now();
      const statuses = (
        await Promise.all(
          Array.from({ length: HTTP_CLIENTS }, async () => {
            const seen: number[] = [];
            for (let i = 0; i < HTTP_REQUESTS_PER_CLIENT; i++) seen.push(await post());
            return seen;
          }),
        )
      ).flat();
      const seconds = (performance.now() - started) / 1000;
      const probes = await healthProbe.stop();
      const ok = statuses.filter((status) => status === 200).length;
      console.log(
        `POST /api/visualize ${size.label}, ${HTTP_CLIENTS} concurrent clients: ` +
          `${(ok / seconds).toFixed(2)} renders/s (${ok}/${statuses.length} ok, statuses ` +
          `${[...new Set(statuses)].join(',')}); GET /api/health meanwhile: median ` +
          `${Math.round(median(probes))} ms, max ${Math.round(Math.max(...probes))} ms`,
      );
    }
    await app.close();
  } finally {
    await database.stop();
  }
}

interface QualityKitchen {
  name: string;
  /** White on white or angled: the issue asks every one of these to pass. */
  mustPass: boolean;
  /** What the held-out set's kitchens are tagged with (white-on-white, angled, dark …). */
  tags?: string[];
  load(): Promise<{ image: Buffer; truth: Uint8Array; width: number; height: number }>;
}

function generatedKitchens(scenes: KitchenScenes.KitchenScene[]): QualityKitchen[] {
  return scenes.map((scene) => ({
    name: scene.size ? `${scene.name} (${scene.size.width}x${scene.size.height})` : scene.name,
    mustPass: Boolean(scene.whiteOnWhite || scene.style.angle),
    async load() {
      const { width, height } = scene.size ?? QUALITY_SIZE;
      const kitchen = generateKitchen(scene.seed, width, height, scene.style);
      const image = await sharp(Buffer.from(kitchen.rgb), { raw: { width, height, channels: 3 } })
        .jpeg({ quality: scene.quality })
        .toBuffer();
      return { image, truth: kitchen.truth, width, height };
    },
  }));
}

const siteKitchens = (): QualityKitchen[] =>
  SITE_KITCHENS.map((kitchen) => ({
    name: kitchen.name,
    mustPass: true,
    load: async () => ({
      image: readFileSync(siteKitchenPicture(kitchen)),
      truth: siteKitchenTruth(kitchen),
      width: kitchen.width,
      height: kitchen.height,
    }),
  }));

/** The second generator's kitchens (test/fixtures/heldout-kitchens): never tuned on. */
const heldOut = (): QualityKitchen[] =>
  heldOutKitchens().map((kitchen) => ({
    name: kitchen.name,
    mustPass: kitchen.tags.includes('white-on-white') || kitchen.tags.includes('angled'),
    tags: kitchen.tags,
    load: async () => {
      const photo = await kitchen.load();
      return { image: photo.jpeg, truth: photo.fronts, width: photo.width, height: photo.height };
    },
  }));

/** A scene's name starts "drawn <seed>,"; a site photo's is its file name. */
function isChosen(name: string): boolean {
  return ONLY_KITCHENS!.some((word) => new RegExp(`\\b${word}\\b`).test(name));
}

type Group = 'tuning' | 'site photos' | 'held-out';

interface QualitySet {
  set: string;
  group: Group;
  kitchens: QualityKitchen[];
}

const GROUP_TITLES: Record<Group, string> = {
  tuning: 'TUNING SET (every scene of the first generator, all tuned on)',
  'site photos': "SITE PHOTOS (the site's eight, masks by hand)",
  'held-out': 'HELD-OUT SET (second generator, never tuned on)',
};

const percent = (passed: number, total: number) =>
  `${passed}/${total} (${total ? Math.round((100 * passed) / total) : 0} %)`;

/** The tuning set's scenes by the class each was made for, in the order they were added. */
const TUNING_SETS: [string, KitchenScenes.KitchenScene[]][] = [
  ['tuning', TUNING_SCENES],
  ['first held-out (since tuned on)', HELD_OUT_SCENES],
  ['fresh', FRESH_SCENES],
  ['white & angled', WHITE_AND_ANGLED_SCENES],
  ['thin gaps', THIN_GAP_SCENES],
  ['shade & grain', SHADE_AND_GRAIN_SCENES],
  ['lamps under units', LIT_UNDER_UNITS_SCENES],
  ['fridge by the run', FRIDGE_SCENES],
  ['grained pairs', GRAINED_PAIR_SCENES],
  ['faint shaker', FAINT_SHAKER_SCENES],
  ['lone panels', LONE_PANEL_SCENES],
  ['faint gaps under noise', FAINT_NOISY_GAP_SCENES],
  ['near-black', NEAR_BLACK_SCENES],
  ['shaded panels', SHADED_PANEL_SCENES],
  ['fridge by panels', FRIDGE_BY_PANELS_SCENES],
  ['dark grained', DARK_GRAINED_SCENES],
  ['hidden panels', HIDDEN_PANEL_SCENES],
  ['scaled-up edges', SCALED_UP_EDGE_SCENES],
  ['panels cut short', CUT_SHORT_PANEL_SCENES],
  ['thing in front', THING_IN_FRONT_SCENES],
  ['grain across passes', GRAIN_ACROSS_PASSES_SCENES],
  ['things in front', THINGS_IN_FRONT_SCENES],
  ['light strip under units', LIGHT_STRIP_SCENES],
  ['grooved under a light strip', GROOVED_STRIP_SCENES],
  ['gloss wall units', GLOSS_WALL_UNIT_SCENES],
  ['grain down the doors', GRAIN_DOWN_DOORS_SCENES],
  ['fridge apart', FRIDGE_APART_SCENES],
  ['dark grain pairs', DARK_GRAIN_PAIR_SCENES],
  ['grooves and white grain', GROOVE_AND_WHITE_GRAIN_SCENES],
  ['in front and invented', IN_FRONT_AND_INVENTED_SCENES],
];

/**
 * The three sets apart. The held-out set prints its totals only (overall and per tag), never a
 * kitchen's own figures, and cannot be narrowed to single kitchens: nothing is tuned on it.
 */
function qualitySets(): QualitySet[] {
  if (HELD_OUT_ONLY) return [{ set: 'held-out', group: 'held-out', kitchens: heldOut() }];
  const tuning = TUNING_SETS.map(([set, scenes]): QualitySet => ({
    set,
    kitchens: generatedKitchens(scenes),
    group: 'tuning',
  }));
  const sets: QualitySet[] = [
    ...tuning,
    { set: 'site photos', group: 'site photos', kitchens: siteKitchens() },
  ];
  // Single kitchens are chosen by name; the held-out set's are never looked at one by one.
  if (!ONLY_KITCHENS) sets.push({ set: 'held-out', group: 'held-out', kitchens: heldOut() });
  return sets.filter(
    ({ set, group }) =>
      !ONLY_SETS || ONLY_SETS.some((name) => set.includes(name) || group === name),
  );
}

function chosenKitchens(group: Group, kitchens: QualityKitchen[]): QualityKitchen[] {
  return kitchens.filter(
    (kitchen, index) =>
      (!ONLY_KITCHENS || isChosen(kitchen.name)) && (group !== 'tuning' || index % SAMPLE === 0),
  );
}

interface Tally {
  passed: number;
  total: number;
  failedMustPass: string[];
}

async function benchQuality(texture: Buffer): Promise<void> {
  const rows = [];
  const summary = [];
  const groups = new Map<Group, Tally>();
  const tags = new Map<string, { passed: number; total: number }>();
  for (const { set, group, kitchens } of qualitySets()) {
    const tally = { passed: 0, total: 0, failedMustPass: [] as string[] };
    const chosen = chosenKitchens(group, kitchens);
    if (!chosen.length) continue;
    for (const kitchen of chosen) {
      const { image, truth, width, height } = await kitchen.load();
      const opacity = await renderLocally({
        kind: 'local',
        image,
        decoder: 'sharp',
        texture,
        includeMask: true,
        detector: DETECTOR,
        ...(ORACLE && { fronts: oracleOutlines(truth, width, height) }),
      }).then(
        (output) => output.mask!,
        () => new Uint8Array(width * height), // refused: nothing changed
      );
      const figures = measureFrontCoverage(truth, opacity);
      tally.total++;
      if (figures.passes) tally.passed++;
      for (const tag of kitchen.tags ?? []) {
        const count = tags.get(tag) ?? { passed: 0, total: 0 };
        count.total++;
        if (figures.passes) count.passed++;
        tags.set(tag, count);
      }
      if (group === 'held-out') continue;
      if (!figures.passes && kitchen.mustPass) tally.failedMustPass.push(kitchen.name);
      rows.push({
        set,
        kitchen: kitchen.name,
        'coverage %': (100 * figures.coverage).toFixed(1),
        'spill %': (100 * figures.spill).toFixed(2),
        pass: figures.passes ? 'yes' : 'NO',
      });
    }
    const whole = groups.get(group) ?? { passed: 0, total: 0, failedMustPass: [] };
    whole.passed += tally.passed;
    whole.total += tally.total;
    whole.failedMustPass.push(...tally.failedMustPass);
    groups.set(group, whole);
    if (group === 'tuning') {
      summary.push(`  tuning / ${set}: ${percent(tally.passed, tally.total)}`);
    }
  }
  if (rows.length) console.table(rows);
  for (const line of summary) console.log(`Visualizer quality ${line}`);
  for (const [group, tally] of groups) {
    const subtotals =
      group === 'held-out'
        ? ['white-on-white', 'angled']
            .map((tag) => {
              const count = tags.get(tag) ?? { passed: 0, total: 0 };
              return `; ${tag} ${percent(count.passed, count.total)}`;
            })
            .join('')
        : '';
    const failing = tally.failedMustPass.length
      ? `; must pass (white-on-white, angled, the site's) but fail: ${tally.failedMustPass.join('; ')}`
      : '';
    console.log(
      `Visualizer quality ${GROUP_TITLES[group]}: ${percent(tally.passed, tally.total)} pass${subtotals}${failing}`,
    );
  }
  if (tags.size) {
    const byTag = [...tags]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, count]) => `${tag} ${percent(count.passed, count.total)}`);
    console.log(`Visualizer quality held-out by tag: ${byTag.join(', ')}`);
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') {
    await renderInChild(process.argv[3], process.argv[4]);
    return;
  }
  const texture = await sharp(Buffer.from(generateKitchen(1, 512, 512).rgb), {
    raw: { width: 512, height: 512, channels: 3 },
  })
    .jpeg()
    .toBuffer();
  if (STAGES) {
    const { benchStages } = await import('./detection-stages.ts');
    const looked = qualitySets().filter(({ group }) => group !== 'held-out');
    await benchStages(looked.flatMap(({ group, kitchens }) => chosenKitchens(group, kitchens)));
    return;
  }
  const speedOnly = process.argv.includes('--speed');
  if (!speedOnly) await benchQuality(texture);
  if (process.argv.includes('--quality')) return;
  await benchRenderer(texture);
  if (!speedOnly) await benchHttp();
}

await main();
