/**
 * Tap-to-segment (docs/decisions/0108-tap-segmentation-model.md) against the production app:
 *
 * - three uploads at once (POST /api/visualize/fronts), so their encoder runs queue one behind
 *   the other, while a probe times GET /api/health every 50 ms;
 * - then taps on an encoded upload over HTTP (the encoder excluded), side by side with a refused
 *   tap (same route, validation only) as the baseline of the HTTP round trip;
 * - the process's peak resident memory with the model loaded (app, workers and all).
 *
 *   npm run bench -- tap-segment            (or: npm run build:server && node test/bench/tap-segment.bench.ts)
 *   ... --taps=60                           taps measured (default 40)
 *   ... --detector=sam                      fronts found by the model too (one encoder run each)
 *
 * Targets: a tap ≤ 300 ms p95, peak ≤ 800 MB, health < 100 ms while encoder runs are queued.
 */
import sharp from 'sharp';
import type * as KitchenGenerator from '../fixtures/kitchens/kitchen-generator.js';
import type * as LoneDoor from '../fixtures/kitchens/lone-door.js';
import { startBenchApp, startBenchDatabase } from './bench-support.ts';
import { kitchenFixture } from './kitchen-fixtures.ts';

const { generateKitchen } = await kitchenFixture<typeof KitchenGenerator>('kitchen-generator.ts');
const { loneDoorJpeg } = await kitchenFixture<typeof LoneDoor>('lone-door.ts');

const TAPS = Number(process.argv.find((arg) => arg.startsWith('--taps='))?.slice(7) ?? 40);
const UPLOADS_AT_ONCE = 3;
/** `--detector=sam`: the uploads' fronts are found by the model on the taps' own embedding. */
const DETECTOR = process.argv.find((arg) => arg.startsWith('--detector='))?.slice(11);

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
};
/** A generated kitchen as a phone's JPEG, scaled up to `scaleTo` pixels wide when given. */
async function kitchenJpeg(seed: number, width: number, height: number, scaleTo?: number) {
  const kitchen = generateKitchen(seed, width, height);
  const image = sharp(Buffer.from(kitchen.rgb), { raw: { width, height, channels: 3 } });
  return (scaleTo ? image.resize(scaleTo) : image).jpeg({ quality: 90 }).toBuffer();
}
const ms = (value: number) => `${value.toFixed(0)} ms`;

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

  // A 12 MP kitchen, a 2 MP one and the lone door: the encoder always sees 1024 on the long side.
  const photos = [
    await kitchenJpeg(11, 1600, 1200, 4000),
    await kitchenJpeg(7, 1600, 1200),
    await loneDoorJpeg(),
  ].slice(0, UPLOADS_AT_ONCE);

  const health: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const encodeStarted = performance.now();
  const uploads = await Promise.all(
    photos.map((photo) =>
      post('/api/visualize/fronts', { kitchenImage: photo.toString('base64') }),
    ),
  );
  const ids = uploads.map((upload) => upload.json.uploadId as string);
  if (ids.some((id) => !id))
    throw new Error(`an upload got no uploadId: ${JSON.stringify(uploads.map((u) => u.status))}`);
  // The first tap on each waits for its encoder run: the last one answers once all three ran.
  const firstTaps = await Promise.all(
    ids.map((uploadId) =>
      post('/api/visualize/taps', { uploadId, points: [{ x: 0.45, y: 0.55, include: true }] }),
    ),
  );
  const encodeMs = performance.now() - encodeStarted;
  probing = false;
  await probe;
  const healthWhileEncoding = [...health];

  const door = ids[UPLOADS_AT_ONCE - 1];
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
    // Each tap counts against the upload's 50; past them a new upload is opened.
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
  const peakMb = process.resourceUsage().maxRSS / 1024;

  console.log(
    `encoder: ${UPLOADS_AT_ONCE} uploads at once (12 MP, 2 MP, 0.5 MP), queued one at a time: ` +
      `all encoded and first-tapped in ${ms(encodeMs)} (statuses ${firstTaps.map((t) => t.status).join(',')})`,
  );
  console.log(
    `GET /api/health while they ran: ${healthWhileEncoding.length} probes, median ${ms(percentile(healthWhileEncoding, 0.5))}, ` +
      `p95 ${ms(percentile(healthWhileEncoding, 0.95))}, max ${ms(Math.max(...healthWhileEncoding))} ` +
      `(target < 100 ms)`,
  );
  console.log(
    `tap (encoder excluded), ${TAPS} taps over HTTP: median ${ms(percentile(taps, 0.5))}, ` +
      `p95 ${ms(percentile(taps, 0.95))} (target ≤ 300 ms); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  console.log(
    `baseline, a refused tap (validation only): median ${ms(percentile(refused, 0.5))}, p95 ${ms(percentile(refused, 0.95))}; ` +
      `tap / baseline at p95: ${(percentile(taps, 0.95) / percentile(refused, 0.95)).toFixed(1)}×`,
  );
  console.log(
    `peak resident memory of the process, model loaded: ${peakMb.toFixed(0)} MB (target ≤ 800 MB)`,
  );
} finally {
  await app.close();
  await database.stop();
}
