/**
 * What keeping kitchen photos and renders in an S3-compatible bucket adds to a render, against
 * this machine's disk (docs/decisions/0109-file-store.md). Two apps on one embedded PostgreSQL,
 * one with S3_* pointing at an s3rver on loopback, render a 12 MP photo in turns (disk, bucket,
 * disk, ...): each render's time is POST /api/visualize (which stores the photo and the render)
 * plus the GET of the render it answers with. The verdict is the median of each pair's ratio:
 * on a shared machine the host's speed drifts within a minute.
 *
 *   npm run bench -- s3-render
 *   npm run build:server && node test/bench/s3-render.bench.ts [pairs] [--photo-mp=<n>]
 *
 * Target: the bucket adds at most 15 % to the render's time; exits 1 above it.
 */
import sharp from 'sharp';
import type * as KitchenGenerator from '../fixtures/kitchens/kitchen-generator.js';
import { startTestS3 } from '../support/s3-server.ts';
import { startBenchApp, startBenchDatabase } from './bench-support.ts';
import { kitchenFixture } from './kitchen-fixtures.ts';

const args = process.argv.slice(2);
const PAIRS = Number(args.find((arg) => !arg.startsWith('-')) ?? 6);
const MEGAPIXELS = Number(args.find((arg) => arg.startsWith('--photo-mp='))?.slice(11) ?? 12);
const TARGET_ADDED = 0.15;

const { generateKitchen } = await kitchenFixture<typeof KitchenGenerator>('kitchen-generator.ts');

/** A generated kitchen at a phone camera's 4:3, as the phone would upload it. */
async function photo(): Promise<string> {
  const width = Math.round(Math.sqrt((MEGAPIXELS * 1e6 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const kitchen = generateKitchen(7, width, height);
  const jpeg = await sharp(Buffer.from(kitchen.rgb), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return jpeg.toString('base64');
}

/** One render stored and served back: milliseconds, and the render's size. */
async function renderAndFetch(base: string, body: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  // No cookie: every render a new visitor's, so none is a free re-render.
  const made = await fetch(`${base}/api/visualize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  if (made.status !== 200) throw new Error(`render answered ${made.status}: ${await made.text()}`);
  const { imageUrl } = (await made.json()) as { imageUrl: string };
  const served = await fetch(base + imageUrl);
  if (served.status !== 200) throw new Error(`the render answered ${served.status}`);
  const bytes = (await served.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main(): Promise<void> {
  const { PatternCatalogue } = await import('#src/modules/patterns/index.js');
  const database = await startBenchDatabase();
  const s3 = await startTestS3('kk-bench');
  try {
    const env = { VISUALIZER_IP_DAILY_LIMIT: '10000', VISUALIZER_TAP_MODEL: 'off' };
    const apps = {
      disk: await startBenchApp(database.url, env),
      bucket: await startBenchApp(database.url, { ...env, ...s3.env }),
    };
    try {
      const body = JSON.stringify({ kitchenImage: await photo(), patternId: 'NH10' });
      for (const { app, base } of Object.values(apps)) {
        await app.get(PatternCatalogue).texture('NH10');
        await renderAndFetch(base, body); // warm-up: workers started, code paths compiled
      }
      const times = { disk: [] as number[], bucket: [] as number[] };
      const ratios: number[] = [];
      let renderBytes = 0;
      for (let pair = 0; pair < PAIRS; pair++) {
        // Which goes first alternates, so neither always follows the other's garbage.
        const order =
          pair % 2 === 0 ? (['disk', 'bucket'] as const) : (['bucket', 'disk'] as const);
        const measured = { disk: 0, bucket: 0 };
        for (const name of order) {
          const { ms, bytes } = await renderAndFetch(apps[name].base, body);
          measured[name] = ms;
          times[name].push(ms);
          renderBytes = bytes;
        }
        ratios.push(measured.bucket / measured.disk);
        console.log(
          `pair ${pair + 1}: disk ${measured.disk.toFixed(0)} ms, bucket ${measured.bucket.toFixed(0)} ms`,
        );
      }
      const added = median(ratios) - 1;
      const verdict = added <= TARGET_ADDED ? 'PASS' : 'FAIL';
      console.log(
        `${MEGAPIXELS} MP photo (${(body.length / 1e6).toFixed(1)} MB as base64, render ` +
          `${(renderBytes / 1e6).toFixed(1)} MB): median disk ${median(times.disk).toFixed(0)} ms, ` +
          `bucket ${median(times.bucket).toFixed(0)} ms`,
      );
      console.log(
        `the S3 bucket on loopback adds ${(added * 100).toFixed(1)} % to a render stored and served ` +
          `(median of ${PAIRS} pairs' ratios; target <= ${TARGET_ADDED * 100} %) ${verdict}`,
      );
      if (verdict === 'FAIL') process.exitCode = 1;
    } finally {
      await Promise.all(Object.values(apps).map(({ app }) => app.close()));
    }
  } finally {
    await s3.close();
    await database.stop();
  }
}

await main();
