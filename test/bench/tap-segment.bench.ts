/**
 * Tap-to-segment (docs/decisions/0108-tap-segmentation-model.md, 0132-tap-model-memory.md)
 * against the production app, each case in a child process started with the allocator settings
 * `npm run start:prod` and the Docker image use:
 *
 * - taps: three uploads at once (POST /api/visualize/fronts), so their encoder runs queue one
 *   behind the other, while a probe times GET /api/health every 50 ms; then taps on an encoded
 *   upload over HTTP (the encoder excluded), side by side with a refused tap (same route,
 *   validation only) as the baseline of the HTTP round trip; the process's peak resident memory
 *   with the model loaded (app, workers and all);
 * - one, two: one 12 MP upload, then two at once, each to its first tap: the process's memory
 *   above its idle size, so two uploads at once are seen not to double the peak.
 *
 *   npm run bench -- tap-segment            (or: npm run build:server && node test/bench/tap-segment.bench.ts)
 *   ... --taps=60                           taps measured (default 40)
 *   ... --detector=sam                      fronts found by the model too (one encoder run each)
 *
 * Targets: a tap ≤ 300 ms p95, peak ≤ 800 MB in every case, two uploads at once less than 1.75×
 * one upload's rise above idle; exits 1 above any of them. Health (< 100 ms while encoder runs
 * are queued) is printed, not enforced: on a shared machine it measures the neighbours.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type * as KitchenGenerator from '../fixtures/kitchens/kitchen-generator.js';
import type * as LoneDoor from '../fixtures/kitchens/lone-door.js';
import { probeHealth, startBenchApp, startBenchDatabase } from './bench-support.ts';
import { kitchenFixture } from './kitchen-fixtures.ts';

const TARGET = { tapP95Ms: 300, peakMb: 800, twoOverOne: 1.75 };
/** As in package.json's start scripts and docker/Dockerfile. */
const PRODUCTION_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' };
const CASES = ['taps', 'one', 'two'] as const;
type Case = (typeof CASES)[number];

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const TAPS = Number(option('taps') ?? 40);
/** `--detector=sam`: the uploads' fronts are found by the model on the taps' own embedding. */
const DETECTOR = option('detector');
const CHILD = option('child') as Case | undefined;

interface Measured {
  idleMb: number;
  peakMb: number;
  tapP95Ms?: number;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
/** This process's resident size now and at its highest, MB (Linux). */
function residentMb(): { now: number; peak: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

if (CHILD) await runCase(CHILD);
else runParent();

function runParent(): void {
  const results = {} as Record<Case, Measured>;
  for (const name of CASES) {
    const child = spawnSync(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        fileURLToPath(import.meta.url),
        `--child=${name}`,
        ...process.argv.slice(2),
      ],
      { env: { ...process.env, ...PRODUCTION_ENV }, encoding: 'utf8', stdio: 'pipe' },
    );
    const lines = child.stdout.trim().split('\n');
    const result = lines.find((line) => line.startsWith('RESULT '));
    if (child.status !== 0 || !result) {
      process.stderr.write(child.stderr);
      throw new Error(`the ${name} case failed (exit ${child.status})`);
    }
    for (const line of lines) if (line !== result) console.log(line);
    results[name] = JSON.parse(result.slice(7)) as Measured;
  }
  const rise = (name: Case) => results[name].peakMb - results[name].idleMb;
  const twoOverOne = rise('two') / rise('one');
  const peakMb = Math.max(...CASES.map((name) => results[name].peakMb));
  const tapP95Ms = results.taps.tapP95Ms!;
  console.log(
    `memory above idle, 12 MP uploads to their first tap: one ${rise('one').toFixed(0)} MB ` +
      `(idle ${results.one.idleMb.toFixed(0)}, peak ${results.one.peakMb.toFixed(0)}), two at once ` +
      `${rise('two').toFixed(0)} MB (idle ${results.two.idleMb.toFixed(0)}, peak ${results.two.peakMb.toFixed(0)}): ` +
      `${twoOverOne.toFixed(2)}× (target < ${TARGET.twoOverOne}×)`,
  );
  const verdicts = [
    [`tap p95 ${ms(tapP95Ms)} ≤ ${TARGET.tapP95Ms} ms`, tapP95Ms <= TARGET.tapP95Ms],
    [`peak ${peakMb.toFixed(0)} MB ≤ ${TARGET.peakMb} MB`, peakMb <= TARGET.peakMb],
    [
      `two at once ${twoOverOne.toFixed(2)}× < ${TARGET.twoOverOne}×`,
      twoOverOne < TARGET.twoOverOne,
    ],
  ] as const;
  for (const [what, ok] of verdicts) console.log(`${ok ? 'ok    ' : 'FAILED'} ${what}`);
  process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
}

async function runCase(name: Case): Promise<void> {
  const { generateKitchen } = await kitchenFixture<typeof KitchenGenerator>('kitchen-generator.ts');
  const { loneDoorJpeg } = await kitchenFixture<typeof LoneDoor>('lone-door.ts');
  /** A generated kitchen as a phone's JPEG, scaled up to `scaleTo` pixels wide when given. */
  async function kitchenJpeg(seed: number, width: number, height: number, scaleTo?: number) {
    const kitchen = generateKitchen(seed, width, height);
    const image = sharp(Buffer.from(kitchen.rgb), { raw: { width, height, channels: 3 } });
    return (scaleTo ? image.resize(scaleTo) : image).jpeg({ quality: 90 }).toBuffer();
  }
  // taps: a 12 MP kitchen, a 2 MP one and the lone door (the encoder always sees 1024 on the
  // long side); one, two: 12 MP kitchens.
  const photos =
    name === 'taps'
      ? [
          await kitchenJpeg(11, 1600, 1200, 4000),
          await kitchenJpeg(7, 1600, 1200),
          await loneDoorJpeg(),
        ]
      : [await kitchenJpeg(11, 1600, 1200, 4000), await kitchenJpeg(7, 1600, 1200, 4000)].slice(
          0,
          name === 'one' ? 1 : 2,
        );

  const database = await startBenchDatabase();
  const { app, base } = await startBenchApp(
    database.url,
    DETECTOR ? { VISUALIZER_DETECTOR: DETECTOR } : {},
  );
  try {
    const post = async (path: string, body: object) => {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as Record<string, unknown>;
      return { status: response.status, json, ms: performance.now() - started };
    };
    await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
    const idleMb = residentMb().now;

    const healthProbe = probeHealth(base);

    const encodeStarted = performance.now();
    const uploads = await Promise.all(
      photos.map((photo) =>
        post('/api/visualize/fronts', { kitchenImage: photo.toString('base64') }),
      ),
    );
    const ids = uploads.map((upload) => upload.json.uploadId as string);
    if (ids.some((id) => !id))
      throw new Error(`an upload got no uploadId: ${JSON.stringify(uploads.map((u) => u.status))}`);
    // The first tap on each waits for its encoder run: the last one answers once all ran.
    const firstTaps = await Promise.all(
      ids.map((uploadId) =>
        post('/api/visualize/taps', { uploadId, points: [{ x: 0.45, y: 0.55, include: true }] }),
      ),
    );
    const encodeMs = performance.now() - encodeStarted;
    const health = await healthProbe.stop();
    if (name !== 'taps') {
      console.log(`RESULT ${JSON.stringify({ idleMb, peakMb: residentMb().peak })}`);
      return;
    }

    const door = ids[ids.length - 1];
    const taps: number[] = [];
    const refused: number[] = [];
    const statuses = new Map<number, number>();
    for (let k = 0; k < TAPS; k++) {
      // Points across the photo, a box every fourth tap, a negative point every fifth.
      const x = 0.38 + ((k * 7) % 20) / 100;
      const y = 0.3 + ((k * 11) % 50) / 100;
      const body =
        k % 4 === 3
          ? { uploadId: door, box: [0.37, 0.22, 0.63, 0.86] }
          : {
              uploadId: door,
              points: [
                { x, y, include: true },
                ...(k % 5 === 4 ? [{ x: 0.3, y: 0.5, include: false }] : []),
              ],
            };
      // Each tap counts against the upload's 50.
      const answer = await post('/api/visualize/taps', body);
      taps.push(answer.ms);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      refused.push(
        (
          await post('/api/visualize/taps', {
            uploadId: door,
            points: [{ x: 2, y: 0.5, include: true }],
          })
        ).ms,
      );
    }
    const peakMb = residentMb().peak;

    console.log(
      `encoder: ${photos.length} uploads at once (12 MP, 2 MP, 0.5 MP), queued one at a time: ` +
        `all encoded and first-tapped in ${ms(encodeMs)} (statuses ${firstTaps.map((t) => t.status).join(',')})`,
    );
    console.log(
      `GET /api/health while they ran: ${health.length} probes, median ${ms(percentile(health, 0.5))}, ` +
        `p95 ${ms(percentile(health, 0.95))}, max ${ms(Math.max(...health))} (target < 100 ms)`,
    );
    console.log(
      `tap (encoder excluded), ${TAPS} taps over HTTP: median ${ms(percentile(taps, 0.5))}, ` +
        `p95 ${ms(percentile(taps, 0.95))} (target ≤ ${TARGET.tapP95Ms} ms); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.log(
      `baseline, a refused tap (validation only): median ${ms(percentile(refused, 0.5))}, p95 ${ms(percentile(refused, 0.95))}; ` +
        `tap / baseline at p95: ${(percentile(taps, 0.95) / percentile(refused, 0.95)).toFixed(1)}×`,
    );
    console.log(
      `peak resident memory of the process, model loaded: ${peakMb.toFixed(0)} MB ` +
        `(idle ${idleMb.toFixed(0)} MB; target ≤ ${TARGET.peakMb} MB)`,
    );
    const tapP95Ms = percentile(taps, 0.95);
    console.log(`RESULT ${JSON.stringify({ idleMb, peakMb, tapP95Ms })}`);
  } finally {
    await app.close();
    await database.stop();
  }
}
